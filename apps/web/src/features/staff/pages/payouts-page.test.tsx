import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { errorBody } from '../../../test/auth-fixtures';
import { setViewportWidth } from '../../../test/match-media';
import { server } from '../../../test/msw-server';
import { renderInApp, signIn } from '../../../test/rental-fixtures';
import { SUPPORT_USER } from '../test/desk-fixtures';
import { buildAdminPayout, paid, servePayouts, submitted } from '../test/payout-fixtures';
import { PayoutsPage } from './payouts-page';

const TRON_ADDRESS = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';
const waiting = buildAdminPayout();
const confirming = submitted(
  buildAdminPayout({
    vendor: {
      id: '70000000-0000-4000-8000-000000000077',
      displayName: 'Fjord Servers',
      email: 'ops@fjord.example',
    },
    network: 'TRC20',
    address: TRON_ADDRESS,
    amount: '120.000000',
    requestedAt: '2026-11-26T11:00:00.000Z',
  }),
);

function renderPayouts(at = '/admin/payouts') {
  signIn(SUPPORT_USER);
  return renderInApp(<PayoutsPage />, { path: '/admin/payouts', at });
}

describe('the payouts list', () => {
  it('lists the payouts to do with vendor, amount, address, status and date', async () => {
    const { asked } = servePayouts([waiting, confirming]);
    renderPayouts();
    const table = await screen.findByRole('table', { name: 'Payouts: To do, oldest first' });
    const row = within(table).getByRole('link', { name: '120.00 USDT on TRC20' }).closest('tr')!;
    expect(within(row).getByRole('link', { name: 'Fjord Servers' })).toHaveAttribute(
      'href',
      '/admin/vendors/70000000-0000-4000-8000-000000000077',
    );
    expect(within(row).getByText('ops@fjord.example')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: '120.00 USDT on TRC20' })).toHaveAttribute(
      'href',
      `/admin/payouts/${confirming.id}`,
    );
    // Shortened on screen, whole on hover and for screen readers.
    expect(within(row).getByText('TLa2f6VP…5wYjU7')).toBeInTheDocument();
    expect(within(row).getByTitle(TRON_ADDRESS)).toBeInTheDocument();
    expect(within(row).getByText('Confirming on chain')).toBeInTheDocument();
    expect(within(row).getByText('3 of 12 confirmations')).toBeInTheDocument();
    expect(within(row).getByRole('time')).toHaveAttribute('datetime', confirming.requestedAt);

    const first = within(table).getAllByRole('row')[1]!;
    expect(within(first).getByText('Requested')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: '15.25 USDT on ERC20' })).toBeInTheDocument();

    expect(screen.getByText('2 payouts')).toBeInTheDocument();
    expect(asked[0]!.searchParams.get('view')).toBe('open');
    expect(asked[0]!.searchParams.get('page')).toBe('1');
    expect(screen.getByRole('radio', { name: 'To do' })).toBeChecked();
    await waitFor(() => expect(document.title).toBe('Payouts · Staff · CrimsonHost'));
  });

  it('opens a payout from a click on its row', async () => {
    servePayouts([waiting]);
    const { router, user } = renderPayouts();
    await user.click(await screen.findByText('nils@example.com'));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/admin/payouts/${waiting.id}`),
    );
  });

  it('switches views and searches, in the URL and in what the API is asked', async () => {
    const done = paid(buildAdminPayout());
    const { asked } = servePayouts([done], 30);
    const { router, user } = renderPayouts('/admin/payouts?page=2');
    await screen.findByRole('link', { name: '15.25 USDT on ERC20' });
    expect(asked[0]!.searchParams.get('page')).toBe('2');

    await user.click(screen.getByRole('radio', { name: 'Paid' }).closest('label')!);
    await waitFor(() => expect(router.state.location.search).toBe('?view=PAID'));
    await waitFor(() => {
      const last = asked.at(-1)!.searchParams;
      expect(last.get('view')).toBe('PAID');
      expect(last.get('page')).toBe('1');
    });
    expect(
      await screen.findByRole('table', { name: 'Payouts: Paid, newest first' }),
    ).toBeInTheDocument();

    // The search is taken once typing pauses, without pressing Enter.
    await user.type(
      screen.getByRole('searchbox', {
        name: 'Search vendor, e-mail, address, transaction hash or payout id',
      }),
      'nordic',
    );
    await waitFor(() => expect(router.state.location.search).toBe('?view=PAID&q=nordic'));
    await waitFor(() => expect(asked.at(-1)!.searchParams.get('q')).toBe('nordic'));

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe('?view=PAID'));
  });

  it('says what an empty view means', async () => {
    servePayouts([]);
    renderPayouts('/admin/payouts?view=REQUESTED');
    expect(await screen.findByText('No payout waits to be sent.')).toBeInTheDocument();
    expect(screen.getByText('0 payouts to send')).toBeInTheDocument();
  });

  it('offers to clear a search that matches nothing', async () => {
    servePayouts([]);
    const { router, user } = renderPayouts('/admin/payouts?view=all&q=nobody');
    const empty = (
      await screen.findByText('No payout in this view matches "nobody".')
    ).closest<HTMLElement>('.ant-empty')!;
    await user.click(within(empty).getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe('?view=all'));
  });

  it('shows a skeleton while loading, and Retry when the list cannot load', async () => {
    let fail = true;
    server.use(
      http.get('/api/admin/payouts', () =>
        fail
          ? HttpResponse.json(errorBody('INTERNAL_ERROR', 'The database is asleep.'), {
              status: 500,
            })
          : HttpResponse.json({ data: [waiting], meta: { page: 1, pageSize: 20, total: 1 } }),
      ),
    );
    const { user } = renderPayouts();
    expect(document.querySelector('.ant-skeleton')).not.toBeNull();
    expect(await screen.findByText('The payouts could not be loaded')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('1 payout')).toBeInTheDocument();
  });

  it('shows each payout as an item on a phone, without a table', async () => {
    setViewportWidth(375);
    servePayouts([waiting, confirming]);
    renderPayouts();
    const list = await screen.findByRole('list', { name: 'Payouts: To do, oldest first' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[1]!).getByRole('link', { name: '120.00 USDT on TRC20' })).toHaveAttribute(
      'href',
      `/admin/payouts/${confirming.id}`,
    );
    expect(within(items[1]!).getByText('3 of 12 confirmations')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
