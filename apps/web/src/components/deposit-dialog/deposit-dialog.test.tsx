import { useState } from 'react';
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DepositAddress, DepositConfig, DepositStatusView } from '@crimsonhost/shared/wallet';
import { walletQueryOptions } from '../../lib/wallet/get-wallet';
import { errorBody } from '../../test/auth-fixtures';
import { server } from '../../test/msw-server';
import { renderWithRouter } from '../../test/render-with-router';
import {
  DEPOSIT_ADDRESS,
  ERC20_NETWORK,
  buildDepositAddress,
  buildDepositConfig,
  buildDepositStatus,
  buildWallet,
  confirmedStatus,
} from '../../test/wallet-fixtures';
import { DEPOSIT_STATUS_POLL_MS } from './api/get-deposit-status';
import { DepositDialog } from './deposit-dialog';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

interface DepositRequest {
  body: { amount: string; network: string };
  key: string | null;
}

/**
 * The deposit API as a test drives it: the config, the address answers in turn, and the status
 * the next poll returns (`setStatus`). Records every address request.
 */
function serveDeposits({
  config = buildDepositConfig(),
  answers,
}: {
  config?: DepositConfig;
  answers?: (request: DepositRequest, index: number) => Response | Promise<Response>;
} = {}) {
  const requests: DepositRequest[] = [];
  const deposits: DepositAddress[] = [];
  let status: ((deposit: DepositAddress) => DepositStatusView | Response) | null = null;
  let polls = 0;
  server.use(
    http.get('/api/wallet/deposit-config', () => HttpResponse.json({ data: config })),
    http.post('/api/wallet/deposits', async ({ request }) => {
      const recorded = {
        body: (await request.json()) as DepositRequest['body'],
        key: request.headers.get('idempotency-key'),
      };
      requests.push(recorded);
      if (answers) return answers(recorded, requests.length - 1);
      const deposit = buildDepositAddress({
        amount: `${recorded.body.amount}.000000`,
        network: recorded.body.network as DepositAddress['network'],
      });
      deposits.push(deposit);
      return HttpResponse.json({ data: deposit }, { status: 201 });
    }),
    http.get('/api/wallet/deposits/:id/status', ({ params }) => {
      polls += 1;
      const deposit = deposits.find((candidate) => candidate.transactionId === params.id);
      if (!deposit)
        return HttpResponse.json(errorBody('NOT_FOUND', 'Deposit not found'), { status: 404 });
      const answer = status ? status(deposit) : buildDepositStatus(deposit);
      return answer instanceof Response ? answer : HttpResponse.json({ data: answer });
    }),
  );
  return {
    requests,
    deposits,
    polls: () => polls,
    setStatus: (next: (deposit: DepositAddress) => DepositStatusView | Response) => {
      status = next;
    },
  };
}

/** A page with a Deposit button that opens the dialog, as the wallet page has. */
function Harness({ defaultAmount }: { defaultAmount?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open deposit
      </button>
      <DepositDialog open={open} onClose={() => setOpen(false)} defaultAmount={defaultAmount} />
    </>
  );
}

// A slow machine: wait longer than Testing Library's default second.
const FIND = { timeout: 5000 };

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

function renderDialog(defaultAmount?: string) {
  const view = renderWithRouter(<Harness defaultAmount={defaultAmount} />, {
    path: '/wallet',
    advanceTimers: (ms) => vi.advanceTimersByTimeAsync(ms),
  });
  return view;
}

async function openDialog(view: ReturnType<typeof renderDialog>) {
  await view.user.click(screen.getByRole('button', { name: 'Open deposit' }));
  const dialog = await screen.findByRole('dialog', { name: 'Deposit USDT' });
  await within(dialog).findByLabelText('Amount (USDT)');
  return dialog;
}

const amountField = () => screen.getByLabelText('Amount (USDT)');

/** The message under the amount field (antd animates one message out as the next comes in). */
const expectAmountError = (message: string) =>
  waitFor(
    () =>
      expect(
        amountField().closest('.ant-form-item')!.querySelector('.ant-form-item-explain'),
      ).toHaveTextContent(new RegExp(`^${message}$`)),
    FIND,
  );
