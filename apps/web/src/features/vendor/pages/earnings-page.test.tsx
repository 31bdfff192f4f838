import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { errorBody } from '../../../test/auth-fixtures';
import { setViewportWidth } from '../../../test/match-media';
import { server } from '../../../test/msw-server';
import { renderInApp, signIn } from '../../../test/rental-fixtures';
import {
  VENDOR_USER,
  buildEarnings,
  buildMovement,
  buildPendingEarning,
  serveEarnings,
  serveMovements,
} from '../test/earnings-fixtures';
import { EarningsPage } from './earnings-page';

const LOAD = { timeout: 10_000 };

const release = buildMovement();
const payout = buildMovement({
  at: '2026-11-25T08:30:00.000Z',
  state: 'AVAILABLE',
  kind: 'PAYOUT_REQUEST',
  description: 'Money out',
  amount: '-1250.000001',
  commission: null,
  rental: null,
});

function renderEarnings(at = '/vendor/earnings') {
  signIn(VENDOR_USER);
  return renderInApp(<EarningsPage />, { path: '/vendor/earnings', at });
}

/** The card of one balance, by its heading. */
const figure = (label: string) =>
  screen.getByRole('heading', { level: 3, name: label }).closest('li')!;

describe('the earnings page', () => {
  it('shows skeletons while it loads, then the five balances exact to the micro-USDT', async () => {
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.get('/api/vendor/earnings', async () => {
        await answered;
        return HttpResponse.json({ data: buildEarnings() });
      }),
    );
    serveMovements([release]);
    renderEarnings();
    expect(
      await screen.findByRole('status', { name: 'Loading your balances' }, LOAD),
    ).toBeInTheDocument();
    answer();
    await screen.findByRole('list', { name: 'Balances by state' }, LOAD);
    expect(figure('In escrow')).toHaveTextContent(
      'In escrow7.50 USDTPaid by renters for rentals still running.',
    );
    expect(figure('Pending')).toHaveTextContent(
      'Pending22.275 USDTReleased when a rental ends, held for the 7-day dispute window.',
    );
    expect(figure('Available')).toHaveTextContent(
      '1,250.000001 USDTCleared: can be paid out to you.',
    );
    expect(figure('Payout pending')).toHaveTextContent('10.00 USDT');
    expect(figure('Paid out')).toHaveTextContent(
      '300.125 USDTSent to your payout address, seen on chain.',
    );
    expect(screen.getByText(/keeps a commission of/)).toHaveTextContent(
      'CrimsonHost keeps a commission of 10% of each new rental',
    );
    expect(screen.getByRole('link', { name: 'buyer protection policy' })).toHaveAttribute(
      'href',
      '/policies/buyer-protection',
    );
    await waitFor(() => expect(document.title).toBe('Earnings · Vendor · CrimsonHost'));
  });

  it('lists the pending shares with the day each becomes available, soonest first', async () => {
    serveEarnings(
      buildEarnings({
        commissionBp: 1250,
        pending: [
          buildPendingEarning(),
          buildPendingEarning({
            serverName: 'Oslo Creative',
            endedAt: '2026-11-22T12:00:00.000Z',
            clearsAt: '2026-11-29T12:00:00.000Z',
            amount: '8.750000',
            commission: '1.250000',
          }),
        ],
      }),
    );
    serveMovements([release]);
    renderEarnings();
    const table = await screen.findByRole(
      'table',
      { name: 'Pending earnings, the soonest to become available first' },
      LOAD,
    );
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]!.textContent)).toEqual([
      'Frankfurt Survival',
      'Oslo Creative',
    ]);
    const oslo = rows[1]!;
    expect(within(oslo).getByText('8.75 USDT')).toBeInTheDocument();
    expect(within(oslo).getByText('1.25 USDT')).toBeInTheDocument();
    expect(within(oslo).getByText(/^29 Nov 2026/)).toHaveAttribute(
      'datetime',
      '2026-11-29T12:00:00.000Z',
    );
    expect(within(oslo).getByText(/^22 Nov 2026/)).toHaveAttribute(
      'datetime',
      '2026-11-22T12:00:00.000Z',
    );
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Server', 'Ended', 'Available on', 'Your share', 'Commission']);
    expect(screen.getByText(/keeps a commission of/)).toHaveTextContent('12.5%');
  });

  it('says when nothing is pending', async () => {
    serveEarnings(buildEarnings({ pending: [] }));
    serveMovements([]);
    renderEarnings();
    expect(await screen.findByText('Nothing is pending.', {}, LOAD)).toBeInTheDocument();
    expect(await screen.findByText(/No money has moved yet/, {}, LOAD)).toBeInTheDocument();
  });

  it('lists the movements with state, description, server, signed amount and commission', async () => {
    serveEarnings();
    const { asked } = serveMovements([payout, release]);
    renderEarnings();
    const table = await screen.findByRole(
      'table',
      { name: 'Movements: all states, newest first' },
      LOAD,
    );
    expect(asked[0]!.searchParams.get('state')).toBeNull();
    expect(asked[0]!.searchParams.get('page')).toBe('1');
    expect(asked[0]!.searchParams.get('pageSize')).toBe('20');
    const [first, second] = within(table).getAllByRole('row').slice(1);
    expect(first).toHaveTextContent('Available');
    expect(within(first!).getByText('-1,250.000001 USDT')).toBeInTheDocument();
    expect(within(first!).getByText('No rental')).toBeInTheDocument();
    expect(within(first!).getByText('No commission')).toBeInTheDocument();
    expect(within(first!).getByText(/^25 Nov 2026/)).toHaveAttribute(
      'datetime',
      '2026-11-25T08:30:00.000Z',
    );
    expect(within(second!).getByText('Pending')).toBeInTheDocument();
    expect(
      within(second!).getByText('The rental ended: your share, less the commission'),
    ).toBeInTheDocument();
    expect(within(second!).getByText('Frankfurt Survival')).toBeInTheDocument();
    expect(within(second!).getByText('+22.275 USDT')).toBeInTheDocument();
    expect(within(second!).getByText('2.475 USDT')).toBeInTheDocument();
    expect(screen.getByText('2 movements')).toBeInTheDocument();
  });

  it('writes the state filter and the page to the URL and asks the API for them', async () => {
    serveEarnings();
    const { asked } = serveMovements([release], 45);
    const { router, user } = renderEarnings('/vendor/earnings?page=2');
    await screen.findByRole('table', { name: 'Movements: all states, newest first' }, LOAD);
    expect(asked[0]!.searchParams.get('page')).toBe('2');
    expect(screen.getByRole('radio', { name: 'All' })).toBeChecked();

    await user.click(screen.getByRole('radio', { name: 'Pending' }).closest('label')!);
    await waitFor(() => expect(router.state.location.search).toBe('?state=PENDING'));
    await waitFor(() => {
      const last = asked.at(-1)!.searchParams;
      expect(last.get('state')).toBe('PENDING');
      expect(last.get('page')).toBe('1');
    });
    expect(
      await screen.findByRole('table', { name: 'Movements: Pending, newest first' }, LOAD),
    ).toBeInTheDocument();

    await user.click(screen.getByTitle('3'));
    await waitFor(() => expect(router.state.location.search).toBe('?state=PENDING&page=3'));
    await waitFor(() => expect(asked.at(-1)!.searchParams.get('page')).toBe('3'));

    await user.click(screen.getByRole('radio', { name: 'All' }).closest('label')!);
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('says when a state has no movements, and offers all of them', async () => {
    serveEarnings();
    serveMovements([]);
    const { router, user } = renderEarnings('/vendor/earnings?state=PAYOUT_PENDING');
    expect(
      await screen.findByText('No payout has been requested yet.', {}, LOAD),
    ).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Payout pending' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Show all movements' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('says when the earnings could not be loaded, and reads again on Retry', async () => {
    let fail = true;
    const reads = serveEarnings(() =>
      fail
        ? HttpResponse.json(errorBody('INTERNAL_ERROR', 'The ledger is asleep.'), { status: 500 })
        : HttpResponse.json({ data: buildEarnings() }),
    );
    serveMovements([release]);
    const { user } = renderEarnings();
    expect(
      await screen.findByText('Your earnings could not be loaded', {}, LOAD),
    ).toBeInTheDocument();
    expect(screen.getByText('The ledger is asleep.')).toBeInTheDocument();
    // The movements are read on their own and still shown.
    expect(
      await screen.findByRole('table', { name: 'Movements: all states, newest first' }, LOAD),
    ).toBeInTheDocument();
    fail = false;
    const before = reads.count;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(
      await screen.findByRole('list', { name: 'Balances by state' }, LOAD),
    ).toBeInTheDocument();
    expect(reads.count).toBeGreaterThan(before);
  });

  it('says when the movements could not be loaded, and reads them again on Retry', async () => {
    serveEarnings();
    let fail = true;
    serveMovements(() =>
      fail
        ? HttpResponse.json(errorBody('INTERNAL_ERROR', 'The ledger is asleep.'), { status: 500 })
        : HttpResponse.json({ data: [release], meta: { page: 1, pageSize: 20, total: 1 } }),
    );
    const { user } = renderEarnings();
    expect(
      await screen.findByText('Your movements could not be loaded', {}, LOAD),
    ).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Balances by state' })).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(
      await screen.findByRole('table', { name: 'Movements: all states, newest first' }, LOAD),
    ).toBeInTheDocument();
  });

  it('stacks the lists as cards on a 375 px phone', async () => {
    setViewportWidth(375);
    serveEarnings();
    serveMovements([payout, release]);
    renderEarnings();
    const movements = await screen.findByRole(
      'list',
      { name: 'Movements: all states, newest first' },
      LOAD,
    );
    expect(screen.queryByRole('table', { name: /^Movements/ })).toBeNull();
    expect(screen.queryByRole('table', { name: /^Pending earnings/ })).toBeNull();
    const [first, second] = within(movements).getAllByRole('listitem');
    expect(first).toHaveTextContent('Money out-1,250.000001 USDT');
    expect(second).toHaveTextContent('Frankfurt Survival');
    expect(second).toHaveTextContent('Commission2.475 USDT');
    const pending = screen.getByRole('list', {
      name: 'Pending earnings, the soonest to become available first',
    });
    expect(within(pending).getByRole('listitem')).toHaveTextContent(
      'Frankfurt SurvivalYour share: 22.275 USDT',
    );
  });
});
