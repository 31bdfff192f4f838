import type { Role } from '@crimsonhost/shared/constants';
import type { TestContext } from '../app';
import { totpAt } from '../../src/modules/auth/totp';
import { createUser } from '../factories';

let address = 0;

/**
 * A signed-in account of `role` (a renter by default), with the headers of its calls: for support
 * and admin, a token of the staff area (`webHeaders` holds the storefront's).
 */
export async function signedIn(ctx: TestContext, role: Role = 'user', displayName?: string) {
  const user = await createUser(ctx.database.db, { role, displayName });
  address += 1;
  const login = await ctx.request({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: user.email, password: user.password },
    remoteAddress: `10.9.${Math.floor(address / 250)}.${address % 250}`,
  });
  const token = login.json<{ data: { tokens: { access_token: string } } }>().data.tokens
    .access_token;
  const webHeaders = { authorization: `Bearer ${token}` };
  if (role !== 'support' && role !== 'admin') return { user, headers: webHeaders, webHeaders };
  // Staff work in the staff area, whose tokens carry its client kind and need a second factor.
  const { secret, token: staff } = await enrolStaffFactor(ctx, webHeaders, role);
  return { user, headers: { authorization: `Bearer ${staff}` }, webHeaders, totpSecret: secret };
}

/** Sets up the staff second factor of a signed-in staff account: answers the secret and token. */
export async function enrolStaffFactor(
  ctx: TestContext,
  webHeaders: Record<string, string>,
  role: 'support' | 'admin',
) {
  const enrol = await ctx.request({
    method: 'POST',
    url: '/api/auth/staff/factor/enrol',
    headers: webHeaders,
    payload: {},
  });
  if (enrol.statusCode !== 200) throw new Error(`enrol: ${enrol.body}`);
  const { secret } = enrol.json<{ data: { secret: string } }>().data;
  const code = totpAt(secret, new Date());
  const confirm = await ctx.request({
    method: 'POST',
    url: '/api/auth/staff/factor/confirm',
    headers: webHeaders,
    payload: { client: role === 'admin' ? 'ADMIN' : 'SUPPORT', code },
  });
  if (confirm.statusCode !== 200) throw new Error(`confirm: ${confirm.body}`);
  const { token, backupCodes } = confirm.json<{
    data: { token: { access_token: string }; backupCodes: string[] };
  }>().data;
  return { secret, code, token: token.access_token, backupCodes };
}

export const TICKET = {
  subject: 'My server does not start',
  category: 'TECHNICAL',
  message: 'I pressed Start twice and it stays in starting for ten minutes.',
} as const;

/** Opens a ticket as the user of `headers`; answers its detail. */
export async function openTicket(
  ctx: TestContext,
  headers: Record<string, string>,
  overrides: Record<string, unknown> = {},
) {
  const response = await ctx.request({
    method: 'POST',
    url: '/api/support/tickets',
    headers,
    payload: { ...TICKET, ...overrides },
  });
  if (response.statusCode !== 201) {
    throw new Error(`opening a ticket answered ${response.statusCode}: ${response.body}`);
  }
  return response.json<{ data: { id: string; number: number; status: string } }>().data;
}