const generateButton = () => screen.getByRole('button', { name: 'Generate Deposit Address' });

async function generate(view: ReturnType<typeof renderDialog>, amount = '25') {
  await view.user.clear(amountField());
  await view.user.type(amountField(), amount);
  await view.user.click(generateButton());
}

/** A toast, as antd's message shows it. */
const toast = (text: string) => screen.findByText(text, { selector: '.ant-message *' }, FIND);

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('deposit dialog, step 0: the amount', { timeout: 30_000 }, () => {
  it('puts the focus on the amount, its first field, not on Close', async () => {
    serveDeposits();
    const view = renderDialog();
    await openDialog(view);
    await waitFor(() => expect(amountField()).toHaveFocus(), FIND);
  });

  it('offers the networks with fee, processing time and confirmations, and labels the demo chain', async () => {
    serveDeposits();
    const view = renderDialog();
    const dialog = await openDialog(view);
    const networks = within(dialog).getByRole('radiogroup', { name: 'Network' });
    const erc20 = within(networks).getByRole('radio', { name: /Ethereum \(ERC20\)/ });
    expect(erc20).toBeChecked();
    expect(
      within(networks).getByText('Fee 1% · About 3 minutes · 12 confirmations'),
    ).toBeInTheDocument();
    expect(
      within(networks).getByText('Fee 0.5% · About 1 minute · 15 confirmations'),
    ).toBeInTheDocument();
    expect(within(networks).getAllByText('Demo network')).toHaveLength(1);
    expect(
      within(dialog).getByText(
        /1% of the amount that arrives is kept, rounded down to the micro-USDT \(0.000001 USDT\). Your wallet is credited the rest./,
      ),
    ).toBeInTheDocument();
  });

  it('explains a refusal for an unverified address and offers a new verification link', async () => {
    serveDeposits({
      answers: () =>
        HttpResponse.json(
          errorBody(
            'EMAIL_NOT_VERIFIED',
            'Please verify your e-mail address first: open the link we mailed you, or ask for a new one.',
          ),
          { status: 403 },
        ),
    });
    let resent = 0;
    server.use(
      http.post('/api/auth/verify-email/resend', () => {
        resent += 1;
        return HttpResponse.json({ data: { accepted: true } }, { status: 202 });
      }),
    );
    const view = renderDialog();
    const dialog = await openDialog(view);
    await generate(view);

    expect(
      await within(dialog).findByText('Verify your e-mail address', undefined, FIND),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText(/Deposits open once you confirm your e-mail address/),
    ).toBeInTheDocument();
    await view.user.click(within(dialog).getByRole('button', { name: 'Send a new link' }));
    expect(
      await within(dialog).findByText(/We sent a new link/, undefined, FIND),
    ).toBeInTheDocument();
    expect(resent).toBe(1);
  });

  it('requires an amount and applies the minimum and the maximum with the spec messages', async () => {
    const { requests } = serveDeposits({
      config: buildDepositConfig({ maxAmount: '1000.000000' }),
    });
    const view = renderDialog();
    await openDialog(view);

    await view.user.click(generateButton());
    await expectAmountError('Please enter deposit amount');

    await view.user.type(amountField(), '9.5');
    await expectAmountError('Minimum amount is 10 USDT');

    await view.user.clear(amountField());
    await view.user.type(amountField(), '1000.01');
    await expectAmountError('Maximum amount is 1000 USDT');

    await view.user.click(generateButton());
    expect(requests).toHaveLength(0);
  });

  it('groups thousands with commas, steps by 10, and sends the amount exactly as typed', async () => {
    const { requests } = serveDeposits();
    const view = renderDialog();
    await openDialog(view);

    await view.user.type(amountField(), '12345.123456');
    expect(amountField()).toHaveValue('12,345.123456');
    await view.user.click(screen.getByRole('radio', { name: /BNB Smart Chain/ }));
    await view.user.click(generateButton());
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]!.body).toEqual({ amount: '12345.123456', network: 'BEP20' });
  });

  it('steps the amount by 10 with the arrow keys', async () => {
    serveDeposits();
    const view = renderDialog();
    await openDialog(view);
    await view.user.type(amountField(), '20');
    await view.user.keyboard('{ArrowUp}');
    expect(amountField()).toHaveValue('30');
    await view.user.keyboard('{ArrowDown}{ArrowDown}');
    expect(amountField()).toHaveValue('10');
  });

  it('shows what an amount gives after the fee, exactly', async () => {
    serveDeposits();
    const view = renderDialog();
    await openDialog(view);
    await view.user.type(amountField(), '25.5');
    expect(
      await screen.findByText(
        'If exactly 25.50 USDT arrives: fee 0.255 USDT, credited 25.245 USDT.',
        undefined,
        FIND,
      ),
    ).toBeInTheDocument();
  });
});

