import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { TransactionDetail } from '@crimsonhost/shared/wallet';
import { server } from '../../../test/msw-server';
import { renderWithRouter } from '../../../test/render-with-router';
import {
  PAYPAL_APPROVE_URL,
  PAYPAL_CAPTURE_ID,
  PAYPAL_ORDER_ID,
  buildDepositConfig,
  buildPayPalConfig,
  buildPayPalTransactionDetail,
} from '../../../test/wallet-fixtures';
import {
  CANCEL_PAYPAL_TEXT,
  CANCEL_PAYPAL_TITLE,
  PAYPAL_CANCELLED_MESSAGE,
} from '../components/paypal-transaction-status';
import { TransactionStatusPage } from './transaction-status-page';

const FIND = { timeout: 10_000 };

/** Serves the transaction as `current()` says it is now, and PayPal's deposit config. */
function showTransaction(current: () => TransactionDetail) {
  const id = current().id;
  server.use(
    http.get('/api/wallet/transactions/:id', () => HttpResponse.json({ data: current() })),
    http.get('/api/wallet/deposit-config', () =>
      HttpResponse.json({ data: buildDepositConfig({ paypal: buildPayPalConfig() }) }),
    ),
  );
  return renderWithRouter(<TransactionStatusPage />, {
    path: `/wallet/transactions/${id}`,
    pattern: '/wallet/transactions/:id',
  });
}

const card = (title: string) =>
  screen.getByRole('heading', { level: 2, name: title }).closest('.ant-card') as HTMLElement;

/** A row of a details list: its label and its value. */
const row = (within_: HTMLElement, label: string) =>
  within(within_).getByText(label, { selector: 'th, th *' }).closest('tr')!.textContent;

