// Becoming a vendor (issue 16 points 1 and 2): the application and its checks, the admin's
// decision with its role change, audit record and mail, and status changes with their reasons.
import { sql } from 'drizzle-orm';
import { getAddress } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { hexToTron } from '../../src/modules/chains/addresses';
import { createTestApp, type TestContext } from '../app';
import { signedIn } from '../support/support-fixture';

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof signedIn>>;
let support: Awaited<ReturnType<typeof signedIn>>;

/** A real Tron address (base58check of 0x41 and 20 bytes) and a checksummed EVM address. */
const TRON = hexToTron(`41${'7a'.repeat(20)}`);
const EVM = getAddress(`0x${'ab12'.repeat(10)}`);

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signedIn(ctx, 'admin', 'Ada Admin');
  support = await signedIn(ctx, 'support', 'Sam Support');
});
afterAll(() => ctx.close());

const application = (overrides: Record<string, unknown> = {}) => ({
  displayName: 'Blocky Hosting',
  contactEmail: 'Sales@Blocky.example',
  games: ['minecraft', 'rust', 'minecraft'],
  regions: ['fra', 'nyc'],
  payoutAddresses: { TRC20: TRON, ERC20: EVM },
  acceptTerms: true,
  ...overrides,
});

const apply = (headers: Record<string, string>, payload: Record<string, unknown>) =>
  ctx.request({ method: 'POST', url: '/api/vendor/applications', headers, payload });
const standing = (headers: Record<string, string>) =>
  ctx.request({ method: 'GET', url: '/api/vendor/application', headers });
const get = (url: string, headers = admin.headers) => ctx.request({ method: 'GET', url, headers });
const act = (url: string, payload: Record<string, unknown>, headers = admin.headers) =>
  ctx.request({ method: 'POST', url, headers, payload });
const auditFor = async (targetId: string) =>
  (await get(`/api/admin/audit?target=${targetId}`)).json<{
    data: Array<{ action: string; actor: { id: string } | null; after: unknown }>;
  }>().data;