describe('deposit dialog, generating the address', { timeout: 30_000 }, () => {
  it('says so and shows the address, QR code, amount and the 30:00 countdown', async () => {
    const { requests } = serveDeposits();
    const view = renderDialog();
    const dialog = await openDialog(view);
    await generate(view, '25');

    expect(await toast('Deposit address generated successfully!')).toBeInTheDocument();
    expect(within(dialog).getByTestId('deposit-address')).toHaveTextContent(DEPOSIT_ADDRESS);
    const qr = within(dialog).getByRole('img', {
      name: `QR code of the deposit address ${DEPOSIT_ADDRESS}`,
    });
    expect(qr.tagName.toLowerCase()).toBe('svg');
    expect(qr).toHaveAttribute('height', '200');
    expect(
      within(dialog).getByText('Send exactly 25.00 USDT on Ethereum (ERC20)'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('timer', { name: 'Time left to pay' })).toHaveTextContent(
      '30:00',
    );
    expect(within(dialog).getByText('0 of 12 confirmations')).toBeInTheDocument();
    expect(within(dialog).getByText('Demo network')).toBeInTheDocument();
    expect(requests[0]!.key).toMatch(UUID);
  });

  it('counts the 30 minutes down as mm:ss', async () => {
    serveDeposits();
    const view = renderDialog();
    const dialog = await openDialog(view);
    await generate(view);
    const timer = await within(dialog).findByRole('timer', undefined, FIND);
    await advance(61_000);
    expect(timer).toHaveTextContent('28:59');
    await advance(20 * 60_000);
    // Fake time also moves with the real time the test takes: allow a few seconds of that.
    const [minutes, seconds] = timer.textContent.split(':').map(Number);
    expect(minutes! * 60 + seconds!).toBeGreaterThan(8 * 60 + 45);
    expect(minutes! * 60 + seconds!).toBeLessThanOrEqual(8 * 60 + 59);
  });

  it("toasts the general failure, or the error's own message, and stays on the amount", async () => {
    serveDeposits({
      answers: (_request, index) =>
        index === 0
          ? HttpResponse.json(errorBody('INTERNAL_ERROR', 'Internal server error'), { status: 500 })
          : HttpResponse.json(
              errorBody(
                'NETWORK_UNAVAILABLE',
                'Deposits on ERC20 are not available right now. Choose another network.',
              ),
              { status: 422 },
            ),
    });
    const view = renderDialog();
    await openDialog(view);
    await generate(view);
    expect(await toast('Failed to generate deposit address')).toBeInTheDocument();
    await view.user.click(generateButton());
    expect(
      await toast('Deposits on ERC20 are not available right now. Choose another network.'),
    ).toBeInTheDocument();
    expect(generateButton()).toBeInTheDocument();
  });

  it('shows a refused amount on the field with the API message', async () => {
    serveDeposits({
      answers: () =>
        HttpResponse.json(
          errorBody('VALIDATION_ERROR', 'Minimum amount is 20 USDT', {
            fields: [{ field: 'amount', message: 'Minimum amount is 20 USDT' }],
          }),
          { status: 400 },
        ),
    });
    const view = renderDialog();
    await openDialog(view);
    await generate(view, '15');
    expect(await toast('Minimum amount is 20 USDT')).toBeInTheDocument();
    expect(
      screen.getByText('Minimum amount is 20 USDT', { selector: '.ant-form-item-explain-error' }),
    ).toBeInTheDocument();
  });

  it('retries an attempt with the same Idempotency-Key and a changed one with a new key', async () => {
    const { requests } = serveDeposits({
      answers: () => HttpResponse.json(errorBody('INTERNAL_ERROR', 'Internal'), { status: 500 }),
    });
    const view = renderDialog();
    await openDialog(view);
    await generate(view, '25');
    await waitFor(() => expect(requests).toHaveLength(1));
    await view.user.click(generateButton());
    await waitFor(() => expect(requests).toHaveLength(2));
    await generate(view, '30');
    await waitFor(() => expect(requests).toHaveLength(3));
    expect(requests[1]!.key).toBe(requests[0]!.key);
    expect(requests[2]!.key).not.toBe(requests[0]!.key);
  });
});

describe('deposit dialog, step 1: paying', { timeout: 30_000 }, () => {
  function mockClipboard(writeText: (text: string) => Promise<void>) {
    const spy = vi.fn(writeText);
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: spy },
      configurable: true,
    });
    return spy;
  }

  it.each(['ERC20', 'TRC20'] as const)(
    'shows the demo:pay command for a %s deposit on the demo chain',
    async (network) => {
      const demoNetwork = { ...ERC20_NETWORK, id: network, displayName: `Demo ${network}` };
      serveDeposits({
        config: buildDepositConfig({ defaultNetwork: network, networks: [demoNetwork] }),
      });
      const view = renderDialog();
      const dialog = await openDialog(view);
      await generate(view, '25');
      await within(dialog).findByTestId('deposit-address', undefined, FIND);
      expect(
        within(dialog).getByText(
          `npm run demo:pay -- --network ${network} --to ${DEPOSIT_ADDRESS} --amount 25`,
        ),
      ).toBeInTheDocument();
    },
  );

  it('copies the address, and says when the copy failed', async () => {
    serveDeposits();
    const view = renderDialog();
    await openDialog(view);
    await generate(view);
    const copy = await screen.findByRole('button', { name: 'Copy address' }, FIND);

    const writeText = mockClipboard(() => Promise.resolve());
    await view.user.click(copy);
    expect(writeText).toHaveBeenCalledWith(DEPOSIT_ADDRESS);
    expect(await toast('Address copied to clipboard!')).toBeInTheDocument();

    mockClipboard(() => Promise.reject(new Error('denied')));
    await view.user.click(copy);
    expect(await toast('Failed to copy address. Please copy manually.')).toBeInTheDocument();
  });

  it('polls the status: confirmations advance, then confirmed moves to step 2', async () => {
    const api = serveDeposits();
    const view = renderDialog();
    view.queryClient.setQueryData(walletQueryOptions().queryKey, buildWallet());
    const dialog = await openDialog(view);
    await generate(view);
    await toast('Deposit address generated successfully!');
    expect(
      await within(dialog).findByText('Waiting for your payment…', undefined, FIND),
    ).toBeInTheDocument();

    api.setStatus((deposit) =>
      // Seen and confirming: still the spec's WAITING, with its confirmations (decision 029).
      buildDepositStatus(deposit, {
        depositStatus: 'WAITING',
        confirmations: 3,
        receivedAmount: '25.000000',
        paid: 'exact',
      }),
    );
    await advance(DEPOSIT_STATUS_POLL_MS);
    expect(
      await within(dialog).findByText('3 of 12 confirmations', undefined, FIND),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '25');
    expect(
      within(dialog).getByText('Payment received: waiting for the blockchain to confirm it.'),
    ).toBeInTheDocument();

    api.setStatus((deposit) => confirmedStatus(deposit));
    await advance(DEPOSIT_STATUS_POLL_MS);
    expect(await toast('Deposit confirmed successfully!')).toBeInTheDocument();
    expect(within(dialog).getByText('Deposit confirmed')).toBeInTheDocument();
    expect(within(dialog).getByText('24.75 USDT was added to your wallet.')).toBeInTheDocument();
    expect(
      within(dialog).getByText('0.25 USDT (1% of what arrived, rounded down to the micro-USDT)'),
    ).toBeInTheDocument();
    expect(view.queryClient.getQueryState(walletQueryOptions().queryKey)?.isInvalidated).toBe(true);

    const polled = api.polls();
    await advance(DEPOSIT_STATUS_POLL_MS * 3);
    expect(api.polls()).toBe(polled);
  });

  it('shows a failed payment with its error and stays on the step', async () => {
    const api = serveDeposits();
    const view = renderDialog();
    const dialog = await openDialog(view);
    await generate(view);
    await toast('Deposit address generated successfully!');
    api.setStatus((deposit) =>
      buildDepositStatus(deposit, {
        status: 'failed',
        depositStatus: 'FAILED',
        errorMessage: 'The payment disappeared from the chain and did not come back',
      }),
    );
    await advance(DEPOSIT_STATUS_POLL_MS);
    expect(await toast('Transaction failed. Please try again.')).toBeInTheDocument();
    const alert = within(dialog).getByRole('alert');
    expect(alert).toHaveTextContent('Transaction failed. Please try again.');
    expect(alert).toHaveTextContent('The payment disappeared from the chain and did not come back');
    expect(within(dialog).getByTestId('deposit-address')).toBeInTheDocument();
    // Still watched: a payment that comes back is credited.
    const polled = api.polls();
    await advance(DEPOSIT_STATUS_POLL_MS);
    await waitFor(() => expect(api.polls()).toBeGreaterThan(polled));
  });

  it('says when a status check failed, once, and keeps checking', async () => {
    const api = serveDeposits();
    const view = renderDialog();
    const dialog = await openDialog(view);
    await generate(view);
    await toast('Deposit address generated successfully!');
    api.setStatus(() =>
      HttpResponse.json(errorBody('INTERNAL_ERROR', 'Internal'), { status: 500 }),
    );
    await advance(DEPOSIT_STATUS_POLL_MS);
    expect(await toast('Failed to check transaction status')).toBeInTheDocument();
    await advance(DEPOSIT_STATUS_POLL_MS);
    expect(screen.getAllByText('Failed to check transaction status')).toHaveLength(1);
    api.setStatus((deposit) =>
      buildDepositStatus(deposit, {
        confirmations: 5,
        receivedAmount: '25.000000',
        paid: 'exact',
      }),
    );
    await advance(DEPOSIT_STATUS_POLL_MS);
    expect(
      await within(dialog).findByText('5 of 12 confirmations', undefined, FIND),
    ).toBeInTheDocument();
  });

  it('goes back to the amount with its warning when the 30 minutes pass unpaid, for a new address', async () => {
    const { requests } = serveDeposits();
    const view = renderDialog();
    const dialog = await openDialog(view);
    await generate(view, '40');
    await toast('Deposit address generated successfully!');

    await advance(30 * 60_000);
    expect(await toast('Deposit address expired. Please generate a new one.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Amount (USDT)')).toHaveValue('40');
    expect(within(dialog).queryByTestId('deposit-address')).not.toBeInTheDocument();

    await view.user.click(generateButton());
    await waitFor(() => expect(requests).toHaveLength(2));
    expect(requests[1]!.key).not.toBe(requests[0]!.key);
  });

  it('goes back to the amount when the server expired the address', async () => {
    const api = serveDeposits();
    const view = renderDialog();
    const dialog = await openDialog(view);
    await generate(view);
    await toast('Deposit address generated successfully!');
    api.setStatus((deposit) =>
      buildDepositStatus(deposit, { status: 'failed', depositStatus: 'EXPIRED' }),
    );
    await advance(DEPOSIT_STATUS_POLL_MS);
    expect(await toast('Deposit address expired. Please generate a new one.')).toBeInTheDocument();
    expect(
      within(dialog).getByRole('button', { name: 'Generate Deposit Address' }),
    ).toBeInTheDocument();
  });

  it('keeps waiting past the countdown when the payment arrived in time and is confirming', async () => {
    const api = serveDeposits();
    const view = renderDialog();
    const dialog = await openDialog(view);
    await generate(view);
    await toast('Deposit address generated successfully!');
    api.setStatus((deposit) =>
      buildDepositStatus(deposit, {
        depositStatus: 'WAITING',
        confirmations: 1,
        receivedAmount: '20.000000',
        paid: 'short',
      }),
    );
    await advance(DEPOSIT_STATUS_POLL_MS);
    await within(dialog).findByText('1 of 12 confirmations', undefined, FIND);
    expect(
      within(dialog).getByText(
        '20.00 USDT arrived, less than the 25.00 USDT asked: your wallet is credited for what arrived.',
      ),
    ).toBeInTheDocument();
    await advance(30 * 60_000);
    expect(within(dialog).getByTestId('deposit-address')).toBeInTheDocument();
    expect(screen.queryByText('Deposit address expired. Please generate a new one.')).toBeNull();
  });
});

