// Who may call what: every route of the API, read from its OpenAPI document, is listed here with
// the audience it serves, and each audience is tried against it. A new route that is not listed
// fails this test until someone says who may call it.
import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@crimsonhost/shared/constants';
import { createTestApp, type TestContext } from './app';
import { signedIn } from './support/support-fixture';

/**
 * public: anyone; user: any signed-in account; vendor: the vendor role only; staff: support and
 * admin; admin: admin only.
 */
type Audience = 'public' | 'user' | 'vendor' | 'staff' | 'admin';

const MATRIX: Record<string, Audience> = {
  'GET /api/health': 'public',
  'GET /api/servers': 'public',
  'GET /api/servers/{id}': 'public',
  'GET /api/games': 'public',
  'GET /api/regions': 'public',
  'GET /api/auth/csrf': 'public',
  'GET /api/auth/providers': 'public',
  'POST /api/auth/register': 'public',
  'POST /api/auth/login': 'public',
  'POST /api/auth/refresh': 'public',
  'GET /api/auth/profile': 'user',
  'PATCH /api/auth/profile': 'user',
  'POST /api/auth/logout': 'user',
  'POST /api/auth/logout-all': 'user',
  'GET /api/auth/sessions': 'user',
  'DELETE /api/auth/sessions/{id}': 'user',
  'POST /api/auth/sessions/sign-out-others': 'user',
  'GET /api/account/export': 'user',
  'GET /api/account/notifications': 'user',
  'GET /api/benefits': 'public',
  'GET /api/benefits/me': 'user',
  'PATCH /api/account/notifications': 'user',
  'POST /api/account/delete': 'user',
  'POST /api/account/discord/unlink': 'user',
  'POST /api/auth/client-token': 'staff',
  'POST /api/auth/change-password': 'user',
  'POST /api/auth/recovery-codes': 'user',
  'POST /api/auth/forgot-password': 'public',
  'POST /api/auth/reset-password': 'public',
  'POST /api/auth/verify-email': 'public',
  'POST /api/auth/verify-email/resend': 'user',
  'POST /api/auth/recovery': 'public',
  'GET /api/auth/discord/start': 'public',
  'POST /api/auth/discord/callback': 'public',
  'POST /api/auth/discord/link-start': 'user',
  'POST /api/auth/discord/link': 'public',
  'GET /api/wallet/deposit-config': 'public',
  'GET /api/wallet': 'user',
  'GET /api/wallet/transactions': 'user',
  'GET /api/wallet/transactions/{id}': 'user',
  'POST /api/wallet/deposits': 'user',
  'GET /api/wallet/deposits/{transactionId}/status': 'user',
  'POST /api/wallet/deposits/{transactionId}/cancel': 'user',
  'POST /api/wallet/paypal/orders': 'user',
  'GET /api/wallet/paypal/orders/{orderId}': 'user',
  'POST /api/wallet/paypal/orders/{orderId}/capture': 'user',
  'POST /api/wallet/paypal/orders/{orderId}/cancel': 'user',
  'POST /api/payments/paypal/webhook': 'public',
  'GET /api/admin/paypal/payments': 'staff',
  'GET /api/admin/paypal/payments/{transactionId}': 'staff',
  'POST /api/admin/paypal/payments/{transactionId}/refunds': 'admin',
  'GET /api/admin/paypal/reconciliation': 'staff',
  'POST /api/rentals': 'user',
  'GET /api/rentals': 'user',
  'GET /api/rentals/{id}': 'user',
  'POST /api/rentals/{id}/extend': 'user',
  'POST /api/rentals/{id}/cancel': 'user',
  'POST /api/rentals/{id}/power': 'user',
  'POST /api/rentals/{id}/dispute': 'user',
  'GET /api/rentals/{id}/messages': 'user',
  'POST /api/rentals/{id}/messages': 'user',
  'GET /api/vendor/rentals/{id}/messages': 'vendor',
  'POST /api/vendor/rentals/{id}/messages': 'vendor',
  'GET /api/admin/rentals/{id}/messages': 'staff',
  'GET /api/vendor/disputes': 'vendor',
  'GET /api/vendor/disputes/{id}': 'vendor',
  'POST /api/vendor/disputes/{id}/messages': 'vendor',
  'POST /api/admin/disputes/{id}/decline': 'staff',
  'POST /api/admin/disputes/{id}/decide': 'staff',
  'GET /api/admin/disputes/{id}/evidence': 'staff',
  'GET /api/admin/moderation/flags': 'staff',
  'GET /api/admin/moderation/flags/{id}': 'staff',
  'POST /api/admin/moderation/flags/{id}/claim': 'staff',
  'POST /api/admin/moderation/flags/{id}/decide': 'staff',
  'POST /api/admin/moderation/flags': 'staff',
  'POST /api/vendor/rentals/{id}/report': 'vendor',
  'GET /api/admin/moderation/appeals': 'staff',
  'POST /api/admin/moderation/appeals/{id}/decide': 'staff',
  'GET /api/appeals/{token}': 'public',
  'POST /api/appeals/{token}': 'public',
  'GET /api/support/tickets': 'user',
  'POST /api/support/tickets': 'user',
  'GET /api/support/tickets/{id}': 'user',
  'POST /api/support/tickets/{id}/messages': 'user',
  'POST /api/support/tickets/{id}/close': 'user',
  'POST /api/support/tickets/{id}/rating': 'user',
  'GET /api/support/settings': 'user',
  'PUT /api/support/settings': 'user',
  'GET /api/support/faq': 'public',
  'GET /api/support/faq/suggestions': 'public',
  'GET /api/support/faq/articles/{slug}': 'public',
  'POST /api/support/faq/articles/{id}/votes': 'public',
  'POST /api/support/faq/articles/{id}/deflections': 'public',
  'POST /api/support/attachments': 'user',
  'POST /api/support/guest-tickets': 'public',
  'POST /api/support/guest-links': 'public',
  'GET /api/support/guest/tickets/{id}': 'public',
  'POST /api/support/guest/tickets/{id}/messages': 'public',
  'POST /api/support/guest/tickets/{id}/close': 'public',
  'POST /api/admin/support/tickets/{id}/guest-links/revoke': 'staff',
  'GET /api/support/attachments/{id}': 'user',
  'GET /api/admin/support/tickets': 'staff',
  'GET /api/admin/support/stats': 'staff',
  'GET /api/admin/support/agents': 'staff',
  'POST /api/admin/support/tickets/bulk-status': 'staff',
  'GET /api/admin/support/tickets/{id}': 'staff',
  'POST /api/admin/support/tickets/{id}/claim': 'staff',
  'POST /api/admin/support/tickets/{id}/assign': 'staff',
  'POST /api/admin/support/tickets/{id}/status': 'staff',
  'POST /api/admin/support/tickets/{id}/priority': 'staff',
  'POST /api/admin/support/tickets/{id}/messages': 'staff',
  'POST /api/admin/support/tickets/{id}/typing': 'staff',
  'GET /api/admin/support/canned-replies': 'staff',
  'POST /api/admin/support/canned-replies': 'staff',
  'PUT /api/admin/support/canned-replies/{id}': 'staff',
  'DELETE /api/admin/support/canned-replies/{id}': 'staff',
  'GET /api/admin/support/faq': 'staff',
  'POST /api/admin/support/faq/categories': 'staff',
  'PUT /api/admin/support/faq/categories/{id}': 'staff',
  'POST /api/admin/support/faq/categories/reorder': 'staff',
  'POST /api/admin/support/faq/categories/{id}/articles/reorder': 'staff',
  'POST /api/admin/support/faq/articles': 'staff',
  'PUT /api/admin/support/faq/articles/{id}': 'staff',
  'GET /api/auth/staff/factor': 'staff',
  'POST /api/auth/staff/factor/enrol': 'staff',
  'POST /api/auth/staff/factor/confirm': 'staff',
  'POST /api/auth/staff/sign-out': 'staff',
  'GET /api/admin/overview': 'admin',
  'GET /api/admin/users': 'staff',
  'GET /api/admin/users/{id}': 'staff',
  'POST /api/admin/users/{id}/role': 'admin',
  'POST /api/admin/users/{id}/penalties': 'admin',
  'POST /api/admin/users/{id}/lift': 'admin',
  'POST /api/admin/users/{id}/unlock': 'admin',
  'POST /api/admin/users/{id}/sign-out': 'admin',
  'POST /api/admin/users/{id}/password-reset': 'admin',
  'POST /api/admin/users/{id}/staff-factor/reset': 'admin',
  'GET /api/admin/audit': 'admin',
  'GET /api/admin/ledger/accounts': 'admin',
  'GET /api/admin/ledger/accounts/{id}/entries': 'admin',
  'GET /api/admin/ledger/transactions/{id}': 'admin',
  'POST /api/admin/ledger/check': 'admin',
  'GET /api/admin/settings': 'admin',
  'PUT /api/admin/settings/deposits': 'admin',
  'PUT /api/admin/settings/commission': 'admin',
  'PUT /api/admin/settings/sla': 'admin',
  'PUT /api/admin/settings/tiers': 'admin',
  'GET /api/admin/settings/history': 'admin',
  'GET /api/admin/deposits': 'staff',
  'GET /api/admin/deposits/{id}': 'staff',
  'POST /api/admin/deposits/{id}/transfers/{transferId}/credit': 'admin',
  'GET /api/vendor/application': 'user',
  'POST /api/vendor/applications': 'user',
  'GET /api/vendor/earnings': 'vendor',
  'GET /api/vendor/earnings/movements': 'vendor',
  'GET /api/vendor/payouts/standing': 'vendor',
  'GET /api/vendor/payouts': 'vendor',
  'POST /api/vendor/payouts': 'vendor',
  'POST /api/vendor/payouts/{id}/cancel': 'vendor',
  'PUT /api/vendor/payout-addresses': 'vendor',
  'GET /api/vendor/listings': 'vendor',
  'POST /api/vendor/listings': 'vendor',
  'GET /api/vendor/listings/{id}': 'vendor',
  'PUT /api/vendor/listings/{id}': 'vendor',
  'DELETE /api/vendor/listings/{id}': 'vendor',
  'POST /api/vendor/listings/{id}/pause': 'vendor',
  'POST /api/vendor/listings/{id}/resume': 'vendor',
  'PUT /api/vendor/listings/{id}/image': 'vendor',
  'DELETE /api/vendor/listings/{id}/image': 'vendor',
  'GET /api/vendor/overview': 'vendor',
  'GET /api/vendor/rentals': 'vendor',
  'GET /api/vendor/listings/{id}/panel': 'vendor',
  'GET /api/vendor/listings/{id}/panel/demo': 'vendor',
  'PUT /api/vendor/listings/{id}/panel': 'vendor',
  'DELETE /api/vendor/listings/{id}/panel': 'vendor',
  'POST /api/vendor/listings/{id}/panel/test': 'vendor',
  'GET /api/vendor/panel-errors': 'vendor',
  'GET /api/listing-images/{id}/{version}': 'public',
  'GET /api/admin/vendors': 'staff',
  'GET /api/admin/vendors/{id}': 'staff',
  'POST /api/admin/vendors/{id}/application': 'admin',
  'POST /api/admin/vendors/{id}/status': 'admin',
  'GET /api/admin/payouts': 'staff',
  'GET /api/admin/payouts/{id}': 'staff',
  'POST /api/admin/payouts/{id}/transaction': 'admin',
  'POST /api/admin/payouts/{id}/reject': 'admin',
  // Only with TEST_CLOCK, which the matrix's app turns on (decision 042).
  'GET /api/admin/test-clock': 'admin',
  'POST /api/admin/test-clock/advance': 'admin',
  'POST /api/admin/test-clock/reset': 'admin',
};

