import { useState } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PaymentMethod } from '@crimsonhost/shared/paypal';
import type { DepositConfig } from '@crimsonhost/shared/wallet';
import { TEST_CSRF_TOKEN, errorBody } from '../../test/auth-fixtures';
import { server } from '../../test/msw-server';
import { renderWithRouter } from '../../test/render-with-router';
import {
  PAYPAL_APPROVE_URL,
  buildDepositConfig,
  buildPayPalConfig,
  buildPayPalPayment,
} from '../../test/wallet-fixtures';
import { DepositDialog } from './deposit-dialog';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const FIND = { timeout: 5000 };

interface OrderRequest {
  body: unknown;
  key: string | null;
  csrf: string | null;
}

/** The deposit config with PayPal on (unless told otherwise), and the order answers in turn. */
function servePayPal({
  config = buildDepositConfig({ paypal: buildPayPalConfig() }),
  answers,
}: {
  config?: DepositConfig;
  answers?: (index: number) => Response;
} = {}) {
  const requests: OrderRequest[] = [];
  server.use(
    http.get('/api/wallet/deposit-config', () => HttpResponse.json({ data: config })),
    http.post('/api/wallet/paypal/orders', async ({ request }) => {
      requests.push({
        body: await request.json(),
        key: request.headers.get('idempotency-key'),
        csrf: request.headers.get('x-csrf-token'),
      });
      if (answers) return answers(requests.length - 1);
      return HttpResponse.json({ data: buildPayPalPayment() }, { status: 201 });
    }),
  );
  return requests;
}

/** The browser's own navigation, which jsdom cannot do: recorded instead. */
function stubNavigation() {
  const assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, assign });
  return assign;
}

function Harness({
  defaultMethod,
  defaultAmount,
}: {
  defaultMethod?: PaymentMethod;
  defaultAmount?: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open deposit
      </button>
      <DepositDialog
        open={open}
        onClose={() => setOpen(false)}
        defaultMethod={defaultMethod}
        defaultAmount={defaultAmount}
      />
    </>
  );
}

async function openDialog(props: Parameters<typeof Harness>[0] = {}) {
  const view = renderWithRouter(<Harness {...props} />, { path: '/wallet' });
  await view.user.click(screen.getByRole('button', { name: 'Open deposit' }));
  const dialog = await screen.findByRole('dialog', { name: 'Deposit USDT' }, FIND);
  return { view, dialog };
}

const methods = (dialog: HTMLElement) =>
  within(dialog).getByRole('radiogroup', { name: 'Payment method' });

async function choosePayPal(view: ReturnType<typeof renderWithRouter>, dialog: HTMLElement) {
  await view.user.click(within(methods(dialog)).getByRole('radio', { name: 'PayPal' }));
  return within(dialog).findByLabelText('Amount (USD)', undefined, FIND);
}

/** The message under a field (antd animates one out as the next comes in). */
const expectFieldError = (field: HTMLElement, message: string) =>
  waitFor(
    () =>
      expect(
        field.closest('.ant-form-item')!.querySelector('.ant-form-item-explain'),
      ).toHaveTextContent(new RegExp(`^${message.replace(/[.()]/g, '\\$&')}$`)),
    FIND,
  );

/** A row of the breakdown: its label and its value. */
const row = (dialog: HTMLElement, label: string) =>
  within(dialog).getByText(label, { selector: 'th, th *' }).closest('tr')!.textContent;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('deposit dialog with PayPal off', { timeout: 30_000 }, () => {
  it('offers no method: the amount in USDT comes first, focused, as before', async () => {
    servePayPal({ config: buildDepositConfig() });
    const { dialog } = await openDialog();
    const amount = await within(dialog).findByLabelText('Amount (USDT)', undefined, FIND);
    expect(within(dialog).queryByRole('radiogroup', { name: 'Payment method' })).toBeNull();
    expect(within(dialog).queryByText(/PayPal/)).toBeNull();
    await waitFor(() => expect(amount).toHaveFocus(), FIND);
  });
});

