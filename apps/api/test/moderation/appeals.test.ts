// Appeals of penalties (issue 17 point 10): the mail that tells a person of a penalty links to
// an appeal they can make once, within 20 days, without signing in (a suspended account cannot);
// support upholds it or overturns it, which lifts the suspension at once, tells them by mail,
// and takes the penalty out of the escalation ladder.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PENALTY_APPEAL_DAYS } from '@crimsonhost/shared/moderation';
import { queryRows } from '../../src/db/client';
import { createTestApp, type TestContext } from '../app';
import { renter } from '../rentals/rentals-fixture';
import { signedIn } from '../support/support-fixture';

let ctx: TestContext;
let support: Awaited<ReturnType<typeof signedIn>>;
let admin: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  ctx = await createTestApp();
  support = await signedIn(ctx, 'support', 'Sam Support');
  admin = await signedIn(ctx, 'admin', 'Ada Admin');
});
afterAll(() => ctx.close());

const REASON = 'Asked renters to pay outside the platform, twice.';

/** A signed-in person given `penalty` by an admin, and the appeal link their mail carries. */
async function penalised(penalty: string) {
  const person = await renter(ctx);
  const given = await ctx.request({
    method: 'POST',
    url: `/api/admin/users/${person.user.id}/penalties`,
    headers: admin.headers,
    payload: { penalty, reason: REASON },
  });
  expect(given.statusCode, given.body).toBe(200);
  let token = '';
  await expect
    .poll(() => {
      const mail = ctx.mailer.sent.find((m) => m.to === person.user.email);
      token = /\/appeal\/([A-Za-z0-9_-]{43})/.exec(mail?.text ?? '')?.[1] ?? '';
      return token;
    })
    .not.toBe('');
  return { ...person, token };
}

const appeal = (token: string, message: string) =>
  ctx.request({ method: 'POST', url: `/api/appeals/${token}`, payload: { message } });

describe('appealing a penalty', () => {
  it('is open once from the mailed link, and an overturn lifts the suspension', async () => {
    const { user, headers, token } = await penalised('suspension_7d');
    expect((await ctx.request({ method: 'GET', url: '/api/wallet', headers })).statusCode).toBe(
      403,
    );
    const mail = ctx.mailer.sent.find((m) => m.to === user.email)!;
    expect(mail.text).toMatch(/you can appeal once, until .* \(no sign-in needed\)/);

    const view = await ctx.request({ method: 'GET', url: `/api/appeals/${token}` });
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json().data).toMatchObject({
      penalty: 'suspension_7d',
      reason: REASON,
      appeal: null,
    });
    expect(Date.parse(view.json().data.appealUntil) - Date.parse(view.json().data.issuedAt)).toBe(
      PENALTY_APPEAL_DAYS * 86_400_000,
    );

    const short = await appeal(token, 'not me');
    expect(short.statusCode).toBe(400);
    const made = await appeal(token, 'Those were the server’s own donation links, not mine.');
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().data.appeal).toMatchObject({ outcome: null });
    const again = await appeal(token, 'And once more, in case the first did not arrive.');
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('APPEAL_MADE');

    const listed = await ctx.request({
      method: 'GET',
      url: '/api/admin/moderation/appeals',
      headers: support.headers,
    });
    const mine = listed.json().data.find((a: { user: { id: string } }) => a.user.id === user.id);
    expect(mine).toMatchObject({ penalty: 'suspension_7d', outcome: null, issuedBy: 'Ada Admin' });

    const decided = await ctx.request({
      method: 'POST',
      url: `/api/admin/moderation/appeals/${mine.penaltyId}/decide`,
      headers: support.headers,
      payload: { outcome: 'overturned', note: 'The links were the server’s own, as listed.' },
    });
    expect(decided.statusCode, decided.body).toBe(200);
    expect((await ctx.request({ method: 'GET', url: '/api/wallet', headers })).statusCode).toBe(
      200,
    );
    await expect
      .poll(() => ctx.mailer.sent.filter((m) => m.to === user.email).map((m) => m.subject))
      .toContain('Your appeal was accepted');
    const twice = await ctx.request({
      method: 'POST',
      url: `/api/admin/moderation/appeals/${mine.penaltyId}/decide`,
      headers: support.headers,
      payload: { outcome: 'upheld', note: 'Changed my mind about this one.' },
    });
    expect(twice.json().error.code).toBe('APPEAL_DECIDED');
    // Overturned, it no longer counts when the ladder is read.
    const [row] = await queryRows<{ outcome: string }>(
      ctx.database.db,
      sql`select appeal_outcome as outcome from user_penalties where id = ${mine.penaltyId}`,
    );
    expect(row!.outcome).toBe('overturned');
  });

  it('closes after 20 days, and an unknown link is not found', async () => {
    const { user, token } = await penalised('warning');
    await ctx.database.db.execute(
      sql`update user_penalties set created_at = now() - make_interval(days => ${PENALTY_APPEAL_DAYS + 1})
           where user_id = ${user.id}`,
    );
    const late = await appeal(token, 'I only read the mail after my holidays, sorry.');
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('APPEAL_WINDOW_CLOSED');
    const unknown = await ctx.request({ method: 'GET', url: `/api/appeals/${'x'.repeat(43)}` });
    expect(unknown.statusCode).toBe(404);
    expect((await ctx.request({ method: 'GET', url: '/api/appeals/short' })).statusCode).toBe(404);
  });

  it('is answered by staff only', async () => {
    const { headers } = await renter(ctx);
    const refused = await ctx.request({
      method: 'GET',
      url: '/api/admin/moderation/appeals',
      headers,
    });
    expect(refused.statusCode).toBe(403);
  });
});