const STAFF_SIGN_OUT = 'POST /api/auth/staff/sign-out';

let ctx: TestContext;
const headersOf: Partial<Record<Role, Record<string, string>>> = {};
/** The storefront's tokens of each role. */
const webHeadersOf: Partial<Record<Role, Record<string, string>>> = {};

beforeAll(async () => {
  ctx = await createTestApp({ TEST_CLOCK: 'true' });
  for (const role of ['user', 'vendor', 'support', 'admin'] as const) {
    const account = await signedIn(ctx, role);
    headersOf[role] = account.headers;
    webHeadersOf[role] = account.webHeaders;
  }
});
afterAll(() => ctx.close());

function routesOfTheApi(): string[] {
  const spec = ctx.app.swagger() as { paths: Record<string, Record<string, unknown>> };
  return Object.entries(spec.paths).flatMap(([path, methods]) =>
    Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
  );
}

/** Calls a route with made-up path parameters and an empty body, as `headers`. */
function call(route: string, headers: Record<string, string> = {}) {
  const [method, path] = route.split(' ') as [InjectOptions['method'], string];
  const url = path.replace(/\{[^}]+\}/g, () => randomUUID());
  const write = method !== 'GET';
  return ctx.request({
    method,
    url,
    headers,
    ...(write ? { payload: {} } : {}),
  });
}