describe('deposit dialog with PayPal on', { timeout: 30_000 }, () => {
  it('offers USDT, chosen and focused, and PayPal, reachable with the arrow keys', async () => {
    servePayPal();
    const { view, dialog } = await openDialog();
    await within(dialog).findByLabelText('Amount (USDT)', undefined, FIND);
    const usdt = within(methods(dialog)).getByRole('radio', { name: 'USDT' });
    expect(usdt).toBeChecked();
    await waitFor(() => expect(usdt).toHaveFocus(), FIND);
    // The crypto path as it was.
    expect(within(dialog).getByRole('radiogroup', { name: 'Network' })).toBeInTheDocument();

    await view.user.keyboard('{ArrowRight}');
    const paypal = within(methods(dialog)).getByRole('radio', { name: 'PayPal' });
    await waitFor(() => expect(paypal).toBeChecked());
    expect(await within(dialog).findByLabelText('Amount (USD)', undefined, FIND)).toBeVisible();
    expect(within(dialog).queryByRole('radiogroup', { name: 'Network' })).toBeNull();
    expect(within(dialog).getByText('From 5.00 to 1,000.00 USD.')).toBeInTheDocument();
    expect(
      within(dialog).getByText('PayPal sandbox: a test payment, no real money moves.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Approve at PayPal')).toBeInTheDocument();
  });

  it('says nothing of the sandbox for live payments', async () => {
    servePayPal({
      config: buildDepositConfig({ paypal: buildPayPalConfig({ sandbox: false }) }),
    });
    const { view, dialog } = await openDialog();
    await choosePayPal(view, dialog);
    expect(within(dialog).queryByText(/sandbox/)).toBeNull();
  });

  it('shows what the amount brings before paying: paid, fee with its parts, and the credit', async () => {
    servePayPal();
    const { view, dialog } = await openDialog();
    const amount = await choosePayPal(view, dialog);
    expect(
      within(dialog).getByText(
        /Fee: 3.49% of the amount plus 0.49 USD, taken from what reaches your wallet. Rate: 1 USD = 1 USDT./,
      ),
    ).toBeInTheDocument();
    await view.user.type(amount, '20');
    await within(dialog).findByText('You pay', undefined, FIND);
    expect(row(dialog, 'You pay')).toBe('You pay20.00 USD');
    // 3.49% of 20 is 0.698, plus 0.49: 1.188 USDT, exactly as the server takes it.
    expect(row(dialog, 'Fee')).toBe('Fee1.188 USDT (3.49% + 0.49 USD)');
    expect(row(dialog, 'Reaches your wallet')).toBe('Reaches your wallet18.812 USDT');

    await view.user.clear(amount);
    await view.user.type(amount, '1000');
    await waitFor(() => expect(row(dialog, 'You pay')).toBe('You pay1,000.00 USD'));
    expect(row(dialog, 'Reaches your wallet')).toBe('Reaches your wallet964.61 USDT');
  });

  it('says what is wrong with an amount beside it, keeps what was typed, and sends nothing', async () => {
    const requests = servePayPal();
    const { view, dialog } = await openDialog();
    const amount = await choosePayPal(view, dialog);
    const submit = within(dialog).getByRole('button', { name: 'Continue to PayPal' });

    await view.user.click(submit);
    await expectFieldError(amount, 'Please enter an amount in USD');

    await view.user.type(amount, '4.99');
    await expectFieldError(amount, 'The smallest PayPal payment is 5.00 USD');
    expect(within(dialog).queryByText('You pay')).toBeNull();

    await view.user.clear(amount);
    await view.user.type(amount, '20.555');
    await expectFieldError(amount, 'Use at most two decimals (cents) for USD');
    expect(amount).toHaveValue('20.555');

    await view.user.clear(amount);
    await view.user.type(amount, '1000.01');
    await expectFieldError(amount, 'The largest PayPal payment is 1000.00 USD');
    await view.user.click(submit);
    expect(requests).toHaveLength(0);
  });

  it('creates the order with an Idempotency-Key and the CSRF token, then goes to PayPal', async () => {
    const assign = stubNavigation();
    const requests = servePayPal();
    const { view, dialog } = await openDialog();
    const amount = await choosePayPal(view, dialog);
    await view.user.type(amount, '20');
    await view.user.click(within(dialog).getByRole('button', { name: 'Continue to PayPal' }));

    await waitFor(() => expect(assign).toHaveBeenCalledWith(PAYPAL_APPROVE_URL), FIND);
    expect(requests).toEqual([
      { body: { amount: '20' }, key: expect.stringMatching(UUID), csrf: TEST_CSRF_TOKEN },
    ]);
    // Still on its way to PayPal: the button says so and cannot send a second order.
    const button = within(dialog).getByRole('button', { name: /Continue to PayPal/ });
    expect(button).toHaveClass('ant-btn-loading');
    expect(button).toBeDisabled();
  });

  it('shows a refused amount beside the field, and the same attempt retried keeps its key', async () => {
    const assign = stubNavigation();
    const requests = servePayPal({
      answers: (index) =>
        index === 0
          ? HttpResponse.json(
              errorBody('VALIDATION_ERROR', 'Request validation failed', {
                fields: [{ field: 'amount', message: 'The smallest PayPal payment is 25.00 USD' }],
              }),
              { status: 400 },
            )
          : index === 1
            ? HttpResponse.json(
                errorBody(
                  'PAYPAL_UNAVAILABLE',
                  'PayPal is not answering right now. Please try again in a minute.',
                ),
                { status: 503 },
              )
            : HttpResponse.json({ data: buildPayPalPayment() }, { status: 201 }),
    });
    const { view, dialog } = await openDialog();
    const amount = await choosePayPal(view, dialog);
    await view.user.type(amount, '20');
    const submit = within(dialog).getByRole('button', { name: 'Continue to PayPal' });
    await view.user.click(submit);
    await expectFieldError(amount, 'The smallest PayPal payment is 25.00 USD');
    expect(amount).toHaveValue('20');

    await view.user.clear(amount);
    await view.user.type(amount, '30');
    await view.user.click(submit);
    const alert = await within(dialog).findByRole('alert', undefined, FIND);
    expect(alert).toHaveTextContent(
      'PayPal is not answering right now. Please try again in a minute.',
    );
    await view.user.click(submit);
    await waitFor(() => expect(assign).toHaveBeenCalledOnce(), FIND);

    expect(requests.map((request) => request.body)).toEqual([
      { amount: '20' },
      { amount: '30' },
      { amount: '30' },
    ]);
    expect(requests[1]!.key).not.toBe(requests[0]!.key);
    expect(requests[2]!.key).toBe(requests[1]!.key);
  });

  it('says PayPal is off in words when the server has it off meanwhile', async () => {
    servePayPal({
      answers: () =>
        HttpResponse.json(errorBody('PAYPAL_OFF', 'PayPal is not configured'), { status: 404 }),
    });
    const { view, dialog } = await openDialog();
    const amount = await choosePayPal(view, dialog);
    await view.user.type(amount, '20');
    await view.user.click(within(dialog).getByRole('button', { name: 'Continue to PayPal' }));
    expect(await within(dialog).findByRole('alert', undefined, FIND)).toHaveTextContent(
      'Payments with PayPal are not available right now. You can still deposit USDT.',
    );
  });

  it('explains a refusal for an unverified address, as for crypto deposits', async () => {
    servePayPal({
      answers: () =>
        HttpResponse.json(
          errorBody('EMAIL_NOT_VERIFIED', 'Please verify your e-mail address first.'),
          { status: 403 },
        ),
    });
    const { view, dialog } = await openDialog();
    const amount = await choosePayPal(view, dialog);
    await view.user.type(amount, '20');
    await view.user.click(within(dialog).getByRole('button', { name: 'Continue to PayPal' }));
    expect(
      await within(dialog).findByText('Verify your e-mail address', undefined, FIND),
    ).toBeInTheDocument();
  });

  it('opens on PayPal with the amount of a payment tried again', async () => {
    servePayPal();
    const { dialog } = await openDialog({ defaultMethod: 'paypal', defaultAmount: '20.00' });
    const amount = await within(dialog).findByLabelText('Amount (USD)', undefined, FIND);
    expect(amount).toHaveValue('20.00');
    const paypal = within(methods(dialog)).getByRole('radio', { name: 'PayPal' });
    expect(paypal).toBeChecked();
    await waitFor(() => expect(paypal).toHaveFocus(), FIND);
    expect(row(dialog, 'Reaches your wallet')).toBe('Reaches your wallet18.812 USDT');
  });
});
