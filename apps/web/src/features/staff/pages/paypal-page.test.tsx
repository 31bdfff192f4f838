import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { errorBody } from '../../../test/auth-fixtures';
import { setViewportWidth } from '../../../test/match-media';
import { server } from '../../../test/msw-server';
import { renderInApp, signIn } from '../../../test/rental-fixtures';
import { SUPPORT_USER } from '../test/desk-fixtures';
import {
  buildAdminPayPalPayment,
  buildPayPalDispute,
  buildReconciliation,
  servePayPalPayments,
  serveReconciliation,
} from '../test/paypal-fixtures';
import { PayPalPage } from './paypal-page';

const completed = buildAdminPayPalPayment();
const partlyRefunded = buildAdminPayPalPayment({
  user: { id: '60000000-0000-4000-8000-000000000077', name: 'Vic Payer', email: 'vic@example.com' },
  orderId: '8MC585209K746392H',
  state: 'PARTIALLY_REFUNDED',
  value: '50.00',
  usdtAmount: '50.000000',
  fee: '2.235000',
  credit: '47.765000',
  refunded: '5.000000',
  refundableValue: '45.00',
  refundedValue: '5.00',
});
const pending = buildAdminPayPalPayment({
  orderId: '2GG279541U471931P',
  state: 'PENDING',
  paymentStatus: 'pending',
  refundableValue: '0.00',
  reason: 'PayPal is reviewing the payment',
});

function renderPayPal(at = '/admin/paypal') {
  signIn(SUPPORT_USER);
  return renderInApp(<PayPalPage />, { path: '/admin/paypal', at });
}

