import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { DEFAULT_TIER_RULES } from '@crimsonhost/shared/benefits';
import { storeTokens } from '../../../lib/storage';
import { buildAccessToken, buildUser } from '../../../test/auth-fixtures';
import {
  PLATINUM_BENEFITS,
  buildBenefitsProgram,
  buildMyBenefits,
  serveBenefits,
} from '../../../test/benefits-fixtures';
import { setViewportWidth } from '../../../test/match-media';
import { server } from '../../../test/msw-server';
import { renderRoute } from '../../../test/render-route';

const FIND = { timeout: 15_000 };

function signIn() {
  storeTokens({ accessToken: buildAccessToken(), refreshToken: 'refresh-1', expiresAt: null });
  server.use(
    http.get('/api/auth/profile', () =>
      HttpResponse.json({ data: { user: buildUser(), recoveryCodesLeft: 10 } }),
    ),
  );
}

/** A programme an admin changed: every figure on the page must follow it. */
const CHANGED_PROGRAM = buildBenefitsProgram({
  BRONZE: { threshold: '0.000000', discountBp: 0 },
  SILVER: { threshold: '30.000000', discountBp: 250 },
  GOLD: { threshold: '120.000000', discountBp: 500 },
  PLATINUM: { threshold: '400.000000', discountBp: 750 },
});

const tierCard = (name: string) =>
  within(screen.getByRole('list', { name: 'Tiers' }))
    .getByRole('heading', { level: 3, name })
    .closest<HTMLElement>('[role="listitem"]')!;

const region = (name: string) => screen.getByRole('region', { name });