describe('applying', () => {
  it('answers where a new account stands: no vendor, free to apply', async () => {
    const renter = await signedIn(ctx, 'user');
    const response = await standing(renter.headers);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({ vendor: null, application: null, canApply: true });
    expect((await standing({})).statusCode).toBe(401);
  });

  it('takes a valid application: PENDING, normalised, told by mail, one at a time', async () => {
    const renter = await signedIn(ctx, 'user', 'Bea Blocky');
    const response = await apply(renter.headers, application());
    expect(response.statusCode, response.body).toBe(201);
    const data = response.json().data;
    expect(data).toMatchObject({
      vendor: { status: 'PENDING', displayName: 'Blocky Hosting', payoutAddresses: [] },
      application: {
        status: 'PENDING',
        contactEmail: 'sales@blocky.example',
        games: ['minecraft', 'rust'],
        regions: ['fra', 'nyc'],
        termsVersion: expect.any(String),
        decidedAt: null,
      },
      canApply: false,
    });
    expect(data.application.payoutAddresses).toEqual([
      { network: 'TRC20', address: TRON },
      { network: 'ERC20', address: EVM },
    ]);
    await expect
      .poll(() => ctx.mailer.sent.find((m) => m.to === renter.user.email)?.subject)
      .toBe('We received your CrimsonHost vendor application');

    const again = await apply(renter.headers, application());
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('APPLICATION_PENDING');
    // Two submits at once from another account: one lands, the other is told an application waits.
    const other = await signedIn(ctx, 'user');
    const both = await Promise.all([
      apply(other.headers, application()),
      apply(other.headers, application()),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });

  it.each([
    ['no game', { games: [] }, 'games', 'Choose at least one game you host'],
    ['an unknown game', { games: ['tetris'] }, 'games.0', 'Choose games from the list'],
    ['no region', { regions: [] }, 'regions', 'Choose at least one region you host in'],
    ['no address', { payoutAddresses: {} }, 'payoutAddresses', 'at least one network'],
    [
      'a Tron address of the wrong shape',
      { payoutAddresses: { TRC20: '0x1234' } },
      'payoutAddresses.TRC20',
      'starts with T',
    ],
    [
      'an EVM address of the wrong shape',
      { payoutAddresses: { BEP20: TRON } },
      'payoutAddresses.BEP20',
      'starts with 0x',
    ],
    [
      'a Tron address whose checksum is wrong',
      { payoutAddresses: { TRC20: `${TRON.slice(0, -1)}${TRON.endsWith('a') ? 'b' : 'a'}` } },
      'payoutAddresses.TRC20',
      'checksum',
    ],
    [
      'an EVM address without its checksum',
      { payoutAddresses: { ERC20: EVM.toLowerCase() } },
      'payoutAddresses.ERC20',
      'capital letters',
    ],
    [
      'an EVM address with a wrong checksum',
      { payoutAddresses: { ERC20: EVM.replace('b', 'B').replace('A', 'a') } },
      'payoutAddresses.ERC20',
      'capital letters',
    ],
    ['terms not accepted', { acceptTerms: false }, 'acceptTerms', 'Accept the vendor terms'],
    ['a bad contact e-mail', { contactEmail: 'not mail' }, 'contactEmail', 'e-mail'],
    ['a one-letter name', { displayName: 'B' }, 'displayName', 'at least 2'],
  ])('refuses %s with the field and a sentence', async (_, overrides, field, words) => {
    const renter = await signedIn(ctx, 'user');
    const response = await apply(renter.headers, application(overrides));
    expect(response.statusCode, response.body).toBe(400);
    const { error } = response.json();
    expect(error.code).toBe('VALIDATION_ERROR');
    const issue = (error.details.fields as Array<{ field: string; message: string }>).find(
      (d) => d.field === field,
    );
    expect(issue?.message, JSON.stringify(error.details)).toContain(words);
    expect((await standing(renter.headers)).json().data.vendor).toBeNull();
  });

  it('refuses staff accounts', async () => {
    const response = await apply(support.webHeaders, application());
    expect(response.statusCode).toBe(422);
    expect(response.json().error.code).toBe('CANNOT_APPLY');
  });
});

async function appliedVendor(name = 'Vera Vendor') {
  const renter = await signedIn(ctx, 'user', name);
  const response = await apply(renter.headers, application({ displayName: `${name} Hosting` }));
  expect(response.statusCode, response.body).toBe(201);
  return renter;
}

describe('deciding', () => {
  it('lists waiting applications oldest first, finds by words, and reads one whole', async () => {
    const first = await appliedVendor('Queue First');
    const second = await appliedVendor('Queue Second');
    const list = await get('/api/admin/vendors?view=applications', support.headers);
    expect(list.statusCode).toBe(200);
    const ids = list.json().data.map((v: { id: string }) => v.id);
    expect(ids.indexOf(first.user.id)).toBeLessThan(ids.indexOf(second.user.id));
    const found = await get('/api/admin/vendors?view=all&q=QUEUE%20SECOND');
    expect(found.json().data).toHaveLength(1);
    expect(found.json().data[0]).toMatchObject({
      id: second.user.id,
      status: 'PENDING',
      account: { email: second.user.email, role: 'user' },
      listings: 0,
      pendingApplicationId: expect.any(String),
    });
    const detail = await get(`/api/admin/vendors/${first.user.id}`, support.headers);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().data).toMatchObject({
      applications: [{ status: 'PENDING' }],
      history: [{ from: null, to: 'PENDING', by: null }],
      payoutAddresses: [],
      balances: {
        escrow: '0.000000',
        pending: '0.000000',
        available: '0.000000',
        payoutPending: '0.000000',
        paidOut: '0.000000',
      },
    });
    expect((await get(`/api/admin/vendors/${crypto.randomUUID()}`)).statusCode).toBe(404);
    expect((await get('/api/admin/vendors/nope')).statusCode).toBe(404);
    expect((await get('/api/admin/vendors?view=nope')).statusCode).toBe(400);
  });

  it('approves: ACTIVE, the vendor role, payout addresses saved, audited, mailed', async () => {
    const vendor = await appliedVendor('Amy Approved');
    const response = await act(`/api/admin/vendors/${vendor.user.id}/application`, {
      decision: 'approve',
    });
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data;
    expect(data.vendor).toMatchObject({
      status: 'ACTIVE',
      account: { role: 'vendor' },
      pendingApplicationId: null,
    });
    expect(data.applications[0]).toMatchObject({ status: 'APPROVED', decisionReason: null });
    expect(data.payoutAddresses.map((a: { network: string }) => a.network)).toEqual([
      'ERC20',
      'TRC20',
    ]);
    expect(data.history[0]).toMatchObject({
      from: 'PENDING',
      to: 'ACTIVE',
      by: { id: admin.user.id },
    });
    const [role] = await queryRows<{ role: string }>(
      ctx.database.db,
      sql`select role from users where id = ${vendor.user.id}`,
    );
    expect(role!.role).toBe('vendor');
    expect((await standing(vendor.headers)).json().data).toMatchObject({
      vendor: { status: 'ACTIVE' },
      application: { status: 'APPROVED' },
      canApply: false,
    });
    const audit = await auditFor(vendor.user.id);
    expect(audit[0]).toMatchObject({
      action: 'vendor.application_approved',
      actor: { id: admin.user.id },
    });
    await expect
      .poll(
        () =>
          ctx.mailer.sent.find((m) => m.to === vendor.user.email && /now a/.test(m.subject))
            ?.subject,
      )
      .toBe('You are now a CrimsonHost vendor');
    // Decided already: a second decision finds nothing waiting.
    const twice = await act(`/api/admin/vendors/${vendor.user.id}/application`, {
      decision: 'reject',
      reason: 'Too late to change our minds',
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe('NO_PENDING_APPLICATION');
    // An approved vendor cannot apply again.
    expect((await apply(vendor.headers, application())).json().error.code).toBe('ALREADY_VENDOR');
  });

  it('rejects with a reason: CLOSED, the role kept, free to apply again', async () => {
    const vendor = await appliedVendor('Rob Rejected');
    const noReason = await act(`/api/admin/vendors/${vendor.user.id}/application`, {
      decision: 'reject',
    });
    expect(noReason.statusCode).toBe(400);
    const response = await act(`/api/admin/vendors/${vendor.user.id}/application`, {
      decision: 'reject',
      reason: 'No server of yours answered a status query',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.vendor).toMatchObject({
      status: 'CLOSED',
      statusReason: 'Application rejected: No server of yours answered a status query',
      account: { role: 'user' },
    });
    const mine = (await standing(vendor.headers)).json().data;
    expect(mine).toMatchObject({
      application: {
        status: 'REJECTED',
        decisionReason: 'No server of yours answered a status query',
      },
      canApply: true,
    });
    expect((await auditFor(vendor.user.id))[0]!.action).toBe('vendor.application_rejected');
    await expect
      .poll(
        () =>
          ctx.mailer.sent.find((m) => m.to === vendor.user.email && /not approved/.test(m.subject))
            ?.text,
      )
      .toContain('Reason: No server of yours answered a status query');
    const again = await apply(vendor.headers, application());
    expect(again.statusCode).toBe(201);
    expect(again.json().data).toMatchObject({ vendor: { status: 'PENDING' }, canApply: false });
  });

  it('lets two admins decide at once: exactly one decision lands', async () => {
    const vendor = await appliedVendor('Race Decided');
    const other = await signedIn(ctx, 'admin', 'Otto Admin');
    const url = `/api/admin/vendors/${vendor.user.id}/application`;
    const answers = await Promise.all([
      act(url, { decision: 'approve' }),
      act(url, { decision: 'reject', reason: 'Changed my mind about it' }, other.headers),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const [decided] = await queryRows<{ n: string }>(
      ctx.database.db,
      sql`select count(*)::text as n from vendor_applications where user_id = ${vendor.user.id} and status <> 'PENDING'`,
    );
    expect(decided!.n).toBe('1');
  });

  it('keeps decisions and status changes to admins', async () => {
    const vendor = await appliedVendor('Only Admins');
    const url = `/api/admin/vendors/${vendor.user.id}/application`;
    expect((await act(url, { decision: 'approve' }, support.headers)).statusCode).toBe(403);
    expect((await act(url, { decision: 'approve' }, vendor.headers)).statusCode).toBe(403);
    expect((await get('/api/admin/vendors', vendor.headers)).statusCode).toBe(403);
  });
});

describe('status changes', () => {
  it('suspends, reactivates and closes with reasons, each in the history, audited and mailed', async () => {
    const vendor = await appliedVendor('Sue Status');
    const base = `/api/admin/vendors/${vendor.user.id}`;
    const early = await act(`${base}/status`, {
      status: 'SUSPENDED',
      reason: 'Too early for this',
    });
    expect(early.json().error.code).toBe('APPLICATION_PENDING');
    await act(`${base}/application`, { decision: 'approve' });

    const same = await act(`${base}/status`, { status: 'ACTIVE', reason: 'Already is active' });
    expect(same.statusCode).toBe(409);
    expect(same.json().error.code).toBe('VENDOR_STATUS_UNCHANGED');
    expect(
      (await act(`${base}/status`, { status: 'PENDING', reason: 'Not settable' })).statusCode,
    ).toBe(400);
    expect((await act(`${base}/status`, { status: 'SUSPENDED' })).statusCode).toBe(400);

    const suspended = await act(`${base}/status`, {
      status: 'SUSPENDED',
      reason: 'Servers advertised with more RAM than they have',
    });
    expect(suspended.statusCode, suspended.body).toBe(200);
    expect(suspended.json().data.vendor).toMatchObject({
      status: 'SUSPENDED',
      statusReason: 'Servers advertised with more RAM than they have',
    });
    await expect
      .poll(
        () =>
          ctx.mailer.sent.find((m) => m.to === vendor.user.email && /suspended/.test(m.subject))
            ?.text,
      )
      .toContain('Servers advertised with more RAM than they have');
    // A suspended vendor cannot apply their way out.
    expect((await apply(vendor.headers, application())).json().error.code).toBe('CANNOT_APPLY');

    await act(`${base}/status`, { status: 'ACTIVE', reason: 'Listings corrected and checked' });
    const closed = await act(`${base}/status`, {
      status: 'CLOSED',
      reason: 'Asked to stop selling',
    });
    expect(
      closed.json().data.history.map((h: { to: string; reason: string }) => [h.to, h.reason]),
    ).toEqual([
      ['CLOSED', 'Asked to stop selling'],
      ['ACTIVE', 'Listings corrected and checked'],
      ['SUSPENDED', 'Servers advertised with more RAM than they have'],
      ['ACTIVE', 'Application approved'],
      ['PENDING', 'Applied to become a vendor'],
    ]);
    const actions = (await auditFor(vendor.user.id)).map((entry) => entry.action);
    expect(actions.filter((a) => a === 'vendor.status_changed')).toHaveLength(3);
    const views = await get('/api/admin/vendors?view=CLOSED');
    expect(views.json().data.map((v: { id: string }) => v.id)).toContain(vendor.user.id);
  });
});