describe('the PayPal payments list', () => {
  it('lists payments with payer, amounts, state, refunds and order id', async () => {
    const { asked } = servePayPalPayments([partlyRefunded, completed, pending]);
    serveReconciliation();
    renderPayPal();
    const table = await screen.findByRole('table', {
      name: 'PayPal payments: All states, newest first',
    });
    const link = within(table).getByRole('link', {
      name: 'PayPal payment of 50.00 USD, Partly refunded, order 8MC585209K746392H',
    });
    expect(link).toHaveAttribute('href', `/admin/paypal/${partlyRefunded.transactionId}`);
    const row = link.closest('tr')!;
    expect(within(row).getByRole('link', { name: 'Vic Payer' })).toHaveAttribute(
      'href',
      '/admin/users/60000000-0000-4000-8000-000000000077',
    );
    expect(within(row).getByText('vic@example.com')).toBeInTheDocument();
    expect(within(row).getByText('50.00 USD')).toBeInTheDocument();
    // Exact to the micro-USDT: what reached the wallet is not rounded.
    expect(within(row).getByText('47.765 USDT')).toBeInTheDocument();
    expect(within(row).getByText('Partly refunded')).toBeInTheDocument();
    expect(within(row).getByText('5.00 USD')).toBeInTheDocument();

    // A payment PayPal holds has credited nothing yet, and nothing was refunded.
    const held = within(table)
      .getByRole('link', { name: /order 2GG279541U471931P$/ })
      .closest('tr')!;
    expect(within(held).getByText('Held by PayPal')).toBeInTheDocument();
    expect(within(held).getByText('Not credited')).toBeInTheDocument();
    expect(within(held).getByText('—')).toBeInTheDocument();

    expect(screen.getByText('3 payments')).toBeInTheDocument();
    expect(asked[0]!.searchParams.get('state')).toBeNull();
    expect(asked[0]!.searchParams.get('q')).toBeNull();
    expect(asked[0]!.searchParams.get('page')).toBe('1');
    expect(asked[0]!.searchParams.get('pageSize')).toBe('20');
    expect(screen.getByRole('radio', { name: 'Payments' })).toBeChecked();
    await waitFor(() => expect(document.title).toBe('PayPal · Staff · CrimsonHost'));
  });

  it('opens a payment from a click on its row', async () => {
    servePayPalPayments([completed]);
    serveReconciliation();
    const { router, user } = renderPayPal();
    await user.click(await screen.findByText('18.812 USDT'));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/admin/paypal/${completed.transactionId}`),
    );
  });

  it('writes the state and the search to the URL and asks the API for them', async () => {
    const { asked } = servePayPalPayments([partlyRefunded], 30);
    serveReconciliation();
    const { router, user } = renderPayPal('/admin/paypal?state=COMPLETED&page=2');
    await screen.findByRole('link', { name: /order 8MC585209K746392H$/ });
    expect(asked[0]!.searchParams.get('state')).toBe('COMPLETED');
    expect(asked[0]!.searchParams.get('page')).toBe('2');
    expect(
      screen.getByRole('table', { name: 'PayPal payments: Completed, newest first' }),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'State' }));
    await user.click(await screen.findByTitle('Partly refunded'));
    await waitFor(() => expect(router.state.location.search).toBe('?state=PARTIALLY_REFUNDED'));
    await waitFor(() => {
      const last = asked.at(-1)!.searchParams;
      expect(last.get('state')).toBe('PARTIALLY_REFUNDED');
      expect(last.get('page')).toBe('1');
    });

    // The search is taken once typing pauses, without pressing Enter.
    const box = screen.getByRole('searchbox', {
      name: 'Search order id, capture id, transaction id, e-mail or name',
    });
    await user.type(box, 'vic@');
    await waitFor(() =>
      expect(router.state.location.search).toBe('?state=PARTIALLY_REFUNDED&q=vic%40'),
    );
    await waitFor(() => expect(asked.at(-1)!.searchParams.get('q')).toBe('vic@'));
    expect(asked.at(-1)!.searchParams.get('state')).toBe('PARTIALLY_REFUNDED');

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() => expect(asked.at(-1)!.searchParams.get('state')).toBeNull());
  });

  it('says when there are no PayPal payments at all', async () => {
    servePayPalPayments([]);
    serveReconciliation();
    renderPayPal();
    expect(await screen.findByText('No PayPal payments yet')).toBeInTheDocument();
    const empty = screen.getByText('No PayPal payments yet').closest<HTMLElement>('.ant-empty')!;
    expect(within(empty).queryByRole('button', { name: 'Clear filters' })).toBeNull();
  });

  it('says when no payment matches the filters, and offers to clear them', async () => {
    const { asked } = servePayPalPayments([]);
    serveReconciliation();
    const { router, user } = renderPayPal('/admin/paypal?state=REVERSED&q=nobody');
    expect(await screen.findByText('No payment matches these filters')).toBeInTheDocument();
    expect(asked[0]!.searchParams.get('state')).toBe('REVERSED');
    expect(asked[0]!.searchParams.get('q')).toBe('nobody');
    const empty = screen
      .getByText('No payment matches these filters')
      .closest<HTMLElement>('.ant-empty')!;
    await user.click(within(empty).getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('offers Retry when the list cannot load', async () => {
    let fail = true;
    serveReconciliation();
    server.use(
      http.get('/api/admin/paypal/payments', () =>
        fail
          ? HttpResponse.json(errorBody('INTERNAL_ERROR', 'The database is asleep.'), {
              status: 500,
            })
          : HttpResponse.json({ data: [completed], meta: { page: 1, pageSize: 20, total: 1 } }),
      ),
    );
    const { user } = renderPayPal();
    expect(await screen.findByText('The PayPal payments could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('The database is asleep.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('1 payment')).toBeInTheDocument();
  });

  it('keeps the table inside the page on a phone: it scrolls sideways', async () => {
    setViewportWidth(375);
    servePayPalPayments([completed]);
    serveReconciliation();
    renderPayPal();
    const table = await screen.findByRole('table', { name: /^PayPal payments/ });
    expect(table.closest('.ant-table-content, .ant-table-body')).not.toBeNull();
    expect(screen.getByRole('radio', { name: 'Reconciliation' })).toBeInTheDocument();
  });
});

describe('PayPal reconciliation', () => {
  const disputed = buildAdminPayPalPayment({ orderId: '9XK12345AB6789012' });
  const dispute = buildPayPalDispute(disputed, { disputeId: 'PP-D-27803' });
  const check = buildReconciliation({
    findings: [
      {
        kind: 'CAPTURED_NOT_CREDITED',
        transactionId: disputed.transactionId,
        reference: '3C679366HH908993F',
        detail: 'The capture was 25.00 USD and the order 20.00 USD',
        since: '2026-11-24T09:00:00.000Z',
      },
      {
        kind: 'EVENT_NOT_PROCESSED',
        transactionId: null,
        reference: 'WH-2WR32451HC0233532-67976317FL4543714',
        detail: 'PAYMENT.CAPTURE.REFUNDED',
        since: '2026-11-22T12:00:00.000Z',
      },
    ],
    debts: [
      {
        user: {
          id: '60000000-0000-4000-8000-000000000077',
          name: 'Vic Payer',
          email: 'vic@example.com',
        },
        owed: '6.312000',
      },
    ],
    openDisputes: [dispute],
  });

  it('counts the findings on its tab, from the payments too', async () => {
    servePayPalPayments([completed]);
    serveReconciliation(check);
    const { router, user } = renderPayPal();
    const tab = await screen.findByRole('radio', { name: 'Reconciliation, 2 findings' });
    await user.click(tab.closest('label')!);
    await waitFor(() => expect(router.state.location.search).toBe('?tab=reconciliation'));
    expect(await screen.findByRole('list', { name: 'Findings' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('PayPal reconciliation · Staff · CrimsonHost'));
  });

  it('lists the findings, the accounts that owe and the open disputes', async () => {
    serveReconciliation(check);
    renderPayPal('/admin/paypal?tab=reconciliation');
    const findings = await screen.findByRole('list', { name: 'Findings' });
    expect(screen.getByText('2 findings to look into')).toBeInTheDocument();
    const [captured, event] = within(findings).getAllByRole('listitem');
    expect(within(captured!).getByText('Captured, not credited')).toBeInTheDocument();
    expect(
      within(captured!).getByText('The capture was 25.00 USD and the order 20.00 USD'),
    ).toBeInTheDocument();
    // Its age as of the check: three hours before it.
    expect(within(captured!).getByText(/\(3 hours ago\)/)).toBeInTheDocument();
    expect(
      within(captured!).getByRole('link', {
        name: 'Open the payment of finding 1: Captured, not credited',
      }),
    ).toHaveAttribute('href', `/admin/paypal/${disputed.transactionId}`);
    expect(within(event!).getByText('Event not processed')).toBeInTheDocument();
    expect(within(event!).getByText('WH-2WR32451HC0233532-67976317FL4543714')).toBeInTheDocument();
    expect(within(event!).getByText(/\(2 days ago\)/)).toBeInTheDocument();
    expect(within(event!).queryByRole('link')).toBeNull();

    const owe = screen
      .getByRole('heading', { level: 2, name: 'Accounts that owe' })
      .closest<HTMLElement>('.ant-card')!;
    const debtor = within(owe).getByRole('link', { name: 'Vic Payer' });
    expect(debtor).toHaveAttribute('href', '/admin/users/60000000-0000-4000-8000-000000000077');
    const debtRow = debtor.closest('tr')!;
    expect(within(debtRow).getByText('vic@example.com')).toBeInTheDocument();
    expect(within(debtRow).getByText('6.312 USDT')).toBeInTheDocument();

    const disputes = screen
      .getByRole('heading', { level: 2, name: 'Open disputes' })
      .closest<HTMLElement>('.ant-card')!;
    const payment = within(disputes).getByRole('link', {
      name: 'PayPal payment disputed for 20.00 USD',
    });
    expect(payment).toHaveAttribute('href', `/admin/paypal/${disputed.transactionId}`);
    const disputeRow = payment.closest('tr')!;
    expect(within(disputeRow).getByText('PP-D-27803')).toBeInTheDocument();
    expect(within(disputeRow).getByText('18.812 USDT')).toBeInTheDocument();
    expect(within(disputeRow).getByText(/22 Nov 2026/)).toBeInTheDocument();
    expect(within(disputeRow).getByRole('link', { name: 'Ada Renter' })).toBeInTheDocument();

    const summary = screen
      .getByRole('heading', { level: 2, name: 'Summary' })
      .closest<HTMLElement>('.ant-card')!;
    expect(within(summary).getByText('-55.00 USDT')).toBeInTheDocument();
    expect(within(summary).getByText('6.312 USDT')).toBeInTheDocument();
    expect(within(summary).getByText('18.812 USDT')).toBeInTheDocument();
    expect(within(summary).getByText('Checked')).toBeInTheDocument();
    expect(within(summary).getByText(/24 Nov 2026/)).toBeInTheDocument();
  });

  it('says so when nothing disagrees with the ledger, nobody owes and no dispute is open', async () => {
    const { reads } = serveReconciliation();
    const { user } = renderPayPal('/admin/paypal?tab=reconciliation');
    expect(await screen.findByText('Nothing disagrees with the ledger')).toBeInTheDocument();
    expect(screen.getByText('No account owes the platform')).toBeInTheDocument();
    expect(screen.getByText('No dispute is open at PayPal')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Reconciliation' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Check again' }));
    await waitFor(() => expect(reads).toHaveLength(2));
  });

  it('offers Retry when the reconciliation cannot load', async () => {
    server.use(
      http.get('/api/admin/paypal/reconciliation', () =>
        HttpResponse.json(errorBody('INTERNAL_ERROR', 'The database is asleep.'), { status: 500 }),
      ),
    );
    renderPayPal('/admin/paypal?tab=reconciliation');
    expect(await screen.findByText('The reconciliation could not be loaded')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('stacks the debts and disputes as lists on a phone', async () => {
    setViewportWidth(375);
    serveReconciliation(check);
    renderPayPal('/admin/paypal?tab=reconciliation');
    const debts = await screen.findByRole('list', {
      name: /^Accounts that owe the platform/,
    });
    expect(within(debts).getAllByRole('listitem')).toHaveLength(1);
    expect(
      screen.getByRole('list', { name: 'Disputes open at PayPal, oldest first' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('columnheader')).toBeNull();
  });
});