describe('the benefits page', { timeout: 60_000 }, () => {
  it('shows a visitor the tiers the API gives, with examples worked from them', async () => {
    const calls = serveBenefits({ program: CHANGED_PROGRAM });
    renderRoute('/benefits');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Benefits tiers' }, FIND),
    ).toBeInTheDocument();
    await screen.findByRole('list', { name: 'Tiers' }, FIND);

    const tiers = screen.getByRole('list', { name: 'Tiers' });
    expect(
      within(tiers)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(['Bronze', 'Silver', 'Gold', 'Platinum']);
    expect(tierCard('Bronze')).toHaveTextContent('Where everyone starts');
    expect(tierCard('Bronze')).toHaveTextContent('No rental discount');
    expect(tierCard('Silver')).toHaveTextContent('From 30.00 USDT of qualifying spend');
    expect(tierCard('Silver')).toHaveTextContent('2.5 % off every rental');
    expect(tierCard('Silver')).toHaveTextContent('No other perks');
    expect(tierCard('Gold')).toHaveTextContent('From 120.00 USDT of qualifying spend');
    expect(tierCard('Gold')).toHaveTextContent('5 % off every rental');
    expect(tierCard('Gold')).toHaveTextContent('Your support tickets start at High priority');
    expect(tierCard('Platinum')).toHaveTextContent('7.5 % off every rental');
    expect(tierCard('Platinum')).toHaveTextContent('Your disputes are reviewed first');

    const counting = region('How your spend counts');
    expect(counting).toHaveTextContent('over the last 90 days, less what came back to you');
    for (const excluded of ['deposits', 'platform credit', 'compensation', 'your own listings']) {
      expect(counting).toHaveTextContent(excluded);
    }
    expect(counting).toHaveTextContent('paid by the platform out of its commission');
    const moving = region('Moving up and down');
    expect(moving).toHaveTextContent('As soon as your qualifying spend reaches');
    expect(moving).toHaveTextContent('below 80 % of your tier');
    expect(moving).toHaveTextContent('for 30 days');
    expect(moving).toHaveTextContent('One tier at a time');
    expect(moving).toHaveTextContent('We mail you beforehand');

    // Silver at 30: 18 + 12 reach it; Gold's 5 % of 20.00 is 1.00; Gold's 80 % is 96.00.
    expect(region('Reaching Silver')).toHaveTextContent(
      'You deposit 60.00 USDT into your wallet. Deposits do not count',
    );
    expect(region('Reaching Silver')).toHaveTextContent(
      'Your qualifying spend is 18.00 USDT, 12.00 USDT short of Silver.',
    );
    expect(region('Reaching Silver')).toHaveTextContent('your next rental is 2.5 % cheaper');
    expect(region('The discount at Gold')).toHaveTextContent(
      'the discount is 1.00 USDT: you pay 19.00 USDT',
    );
    expect(region('Moving down from Gold')).toHaveTextContent(
      'your qualifying spend falls to 84.00 USDT',
    );
    expect(region('Moving down from Gold')).toHaveTextContent(
      'That is below 96.00 USDT, 80 % of Gold',
    );
    expect(region('Moving down from Gold')).toHaveTextContent('to Silver.');

    // A visitor is asked to sign in, and never asked for /api/benefits/me (it would be 401).
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/login?redirectTo=%2Fbenefits',
    );
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(calls.me).toBe(0);

    // Headings go down one level at a time.
    const levels = screen
      .getAllByRole('heading')
      .map((heading) => Number(heading.tagName.slice(1)));
    expect(levels[0]).toBe(1);
    levels
      .slice(1)
      .forEach((level, index) => expect(level - levels[index]!).toBeLessThanOrEqual(1));
  });

  it('shows a signed-in renter their tier, the progress and what leaves the window first', async () => {
    signIn();
    serveBenefits({
      me: buildMyBenefits({
        spend: '87.500000',
        next: { tier: 'GOLD', threshold: '100.000000', missing: '12.500000' },
        leavesWindow: { amount: '15.000000', on: '2027-03-12' },
      }),
    });
    renderRoute('/benefits');

    const mine = await screen.findByRole('region', { name: 'Your tier' }, FIND);
    const bar = await within(mine).findByRole('progressbar', { name: 'Progress to Gold' }, FIND);
    expect(bar).toHaveAttribute('aria-valuenow', '87');
    expect(bar).toHaveAttribute(
      'aria-valuetext',
      '87.50 USDT of 100.00 USDT: 12.50 USDT more to reach Gold',
    );
    expect(within(mine).getByText('Silver')).toBeInTheDocument();
    expect(mine).toHaveTextContent('since 10 January 2027');
    expect(mine).toHaveTextContent('87.50 USDT over the last 90 days');
    expect(mine).toHaveTextContent('Discount on your next rental2 %');
    expect(within(mine).getByText('12.50 USDT more to reach Gold')).toBeInTheDocument();
    expect(mine).toHaveTextContent(
      'On 12 March 2027, your oldest counted payment, 15.00 USDT, leaves the 90-day window',
    );
    expect(within(mine).queryByRole('alert')).toBeNull();

    // The tiers below mark mine, in words.
    expect(await screen.findByRole('list', { name: 'Tiers' }, FIND)).toBeInTheDocument();
    expect(within(tierCard('Silver')).getByText('Your tier')).toBeInTheDocument();
    expect(within(tierCard('Gold')).queryByText('Your tier')).toBeNull();

    const changes = region('Your tier changes');
    expect(within(changes).getByText(/No tier changes yet/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign in' })).toBeNull();
  });

  it('warns of a coming move down and lists the tier changes, newest first', async () => {
    signIn();
    serveBenefits({
      me: buildMyBenefits({
        tier: 'GOLD',
        since: '2027-01-20T12:00:00.000Z',
        spend: '70.000000',
        discountBp: 400,
        next: { tier: 'PLATINUM', threshold: '300.000000', missing: '230.000000' },
        leavesWindow: { amount: '12.500000', on: '2027-03-14' },
        demotion: { keep: '80.000000', to: 'SILVER', on: '2027-04-03' },
        history: [
          {
            at: '2027-01-02T12:00:00.000Z',
            from: 'BRONZE',
            to: 'SILVER',
            reason: 'PROMOTED',
            spend: '25.000000',
          },
          {
            at: '2027-01-20T12:00:00.000Z',
            from: 'SILVER',
            to: 'GOLD',
            reason: 'PROMOTED',
            spend: '104.000000',
          },
        ],
      }),
    });
    renderRoute('/benefits');

    const mine = await screen.findByRole('region', { name: 'Your tier' }, FIND);
    const warning = await within(mine).findByRole('alert', {}, FIND);
    expect(warning).toHaveTextContent('You may move down to Silver on 3 April 2027');
    expect(warning).toHaveTextContent('Your qualifying spend, 70.00 USDT, is below the 80.00 USDT');
    expect(warning).toHaveTextContent('Rent for 10.00 USDT more before then to keep Gold.');
    expect(within(mine).getByText('230.00 USDT more to reach Platinum')).toBeInTheDocument();

    const table = within(region('Your tier changes')).getByRole('table', {
      name: 'Your tier changes',
    });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('20 January 2027');
    expect(rows[0]).toHaveTextContent('Moved up from Silver to Gold');
    expect(rows[0]).toHaveTextContent('104.00 USDT');
    expect(rows[1]).toHaveTextContent('Moved up from Bronze to Silver');
  });

  it('tells a Platinum renter they are at the top, on a phone too', async () => {
    setViewportWidth(375);
    signIn();
    serveBenefits({ me: buildMyBenefits({ ...PLATINUM_BENEFITS, leavesWindow: null }) });
    renderRoute('/benefits');

    const mine = await screen.findByRole('region', { name: 'Your tier' }, FIND);
    expect(
      await within(mine).findByText(/You are at the top: Platinum is the highest tier\./, {}, FIND),
    ).toBeInTheDocument();
    expect(within(mine).queryByRole('progressbar')).toBeNull();
    expect(mine).toHaveTextContent('You have no qualifying spend in the last 90 days');
    expect(await screen.findByRole('list', { name: 'Tiers' }, FIND)).toBeInTheDocument();
  });

  it('says when the tiers could not be loaded, and loads them again on Retry', async () => {
    serveBenefits({ program: 500 });
    const { user } = renderRoute('/benefits');

    expect(
      await screen.findByText('The benefits tiers could not be loaded', {}, FIND),
    ).toBeInTheDocument();
    expect(screen.getByText('Something went wrong on our side.')).toBeInTheDocument();

    serveBenefits({ program: buildBenefitsProgram(DEFAULT_TIER_RULES) });
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('list', { name: 'Tiers' }, FIND)).toBeInTheDocument();
    expect(screen.queryByText('The benefits tiers could not be loaded')).toBeNull();
  });

  it('says when my tier could not be loaded, and loads it again on Retry', async () => {
    signIn();
    serveBenefits({ me: 503 });
    const { user } = renderRoute('/benefits');

    const mine = await screen.findByRole('region', { name: 'Your tier' }, FIND);
    expect(
      await within(mine).findByText('Your tier could not be loaded', {}, FIND),
    ).toBeInTheDocument();
    // The programme still shows.
    expect(await screen.findByRole('list', { name: 'Tiers' }, FIND)).toBeInTheDocument();

    serveBenefits();
    await user.click(within(mine).getByRole('button', { name: 'Retry' }));
    expect(
      await screen.findByRole('progressbar', { name: 'Progress to Gold' }, FIND),
    ).toBeInTheDocument();
  });
});
