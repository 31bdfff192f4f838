import { http, HttpResponse } from 'msw';
import type {
  AdminUser,
  AdminUserDetail,
  AuditEntry,
  UserPenalty,
} from '@crimsonhost/shared/admin';
import type { HistoryPageMeta } from '@crimsonhost/shared/envelope';
import type { TicketSummary } from '@crimsonhost/shared/support';
import { buildUser } from '../../../test/auth-fixtures';
import { historyPage } from '../../../test/history-page';
import { server } from '../../../test/msw-server';
import { buildRental } from '../../../test/rental-fixtures';
import { buildTransaction, buildWallet } from '../../../test/wallet-fixtures';

/** The demo admin, as the staff area's tests sign in. */
export const ADMIN_USER = buildUser({
  id: '60000000-0000-4000-8000-000000000010',
  email: 'admin@crimsonhost.demo',
  displayName: 'Demo Admin',
  role: 'admin',
});

let next = 0;
const uuid = (prefix: string) =>
  `${prefix}0000000-0000-4000-8000-${String(++next).padStart(12, '0')}`;

/** An account as GET /api/admin/users lists it: an active customer, signed in the day before. */
export function buildAdminUser(overrides: Partial<AdminUser> = {}): AdminUser {
  return {
    id: uuid('b'),
    email: `renter${next}@example.com`,
    displayName: `Renter ${next}`,
    role: 'user',
    status: 'active',
    suspendedUntil: null,
    statusReason: null,
    authProvider: 'local',
    emailVerified: true,
    signInLocked: false,
    staffFactorEnrolled: false,
    createdAt: '2026-03-01T09:00:00.000Z',
    lastLoginAt: '2026-11-19T18:45:00.000Z',
    ...overrides,
  };
}

export function buildPenalty(overrides: Partial<UserPenalty> = {}): UserPenalty {
  return {
    id: uuid('c'),
    penalty: 'warning',
    reason: 'Abusive messages to support',
    endsAt: null,
    issuedAt: '2026-10-02T11:00:00.000Z',
    issuedBy: { id: ADMIN_USER.id, name: ADMIN_USER.displayName },
    liftedAt: null,
    liftReason: null,
    ...overrides,
  };
}

export function buildTicketSummary(overrides: Partial<TicketSummary> = {}): TicketSummary {
  return {
    id: uuid('d'),
    number: 1042,
    subject: 'Refund for a cancelled rental',
    status: 'OPEN',
    priority: 'NORMAL',
    category: 'BILLING',
    createdAt: '2026-11-18T08:00:00.000Z',
    lastActivityAt: '2026-11-18T09:30:00.000Z',
    unread: false,
    ...overrides,
  };
}

/** GET /api/admin/users/:id of `user`: something in every section unless told otherwise. */
export function buildUserDetail(
  user: AdminUser = buildAdminUser(),
  overrides: Partial<AdminUserDetail> = {},
): AdminUserDetail {
  return {
    user,
    penalties: [buildPenalty()],
    signIns: [
      {
        at: '2026-11-19T18:45:00.000Z',
        ip: '203.0.113.24',
        userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0',
        clientKind: 'WEB',
        method: 'password',
      },
    ],
    sessions: [
      {
        id: uuid('e'),
        startedAt: '2026-11-19T18:45:00.000Z',
        lastUsedAt: '2026-11-20T07:10:00.000Z',
        expiresAt: '2026-11-20T18:45:00.000Z',
        ip: '198.51.100.7',
        userAgent: 'Mozilla/5.0 (iPhone) Safari/604.1',
      },
    ],
    wallet: buildWallet(),
    rentals: [buildRental({ server: { ...buildRental().server, name: 'Frankfurt Rust #2' } })],
    transactions: [buildTransaction({ description: 'Deposit via Tron (TRC20)' })],
    tickets: [buildTicketSummary()],
    ...overrides,
  };
}

/** GET /api/admin/users answering `users`; every asked URL is recorded. */
export function serveUsers(users: AdminUser[], total = users.length) {
  const asked: URL[] = [];
  server.use(
    http.get('/api/admin/users', ({ request }) => {
      const url = new URL(request.url);
      asked.push(url);
      return HttpResponse.json({
        data: users,
        meta: {
          page: Number(url.searchParams.get('page') ?? 1),
          pageSize: Number(url.searchParams.get('pageSize') ?? 20),
          total,
        },
      });
    }),
  );
  return { asked };
}

/** What an action on an account was sent: its path after the id, and its body. */
export interface SentAction {
  action: string;
  body: unknown;
}

/**
 * GET /api/admin/users/:id answering `detail` (counted), and the admin actions on it, each
 * recorded and answered with `answer` (the account as the action left it) unless it returns a
 * Response of its own (a refusal).
 */
export function serveUserDetail(
  detail: AdminUserDetail,
  answer: (sent: SentAction) => AdminUser | Response = () => detail.user,
) {
  const reads: number[] = [];
  const sent: SentAction[] = [];
  const path = `/api/admin/users/${detail.user.id}`;
  server.use(
    http.get(path, () => {
      reads.push(Date.now());
      return HttpResponse.json({ data: detail });
    }),
    // One segment (`/role`) or two (`/staff-factor/reset`).
    http.post(`${path}/*`, async ({ params, request }) => {
      const action: SentAction = { action: String(params[0]), body: await request.json() };
      sent.push(action);
      const result = answer(action);
      return result instanceof Response ? result : HttpResponse.json({ data: result });
    }),
  );
  return { reads, sent };
}

export function buildAuditEntry(overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id: uuid('f'),
    at: '2026-11-20T10:15:00.000Z',
    actor: { id: ADMIN_USER.id, name: ADMIN_USER.displayName, email: ADMIN_USER.email },
    clientKind: 'ADMIN',
    ip: '192.0.2.10',
    action: 'user.role_changed',
    targetType: 'user',
    targetId: '60000000-0000-4000-8000-000000000042',
    targetLabel: 'ada@example.com',
    before: { role: 'user' },
    after: { role: 'vendor' },
    ...overrides,
  };
}

/**
 * GET /api/admin/audit: `pages(url)` gives the lines and the meta of each asked URL (all
 * recorded); by default `entries` on one page.
 */
export function serveAudit(
  entries: AuditEntry[],
  pages: (url: URL) => { entries: AuditEntry[]; meta?: Partial<HistoryPageMeta> } = () => ({
    entries,
  }),
) {
  const asked: URL[] = [];
  server.use(
    http.get('/api/admin/audit', ({ request }) => {
      const url = new URL(request.url);
      asked.push(url);
      const page = pages(url);
      return HttpResponse.json(historyPage(page.entries, page.meta));
    }),
  );
  return { asked };
}