describe('the status view of a PayPal deposit', { timeout: 60_000 }, () => {
  it('shows a completed payment: what was paid, the fee, the credit and the ids, no chain', async () => {
    showTransaction(() =>
      buildPayPalTransactionDetail({ state: 'COMPLETED', captureId: PAYPAL_CAPTURE_ID }),
    );
    expect(await screen.findByText('Payment received', undefined, FIND)).toBeInTheDocument();
    expect(screen.getByText('18.812 USDT was added to your wallet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Wallet' })).toHaveAttribute('href', '/wallet');
    expect(screen.getByRole('button', { name: 'View Details' })).toBeInTheDocument();

    const paypal = card('PayPal');
    expect(row(paypal, 'State')).toBe('StateCompleted');
    expect(row(paypal, 'Payment status')).toBe('Payment statusCompleted');
    expect(row(paypal, 'Amount at PayPal')).toBe('Amount at PayPal20.00 USD');
    expect(row(paypal, 'Fee')).toBe('Fee1.188 USDT');
    expect(row(paypal, 'Credited to your wallet')).toBe('Credited to your wallet18.812 USDT');
    expect(row(paypal, 'PayPal order ID')).toBe(`PayPal order ID${PAYPAL_ORDER_ID}`);
    expect(row(paypal, 'PayPal capture ID')).toBe(`PayPal capture ID${PAYPAL_CAPTURE_ID}`);
    expect(within(paypal).queryByText('Refunded')).toBeNull();

    const details = card('Details');
    expect(row(details, 'Payment method')).toBe('Payment methodPayPal');
    expect(row(details, 'To your wallet')).toBe('To your wallet+18.81 USDT');
    for (const crypto of ['Network', 'Address', 'Transaction hash', 'Confirmations']) {
      expect(within(details).queryByText(crypto)).toBeNull();
    }
    // No crypto steps, address or QR code.
    expect(document.querySelector('.ant-steps')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Show address and QR code' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel Transaction' })).toBeNull();
  });

  it('shows what was refunded and why', async () => {
    showTransaction(() =>
      buildPayPalTransactionDetail({
        state: 'PARTIALLY_REFUNDED',
        captureId: PAYPAL_CAPTURE_ID,
        refunded: '5.000000',
        reason: 'Refunded by CrimsonHost support',
      }),
    );
    await screen.findByText('Payment received, partly refunded', undefined, FIND);
    const paypal = card('PayPal');
    expect(row(paypal, 'Refunded')).toBe('Refunded5.00 USDT');
    expect(row(paypal, 'Reason')).toBe('ReasonRefunded by CrimsonHost support');
    expect(row(paypal, 'State')).toBe('StatePartly refunded');
  });

  it('waiting for approval: Continue at PayPal, or Cancel payment after a confirmation', async () => {
    let current = buildPayPalTransactionDetail({ state: 'CREATED' });
    const waiting = current;
    let cancels = 0;
    server.use(
      http.post('/api/wallet/paypal/orders/:orderId/cancel', ({ params }) => {
        cancels += 1;
        expect(params.orderId).toBe(PAYPAL_ORDER_ID);
        current = buildPayPalTransactionDetail(
          { ...waiting.paypal!, state: 'CANCELLED', paymentStatus: 'failed', approveUrl: null },
          { id: waiting.id },
        );
        return HttpResponse.json({ data: current.paypal });
      }),
    );
    const view = showTransaction(() => current);
    expect(
      await screen.findByText(
        'Waiting for your approval at PayPal',
        { selector: '.ant-result-title' },
        FIND,
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue at PayPal' })).toHaveAttribute(
      'href',
      PAYPAL_APPROVE_URL,
    );
    expect(row(card('PayPal'), 'PayPal capture ID')).toBe('PayPal capture IDNot captured yet');
    expect(row(card('PayPal'), 'Credited to your wallet')).toBe(
      'Credited to your wallet18.812 USDT once PayPal completes the payment',
    );

    // First the confirmation: keeping the payment calls nothing.
    await view.user.click(screen.getByRole('button', { name: 'Cancel payment' }));
    let dialog = await screen.findByRole('dialog', undefined, FIND);
    expect(dialog).toHaveTextContent(CANCEL_PAYPAL_TITLE);
    expect(dialog).toHaveTextContent(CANCEL_PAYPAL_TEXT);
    await view.user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(cancels).toBe(0);

    await view.user.click(screen.getByRole('button', { name: 'Cancel payment' }));
    dialog = await screen.findByRole('dialog', undefined, FIND);
    await view.user.click(within(dialog).getByRole('button', { name: 'Cancel payment' }));
    expect(await screen.findByText(PAYPAL_CANCELLED_MESSAGE, undefined, FIND)).toBeInTheDocument();
    // The view is asked again and shows the payment as the server now has it.
    expect(
      await screen.findByText('Payment cancelled', { selector: '.ant-result-title' }, FIND),
    ).toBeInTheDocument();
    expect(cancels).toBe(1);
    expect(screen.queryByRole('link', { name: 'Continue at PayPal' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });

  it('a failed payment says why, and Try Again opens the dialog on PayPal with its amount', async () => {
    const view = showTransaction(() =>
      buildPayPalTransactionDetail({
        state: 'FAILED',
        reason: 'PayPal declined the payment: the card was refused',
      }),
    );
    await screen.findByText('Payment failed', { selector: '.ant-result-title' }, FIND);
    expect(
      screen.getByText(
        'PayPal declined the payment: the card was refused. Nothing was added to your wallet.',
      ),
    ).toBeInTheDocument();
    expect(row(card('PayPal'), 'Credited to your wallet')).toBe('Credited to your walletNothing');
    await view.user.click(screen.getByRole('button', { name: 'Try Again' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deposit USDT' }, FIND);
    expect(await within(dialog).findByLabelText('Amount (USD)', undefined, FIND)).toHaveValue(
      '20.00',
    );
    expect(within(dialog).getByRole('radio', { name: 'PayPal' })).toBeChecked();
  });
});
