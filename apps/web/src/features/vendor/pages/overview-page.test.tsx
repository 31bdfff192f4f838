import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { errorBody } from '../../../test/auth-fixtures';
import { setViewportWidth } from '../../../test/match-media';
import { server } from '../../../test/msw-server';
import { renderInApp, signIn } from '../../../test/rental-fixtures';
import { VENDOR_USER } from '../test/earnings-fixtures';
import { buildOverview, serveOverview } from '../test/overview-fixtures';
import { OverviewPage } from './overview-page';

const LOAD = { timeout: 10_000 };

function renderOverview() {
  signIn(VENDOR_USER);
  return renderInApp(<OverviewPage />, { path: '/vendor', at: '/vendor' });
}

/** The card of one figure, by its heading. */
const card = (label: string) =>
  screen.getByRole('heading', { level: 3, name: label }).closest('li')!;

describe('the vendor overview', () => {
  it('shows skeletons while it loads, then the listings, rentals, occupancy and disputes', async () => {
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.get('/api/vendor/overview', async () => {
        await answered;
        return HttpResponse.json({ data: buildOverview() });
      }),
    );
    renderOverview();
    expect(
      await screen.findByRole('status', { name: 'Loading your overview' }, LOAD),
    ).toBeInTheDocument();
    answer();
    await screen.findByRole('list', { name: 'Your listings at a glance' }, LOAD);

    expect(card('Listings')).toHaveTextContent('4');
    const states = within(card('Listings')).getByRole('list', { name: 'Listings by state' });
    expect(
      within(states)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Checking 1', 'Live 2', 'Paused 1']);
    expect(card('Running rentals')).toHaveTextContent('1');
    expect(screen.getByRole('link', { name: 'See the running rentals' })).toHaveAttribute(
      'href',
      '/vendor/rentals?status=ACTIVE',
    );
    expect(card('Occupancy, last 7 days')).toHaveTextContent(
      '4.0%Rented 27 hours of the 672 hours your listings were listed.',
    );
    expect(card('Occupancy, last 30 days')).toHaveTextContent('2.8%');
    // No dispute is open: the count, and how long renters may dispute.
    expect(card('Open disputes')).toHaveTextContent(
      '0Renters can dispute a rental until 7 days after it ends.',
    );
    await waitFor(() => expect(document.title).toBe('Overview · Vendor · CrimsonHost'));
  });

  it('charts the share earned per day over 7 and 30 days, with a table for screen readers', async () => {
    serveOverview();
    const { user } = renderOverview();
    const chart = await screen.findByRole(
      'img',
      { name: /over the last 7 days: 3\.38 USDT in all/ },
      LOAD,
    );
    expect(chart.querySelectorAll('rect')).toHaveLength(7);
    expect(chart.querySelector('rect[data-day="2026-11-26"] title')).toHaveTextContent(
      '26 November 2026: 3.38 USDT',
    );
    const table = screen.getByRole('table', {
      name: 'Your share released per day, last 7 days, oldest first',
    });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(7);
    expect(rows.at(-1)).toHaveTextContent('26 November 20263.375 USDT');
    expect(rows[0]).toHaveTextContent('20 November 20260.00 USDT');

    await user.click(screen.getByRole('radio', { name: '30 days' }).closest('label')!);
    const month = await screen.findByRole(
      'img',
      { name: /over the last 30 days: 15\.88 USDT in all/ },
      LOAD,
    );
    expect(month.querySelectorAll('rect')).toHaveLength(30);
    expect(
      within(
        screen.getByRole('table', {
          name: 'Your share released per day, last 30 days, oldest first',
        }),
      ).getByRole('row', { name: /10 November 2026/ }),
    ).toHaveTextContent('12.50 USDT');
    expect(screen.getByText(/Last 30 days:/)).toHaveTextContent('Last 30 days: 15.875 USDT');
  });

  it('says when nothing was earned in the window, rather than drawing empty bars', async () => {
    serveOverview(
      buildOverview({
        earnings: {
          last7Days: '0.000000',
          last30Days: '12.500000',
          days: buildOverview().earnings.days.map((day) =>
            day.day === '2026-11-26' ? { ...day, amount: '0.000000' } : day,
          ),
        },
      }),
    );
    renderOverview();
    expect(
      await screen.findByText('No rental of yours ended in the last 7 days.', {}, LOAD),
    ).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /per day/ })).toBeNull();
  });

  it('lists each listing’s uptime over 30 days', async () => {
    serveOverview();
    renderOverview();
    const table = await screen.findByRole(
      'table',
      { name: 'Uptime of each listing over the last 30 days' },
      LOAD,
    );
    const [frankfurt, oslo] = within(table).getAllByRole('row').slice(1);
    expect(frankfurt).toHaveTextContent(
      'Frankfurt SurvivalMinecraftLive87.5%7 of 8 answered, on 2 days',
    );
    expect(within(frankfurt!).getByRole('link', { name: 'Frankfurt Survival' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/vendor\/listings\//),
    );
    expect(oslo).toHaveTextContent('No status checks yet');
  });

  it('leads a vendor without listings to the first one', async () => {
    serveOverview(
      buildOverview({
        listings: { total: 0, byState: { CHECKING: 0, LIVE: 0, PAUSED: 0, HIDDEN: 0 } },
        activeRentals: 0,
        uptime: [],
      }),
    );
    renderOverview();
    expect(await screen.findByText('You have no listings yet', {}, LOAD)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add a listing' })).toHaveAttribute(
      'href',
      '/vendor/listings/new',
    );
  });

  it('says when the overview could not be loaded, and reads again on Retry', async () => {
    let fail = true;
    const reads = serveOverview(() =>
      fail
        ? HttpResponse.json(errorBody('INTERNAL_ERROR', 'The ledger is asleep.'), { status: 500 })
        : HttpResponse.json({ data: buildOverview() }),
    );
    const { user } = renderOverview();
    expect(
      await screen.findByText('Your overview could not be loaded', {}, LOAD),
    ).toBeInTheDocument();
    expect(screen.getByText('The ledger is asleep.')).toBeInTheDocument();
    fail = false;
    const before = reads.count;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(
      await screen.findByRole('list', { name: 'Your listings at a glance' }, LOAD),
    ).toBeInTheDocument();
    expect(reads.count).toBeGreaterThan(before);
  });

  it('stacks the uptime as cards on a 375 px phone', async () => {
    setViewportWidth(375);
    serveOverview();
    renderOverview();
    const list = await screen.findByRole(
      'list',
      { name: 'Uptime of each listing over the last 30 days' },
      LOAD,
    );
    expect(screen.queryByRole('table', { name: /^Uptime/ })).toBeNull();
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent(
      'Frankfurt SurvivalUptime: 87.5%',
    );
  });
});
