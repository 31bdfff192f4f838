import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { errorBody } from '../../../test/auth-fixtures';
import { setViewportWidth } from '../../../test/match-media';
import { server } from '../../../test/msw-server';
import { renderInApp, signIn } from '../../../test/rental-fixtures';
import { SUPPORT_USER } from '../test/desk-fixtures';
import { buildAdminDeposit, serveDeposits } from '../test/deposit-fixtures';
import { DepositsPage } from './deposits-page';

const paid = buildAdminDeposit();
const misdirected = buildAdminDeposit({
  user: { id: '60000000-0000-4000-8000-000000000077', name: 'Vic Payer', email: 'vic@example.com' },
  network: 'TRC20',
  address: 'TXa1b2c3d4e5f6g7h8i9j0k1l2m3n4o5p6',
  status: 'WAITING',
  requestedAmount: '100.000000',
  receivedAmount: '87.250000',
  creditedAmount: '0.000000',
  confirmations: 3,
  requiredConfirmations: 20,
  late: true,
  short: true,
  misdirected: true,
});

function renderDeposits(at = '/admin/deposits') {
  signIn(SUPPORT_USER);
  return renderInApp(<DepositsPage />, { path: '/admin/deposits', at });
}

describe('the deposits list', () => {
  it('lists deposits with owner, address, amounts, tags and confirmations', async () => {
    const { asked } = serveDeposits([paid, misdirected]);
    renderDeposits();
    const table = await screen.findByRole('table', { name: /^Deposits: All/ });
    const row = within(table)
      .getByRole('link', { name: `TRC20 deposit to ${misdirected.address}` })
      .closest('tr')!;
    expect(within(row).getByRole('link', { name: 'Vic Payer' })).toHaveAttribute(
      'href',
      '/admin/users/60000000-0000-4000-8000-000000000077',
    );
    expect(within(row).getByText('vic@example.com')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: /^TRC20 deposit to/ })).toHaveAttribute(
      'href',
      `/admin/deposits/${misdirected.id}`,
    );
    // Shortened on screen, whole on hover and for screen readers.
    expect(within(row).getByText('TXa1b2c3…n4o5p6')).toBeInTheDocument();
    expect(within(row).getByTitle(misdirected.address)).toBeInTheDocument();
    expect(within(row).getByText('100.00 USDT')).toBeInTheDocument();
    expect(within(row).getByText('87.25 USDT')).toBeInTheDocument();
    for (const tag of ['Waiting for payment', 'Late', 'Short', 'Wrong network']) {
      expect(within(row).getByText(tag)).toBeInTheDocument();
    }
    expect(within(row).queryByText('Over')).toBeNull();
    expect(within(row).getByText('3 of 20')).toBeInTheDocument();
    expect(screen.getByText('2 deposits')).toBeInTheDocument();
    expect(asked[0]!.searchParams.get('view')).toBe('all');
    expect(asked[0]!.searchParams.get('page')).toBe('1');
    expect(asked[0]!.searchParams.get('pageSize')).toBe('20');
    await waitFor(() => expect(document.title).toBe('Deposits · Staff · CrimsonHost'));
  });

  it('opens a deposit from a click on its row', async () => {
    serveDeposits([paid]);
    const { router, user } = renderDeposits();
    await user.click(await screen.findByText('12 of 12'));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/admin/deposits/${paid.id}`));
  });

  it('writes the view, the network and the search to the URL and asks the API for them', async () => {
    const { asked } = serveDeposits([misdirected], 30);
    const { router, user } = renderDeposits('/admin/deposits?network=TRC20&page=2');
    await screen.findByRole('link', { name: /^TRC20 deposit to/ });
    expect(asked[0]!.searchParams.get('network')).toBe('TRC20');
    expect(asked[0]!.searchParams.get('page')).toBe('2');
    expect(screen.getByRole('radio', { name: 'All' })).toBeChecked();

    await user.click(screen.getByRole('radio', { name: 'Wrong network' }).closest('label')!);
    await waitFor(() =>
      expect(router.state.location.search).toBe('?view=misdirected&network=TRC20'),
    );
    await waitFor(() => {
      const last = asked.at(-1)!.searchParams;
      expect(last.get('view')).toBe('misdirected');
      expect(last.get('page')).toBe('1');
    });
    expect(screen.getByRole('radio', { name: 'Wrong network' })).toBeChecked();

    await user.click(screen.getByRole('combobox', { name: 'Network' }));
    await user.click(await screen.findByTitle('BEP20'));
    await waitFor(() =>
      expect(router.state.location.search).toBe('?view=misdirected&network=BEP20'),
    );

    // The search is taken once typing pauses, without pressing Enter.
    const box = screen.getByRole('searchbox', {
      name: 'Search address, transaction hash, deposit id or e-mail',
    });
    await user.type(box, '0xabc');
    await waitFor(() =>
      expect(router.state.location.search).toBe('?view=misdirected&network=BEP20&q=0xabc'),
    );
    await waitFor(() => expect(asked.at(-1)!.searchParams.get('q')).toBe('0xabc'));

    // Clearing the filters keeps the view.
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe('?view=misdirected'));
  });

  it('says when a view is empty, and offers to clear the filters', async () => {
    const { asked } = serveDeposits([]);
    const { router, user } = renderDeposits('/admin/deposits?view=late&q=nobody');
    expect(await screen.findByText('No deposits in this view')).toBeInTheDocument();
    expect(asked[0]!.searchParams.get('view')).toBe('late');
    expect(asked[0]!.searchParams.get('q')).toBe('nobody');
    const empty = screen.getByText('No deposits in this view').closest<HTMLElement>('.ant-empty')!;
    await user.click(within(empty).getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe('?view=late'));
  });

  it('offers Retry when the list cannot load', async () => {
    let fail = true;
    server.use(
      http.get('/api/admin/deposits', () =>
        fail
          ? HttpResponse.json(errorBody('INTERNAL_ERROR', 'The database is asleep.'), {
              status: 500,
            })
          : HttpResponse.json({ data: [paid], meta: { page: 1, pageSize: 20, total: 1 } }),
      ),
    );
    const { user } = renderDeposits();
    expect(await screen.findByText('The deposits could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('The database is asleep.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('1 deposit')).toBeInTheDocument();
  });

  it('keeps the table inside the page on a phone: it scrolls sideways', async () => {
    setViewportWidth(375);
    serveDeposits([paid]);
    renderDeposits();
    const table = await screen.findByRole('table', { name: /^Deposits: All/ });
    expect(table.closest('.ant-table-content, .ant-table-body')).not.toBeNull();
    expect(screen.getByRole('radio', { name: 'Open' })).toBeInTheDocument();
  });
});