describe('deposit dialog, closing and step 2', { timeout: 30_000 }, () => {
  it('starts again from the amount after it was closed', async () => {
    serveDeposits();
    const view = renderDialog('50');
    let dialog = await openDialog(view);
    expect(amountField()).toHaveValue('50');
    await generate(view, '70');
    await within(dialog).findByTestId('deposit-address', undefined, FIND);

    await view.user.click(within(dialog).getByText('Close', { selector: 'button *' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    dialog = await openDialog(view);
    expect(within(dialog).queryByTestId('deposit-address')).not.toBeInTheDocument();
    expect(amountField()).toHaveValue('50');
    // Opened again with the config already at hand: the amount has the focus all the same.
    await waitFor(() => expect(amountField()).toHaveFocus(), FIND);
  });

  it('tells a late, short or larger payment on the confirmation, and opens the details', async () => {
    const api = serveDeposits();
    const view = renderDialog();
    const dialog = await openDialog(view);
    await generate(view);
    await toast('Deposit address generated successfully!');
    api.setStatus((deposit) =>
      confirmedStatus(deposit, {
        receivedAmount: '30.000000',
        creditedAmount: '29.700000',
        fee: '0.300000',
        paid: 'over',
        late: true,
      }),
    );
    await advance(DEPOSIT_STATUS_POLL_MS);
    await within(dialog).findByText('Deposit confirmed', undefined, FIND);
    // The last step is done: its completed mark, not the number 3.
    const stepsShown = [...dialog.querySelectorAll('.ant-steps-item')];
    expect(stepsShown).toHaveLength(3);
    for (const step of stepsShown) expect(step).toHaveClass('ant-steps-item-finish');
    expect(stepsShown[2]!.querySelector('.ant-steps-item-icon')).not.toHaveTextContent('3');
    expect(
      within(dialog).getByText(
        'More than asked arrived (30.00 USDT for 25.00 USDT): you were credited for all of it.',
      ),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText(
        'The payment arrived after the address had expired. It was credited all the same.',
      ),
    ).toBeInTheDocument();

    await view.user.click(within(dialog).getByRole('button', { name: 'View Details' }));
    const id = api.deposits[0]!.transactionId;
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(`/wallet/transactions/${id}`),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

describe('deposit dialog, a device whose clock is off', { timeout: 30_000 }, () => {
  it("counts down to the server's expiry, not the device's idea of it", async () => {
    const serverNow = Date.now() - 5 * 60_000;
    serveDeposits({
      answers: () =>
        HttpResponse.json(
          { data: buildDepositAddress({}, serverNow) },
          { status: 201, headers: { Date: new Date(serverNow).toUTCString() } },
        ),
    });
    const view = renderDialog();
    const dialog = await openDialog(view);
    await generate(view);
    const timer = await within(dialog).findByRole('timer', undefined, FIND);
    expect(timer.textContent).toMatch(/^(30:00|29:5\d)$/);
  });
});
