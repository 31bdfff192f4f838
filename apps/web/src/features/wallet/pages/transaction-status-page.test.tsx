import { screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { TransactionDetail } from '@crimsonhost/shared/wallet';
import { errorBody } from '../../../test/auth-fixtures';
import { server } from '../../../test/msw-server';
import { renderWithRouter } from '../../../test/render-with-router';
import {
  DEPOSIT_ADDRESS,
  TX_HASH,
  buildDepositAddress,
  buildDepositConfig,
  buildDepositStatus,
  buildTransactionDetail,
} from '../../../test/wallet-fixtures';
import {
  CANCEL_DEPOSIT_TEXT,
  CANCEL_DEPOSIT_TITLE,
  DEPOSIT_CANCELLED_MESSAGE,
  TransactionStatusPage,
} from './transaction-status-page';

const FIND = { timeout: 10_000 };

function showTransaction(transaction: TransactionDetail) {
  server.use(
    http.get('/api/wallet/transactions/:id', ({ params }) =>
      params.id === transaction.id
        ? HttpResponse.json({ data: transaction })
        : HttpResponse.json(errorBody('NOT_FOUND', 'Transaction not found'), { status: 404 }),
    ),
    http.get('/api/wallet/deposit-config', () => HttpResponse.json({ data: buildDepositConfig() })),
  );
  return renderWithRouter(<TransactionStatusPage />, {
    path: `/wallet/transactions/${transaction.id}`,
    pattern: '/wallet/transactions/:id',
  });
}

/** Each step's title and state, as antd's Steps shows them. */
function steps() {
  return [...document.querySelectorAll('.ant-steps-item')].map((item) => {
    const state = ['process', 'finish', 'error', 'wait'].find((name) =>
      item.classList.contains(`ant-steps-item-${name}`),
    );
    return `${item.querySelector('.ant-steps-item-title')?.textContent ?? ''}: ${state}`;
  });
}

const WAITING = {
  timelineStatus: 'WAITING',
  status: 'PENDING',
  confirmations: 0,
  txHash: null,
  // The fee that will be taken, as the API answers it before the credit.
  fee: '0.250000',
  balanceChange: '0.000000',
  deposit: {
    status: 'WAITING',
    expiresAt: '2026-03-14T10:00:00.000Z',
    requestedAmount: '25.000000',
    receivedAmount: '0.000000',
    paid: 'none',
    late: false,
    cancelledAt: null,
  },
} as const;

describe('transaction status view', { timeout: 60_000 }, () => {
  it("shows a waiting deposit's fee to be taken and what will reach the wallet", async () => {
    showTransaction(buildTransactionDetail(WAITING));
    const details = (await screen.findByRole('heading', { name: 'Details' }, FIND)).closest(
      '.ant-card',
    )!;
    const row = (label: string) =>
      within(details as HTMLElement)
        .getByText(label)
        .closest('tr')!.textContent;
    expect(row('Fee when credited')).toContain('0.25 USDT');
    expect(row('To your wallet')).toContain('24.75 USDT once credited; nothing yet');
    expect(details).not.toHaveTextContent('Fee0.00');
  });

  it('shows what a confirmed deposit put in the wallet after its fee', async () => {
    showTransaction(buildTransactionDetail({ fee: '0.250000', balanceChange: '24.750000' }));
    const details = (await screen.findByRole('heading', { name: 'Details' }, FIND)).closest(
      '.ant-card',
    )!;
    const row = (label: string) =>
      within(details as HTMLElement)
        .getByText(label)
        .closest('tr')!.textContent;
    expect(row('Fee')).toContain('0.25 USDT');
    expect(row('To your wallet')).toContain('+24.75 USDT');
  });

  it('pending (waiting for the payment) is step 1; Cancel Transaction confirms, then cancels the deposit', async () => {
    const waiting = buildTransactionDetail(WAITING);
    let current: TransactionDetail = waiting;
    let cancels = 0;
    server.use(
      http.get('/api/wallet/transactions/:id', () => HttpResponse.json({ data: current })),
      http.post('/api/wallet/deposits/:id/cancel', ({ params }) => {
        cancels += 1;
        expect(params.id).toBe(waiting.id);
        current = buildTransactionDetail({
          ...WAITING,
          timelineStatus: 'EXPIRED',
          status: 'FAILED',
          fee: '0.000000',
          errorMessage: 'Deposit cancelled',
          deposit: { ...WAITING.deposit, status: 'EXPIRED', cancelledAt: new Date().toISOString() },
        });
        return HttpResponse.json({ data: current });
      }),
    );
    const view = renderWithRouter(<TransactionStatusPage />, {
      path: `/wallet/transactions/${waiting.id}`,
      pattern: '/wallet/transactions/:id',
    });
    await screen.findByText('Waiting for your payment', undefined, FIND);
    expect(steps()).toEqual([
      'Created: finish',
      'Pending: process',
      'Processing: wait',
      'Completed: wait',
    ]);
    expect(screen.queryByRole('button', { name: 'Try Again' })).toBeNull();
    const details = screen.getByRole('heading', { name: 'Details' }).closest('.ant-card')!;
    expect(details).toHaveTextContent(
      `Address valid until${dayjs(WAITING.deposit.expiresAt).format('D MMM YYYY, HH:mm:ss')}`,
    );

    // First the confirmation: keeping the deposit calls nothing.
    await view.user.click(screen.getByRole('button', { name: 'Cancel Transaction' }));
    let dialog = await screen.findByRole('dialog', undefined, FIND);
    expect(dialog).toHaveTextContent(CANCEL_DEPOSIT_TITLE);
    expect(dialog).toHaveTextContent(CANCEL_DEPOSIT_TEXT);
    expect(CANCEL_DEPOSIT_TEXT).toContain('Money sent to it later is still credited');
    await view.user.click(within(dialog).getByRole('button', { name: 'Keep waiting' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(cancels).toBe(0);

    await view.user.click(screen.getByRole('button', { name: 'Cancel Transaction' }));
    dialog = await screen.findByRole('dialog', undefined, FIND);
    await view.user.click(within(dialog).getByRole('button', { name: 'Cancel deposit' }));
    expect(await screen.findByText(DEPOSIT_CANCELLED_MESSAGE, undefined, FIND)).toBeInTheDocument();
    // The view is asked again and shows the deposit as the server now has it: cancelled, not
    // expired for want of a payment.
    await screen.findByText('Deposit cancelled', { selector: '.ant-result-title' }, FIND);
    expect(
      screen.getByText(/Money sent to its address later is still credited/),
    ).toBeInTheDocument();
    expect(screen.queryByText('Deposit address expired')).toBeNull();
    expect(steps()).toEqual([
      'Created: finish',
      'Pending: finish',
      'Cancelled: error',
      'Completed: wait',
    ]);
    expect(cancels).toBe(1);
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel Transaction' })).toBeNull();
    expect(screen.getByTestId('location')).toHaveTextContent('/wallet/transactions/');
  });

  it('says plainly why a deposit could not be cancelled', async () => {
    const waiting = buildTransactionDetail(WAITING);
    server.use(
      http.post('/api/wallet/deposits/:id/cancel', () =>
        HttpResponse.json(
          errorBody(
            'DEPOSIT_NOT_CANCELLABLE',
            'A payment to this address has already been seen: it is credited once confirmed and cannot be cancelled.',
          ),
          { status: 409 },
        ),
      ),
    );
    const view = showTransaction(waiting);
    await view.user.click(await screen.findByRole('button', { name: 'Cancel Transaction' }, FIND));
    const dialog = await screen.findByRole('dialog', undefined, FIND);
    await view.user.click(within(dialog).getByRole('button', { name: 'Cancel deposit' }));
    const refusal = await screen.findByText(
      'A payment to this address has already been seen: it is credited once confirmed and cannot be cancelled.',
      undefined,
      FIND,
    );
    expect(refusal.closest('[role="alert"]')).not.toBeNull();
  });

  it("shows a waiting deposit's address, QR code and countdown again until it expires", async () => {
    const expiresAt = new Date(Date.now() + 20 * 60_000).toISOString();
    const waiting = buildTransactionDetail({
      ...WAITING,
      deposit: { ...WAITING.deposit, expiresAt },
    });
    server.use(
      http.get('/api/wallet/deposits/:id/status', () =>
        HttpResponse.json({
          data: buildDepositStatus(
            buildDepositAddress({ transactionId: waiting.id, expiresAt }),
            {},
          ),
        }),
      ),
    );
    const view = showTransaction(waiting);
    await view.user.click(
      await screen.findByRole('button', { name: 'Show address and QR code' }, FIND),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Deposit USDT' }, FIND);
    expect(await within(dialog).findByTestId('deposit-address', undefined, FIND)).toHaveTextContent(
      DEPOSIT_ADDRESS,
    );
    expect(
      within(dialog).getByRole('img', { name: /QR code of the deposit address/ }),
    ).toBeTruthy();
    expect(within(dialog).getByText('Send exactly 25.00 USDT on Ethereum (ERC20)')).toBeTruthy();
    const [minutes] = within(dialog).getByRole('timer').textContent.split(':').map(Number);
    expect(minutes).toBeGreaterThanOrEqual(19);
    expect(minutes).toBeLessThanOrEqual(20);
    // The step's own Close (the last of the two: the title bar has one too).
    await view.user.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('no longer offers the address of a waiting deposit once it has expired', async () => {
    // WAITING's address expired on 14 March 2026: the server's next answer says Expired.
    showTransaction(buildTransactionDetail(WAITING));
    await screen.findByText('Waiting for your payment', undefined, FIND);
    expect(screen.queryByRole('button', { name: 'Show address and QR code' })).toBeNull();
  });

  it('processing (confirming on the chain) is step 2 and explains why it cannot be cancelled', async () => {
    const view = showTransaction(
      // A payment seen and confirming, as the API answers it: the deposit's spec status is
      // WAITING (decision 029), the timeline's PENDING, and the confirmations are counted.
      buildTransactionDetail({
        timelineStatus: 'PENDING',
        status: 'PENDING',
        confirmations: 4,
        deposit: { ...WAITING.deposit, receivedAmount: '25.000000', paid: 'exact' },
      }),
    );
    await screen.findByText('Payment received: confirming', undefined, FIND);
    expect(steps()).toEqual([
      'Created: finish',
      'Pending: finish',
      'Processing: process',
      'Completed: wait',
    ]);
    expect(screen.getAllByText('4 of 12 confirmations').length).toBeGreaterThan(0);
    // Not cancellable, and no address to pay again: the payment is on its way.
    expect(screen.queryByRole('button', { name: 'Show address and QR code' })).toBeNull();
    await view.user.click(screen.getByRole('button', { name: 'Cancel Transaction' }));
    const dialog = await screen.findByRole('dialog', undefined, FIND);
    expect(dialog).toHaveTextContent('This payment cannot be cancelled');
    await view.user.click(within(dialog).getByRole('button', { name: 'Stay here' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/wallet/transactions/');
  });

  it('confirmed is complete and offers Back to Wallet and View Details, with every detail', async () => {
    // The chain went on counting after the credit: past the number required the count stops.
    const transaction = buildTransactionDetail({
      description: 'Deposit via Ethereum (ERC20)',
      confirmations: 13,
    });
    showTransaction(transaction);
    await screen.findByText('Deposit confirmed', undefined, FIND);
    expect(steps()).toEqual([
      'Created: finish',
      'Pending: finish',
      'Processing: finish',
      'Completed: finish',
    ]);
    expect(
      screen.getByText('24.75 USDT credited to your wallet, after a fee of 0.25 USDT.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Wallet' })).toHaveAttribute('href', '/wallet');
    expect(screen.getByRole('button', { name: 'View Details' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel Transaction' })).toBeNull();

    const details = screen.getByRole('heading', { name: 'Details' }).closest('.ant-card')!;
    for (const text of [
      '0.25 USDT',
      'ERC20',
      DEPOSIT_ADDRESS,
      TX_HASH,
      '12 of 12',
      '14 Mar 2026',
      transaction.id,
    ]) {
      expect(details).toHaveTextContent(text);
    }
  });

  it('says when a payment was short and late, and that it was credited for what arrived', async () => {
    showTransaction(
      buildTransactionDetail({
        amount: '20.000000',
        fee: '0.200000',
        deposit: {
          status: 'CONFIRMED',
          expiresAt: '2026-03-14T10:00:00.000Z',
          requestedAmount: '25.000000',
          receivedAmount: '20.000000',
          paid: 'short',
          late: true,
          cancelledAt: null,
        },
      }),
    );
    await screen.findByText('Deposit confirmed', undefined, FIND);
    const details = screen.getByRole('heading', { name: 'Details' }).closest('.ant-card')!;
    expect(details).toHaveTextContent('Received20.00 USDT');
    expect(details).toHaveTextContent(
      'Less than the 25.00 USDT asked: credited for what arrived, less the fee. Paid after the address had expired; credited all the same.',
    );
    expect(details).not.toHaveTextContent('Address valid until');
  });

  it('failed stops at step 2 in error with its message, and Try Again opens the deposit dialog', async () => {
    const view = showTransaction(
      buildTransactionDetail({
        timelineStatus: 'FAILED',
        status: 'FAILED',
        errorMessage: 'The payment disappeared from the chain and did not come back',
      }),
    );
    await screen.findByText('Transaction failed', undefined, FIND);
    expect(steps()).toEqual([
      'Created: finish',
      'Pending: finish',
      'Failed: error',
      'Completed: wait',
    ]);
    expect(
      screen.getAllByText('The payment disappeared from the chain and did not come back').length,
    ).toBe(2);
    await view.user.click(screen.getByRole('button', { name: 'Try Again' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deposit USDT' }, FIND);
    expect(await within(dialog).findByLabelText('Amount (USDT)', undefined, FIND)).toHaveValue(
      '25',
    );
  });

  it('expired stops at step 2 and offers Try Again', async () => {
    showTransaction(
      buildTransactionDetail({
        ...WAITING,
        timelineStatus: 'EXPIRED',
        status: 'FAILED',
        errorMessage: 'Deposit address expired',
      }),
    );
    await screen.findByText('Deposit address expired', { selector: '.ant-result-title' }, FIND);
    expect(steps()).toEqual([
      'Created: finish',
      'Pending: finish',
      'Expired: error',
      'Completed: wait',
    ]);
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel Transaction' })).toBeNull();
  });

  it('says when the transaction does not exist (or is not yours)', async () => {
    server.use(
      http.get('/api/wallet/transactions/:id', () =>
        HttpResponse.json(errorBody('NOT_FOUND', 'Transaction not found'), { status: 404 }),
      ),
    );
    renderWithRouter(<TransactionStatusPage />, {
      path: '/wallet/transactions/00000000-0000-4000-8000-00000000ffff',
      pattern: '/wallet/transactions/:id',
    });
    expect(await screen.findByText('Transaction not found', undefined, FIND)).toBeInTheDocument();
  });
});