describe('the authorization matrix', () => {
  it('lists every route of the API, and nothing that is gone', () => {
    const routes = routesOfTheApi();
    expect(routes.filter((route) => !(route in MATRIX))).toEqual([]);
    expect(Object.keys(MATRIX).filter((route) => !routes.includes(route))).toEqual([]);
  });

  it('answers 401 to a visitor on every route that needs an account', async () => {
    for (const [route, audience] of Object.entries(MATRIX)) {
      const response = await call(route);
      if (audience === 'public') expect([401, 403], route).not.toContain(response.statusCode);
      else expect(response.statusCode, route).toBe(401);
    }
  });

  it('answers 403 to renters and vendors on every staff route, and lets support and admin in', async () => {
    for (const [route, audience] of Object.entries(MATRIX)) {
      if (audience !== 'staff') continue;
      for (const role of ['user', 'vendor'] as const) {
        const response = await call(route, headersOf[role]);
        expect(response.statusCode, `${role} ${route}`).toBe(403);
        expect(response.json().error.code).toBe('FORBIDDEN');
      }
      // Ending the staff sign-in would lock the rest of the loop out; test/admin covers it.
      if (route === STAFF_SIGN_OUT) continue;
      for (const role of ['support', 'admin'] as const) {
        const response = await call(route, headersOf[role]);
        expect([401, 403], `${role} ${route}`).not.toContain(response.statusCode);
        expect(response.statusCode, `${role} ${route}`).toBeLessThan(500);
      }
    }
  });

  it('answers 403 to everyone but vendors on every vendor route, and lets vendors in', async () => {
    for (const [route, audience] of Object.entries(MATRIX)) {
      if (audience !== 'vendor') continue;
      for (const role of ['user', 'support', 'admin'] as const) {
        for (const headers of [webHeadersOf[role], headersOf[role]]) {
          const response = await call(route, headers);
          expect(response.statusCode, `${role} ${route}`).toBe(403);
        }
      }
      // Made-up ids answer 404 and empty bodies 400; a vendor is never refused the route itself.
      const response = await call(route, headersOf.vendor);
      expect(response.statusCode, `vendor ${route}`).not.toBe(401);
      expect(response.statusCode, `vendor ${route}`).toBeLessThan(500);
      if (response.statusCode === 403) {
        // The matrix's vendor has no vendor record: writes say the vendor account is not active.
        expect(response.json().error.code, `vendor ${route}`).toBe('VENDOR_NOT_ACTIVE');
      }
    }
  });

  it('answers 403 to everyone but admin on every admin route, and lets admin in', async () => {
    for (const [route, audience] of Object.entries(MATRIX)) {
      if (audience !== 'admin') continue;
      for (const role of ['user', 'vendor', 'support'] as const) {
        const response = await call(route, headersOf[role]);
        expect(response.statusCode, `${role} ${route}`).toBe(403);
        expect(response.json().error.code, `${role} ${route}`).toBe('FORBIDDEN');
      }
      const response = await call(route, headersOf.admin);
      expect([401, 403], `admin ${route}`).not.toContain(response.statusCode);
      expect(response.statusCode, `admin ${route}`).toBeLessThan(500);
    }
  });

  it("refuses the staff area's routes a storefront token of support or admin", async () => {
    for (const [route, audience] of Object.entries(MATRIX)) {
      if (audience === 'public' || audience === 'user' || audience === 'vendor') continue;
      if (!route.includes('/api/admin/')) continue;
      for (const role of ['support', 'admin'] as const) {
        const response = await call(route, webHeadersOf[role]);
        expect(response.statusCode, `${role} ${route}`).toBe(403);
        expect(response.json().error.code).toBe('STAFF_CLIENT_REQUIRED');
      }
    }
  });

  it('issues a staff-area token only of the kind that matches the role', async () => {
    const ask = (role: Role, client: string) =>
      ctx.request({
        method: 'POST',
        url: '/api/auth/client-token',
        headers: webHeadersOf[role],
        payload: { client },
      });
    expect((await ask('support', 'SUPPORT')).json().data.client).toBe('SUPPORT');
    expect((await ask('admin', 'ADMIN')).json().data.client).toBe('ADMIN');
    expect((await ask('support', 'ADMIN')).statusCode).toBe(403);
    expect((await ask('user', 'SUPPORT')).statusCode).toBe(403);
    expect((await ask('vendor', 'ADMIN')).statusCode).toBe(403);
  });

  it('lets every signed-in role through the routes for any account', async () => {
    for (const [route, audience] of Object.entries(MATRIX)) {
      if (audience !== 'user' || route.includes('logout')) continue;
      for (const role of ['user', 'vendor', 'support', 'admin'] as const) {
        const response = await call(route, headersOf[role]);
        expect([401, 403], `${role} ${route}`).not.toContain(response.statusCode);
        expect(response.statusCode, `${role} ${route}`).toBeLessThan(500);
      }
    }
  });
});
