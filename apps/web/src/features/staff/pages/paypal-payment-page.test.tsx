import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { AdminPayPalDetail } from '@crimsonhost/shared/admin-paypal';
import type { User } from '@crimsonhost/shared/auth';
import { errorBody } from '../../../test/auth-fixtures';
import { setViewportWidth } from '../../../test/match-media';
import { server } from '../../../test/msw-server';
import { findDialog, renderInApp, signIn } from '../../../test/rental-fixtures';
import { ADMIN_USER } from '../test/admin-fixtures';
import { SUPPORT_USER } from '../test/desk-fixtures';
import {
  buildAdminPayPalPayment,
  buildPayPalDetail,
  buildRefundedDetail,
  servePayPalDetail,
  type SentRefund,
} from '../test/paypal-fixtures';
import { PayPalPaymentPage } from './paypal-payment-page';

const REASON = 'Renter asked for 5 USD back, ticket #2048';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function renderPayment(
  detail: AdminPayPalDetail,
  {
    as = ADMIN_USER,
    answer,
  }: {
    as?: User;
    answer?: (sent: SentRefund, count: number) => AdminPayPalDetail | Response;
  } = {},
) {
  signIn(as);
  const served = servePayPalDetail(detail, answer);
  const view = renderInApp(<PayPalPaymentPage />, {
    path: '/admin/paypal/:transactionId',
    at: `/admin/paypal/${detail.transactionId}`,
  });
  return { ...view, ...served };
}

const section = (name: string) =>
  screen.getByRole('heading', { level: 2, name }).closest<HTMLElement>('.ant-card')!;

/** 5.00 USD of a 20.00 USD payment refunded: 4.703 USDT out of the wallet. */
function afterRefundOf5(detail: AdminPayPalDetail): AdminPayPalDetail {
  return {
    ...detail,
    state: 'PARTIALLY_REFUNDED',
    refunded: '5.000000',
    refundableValue: '15.00',
    refundedValue: '5.00',
    refunds: [
      {
        reference: `paypal:refund:${detail.captureId}:2GR77613PA7366728`,
        description: 'PayPal refund of 5.00 USD of your payment of 20.00 USD',
        amount: '5.000000',
        fromWallet: '4.703000',
        status: 'CONFIRMED',
        createdAt: '2026-11-24T12:00:00.000Z',
      },
    ],
    walletAvailable: '25.297000',
  };
}

describe("a PayPal payment's page", () => {
  it("shows a refunded payment's figures, what took it back and its disputes", async () => {
    const detail = buildRefundedDetail();
    renderPayment(detail, { as: SUPPORT_USER });
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'PayPal payment of 20.00 USD by Ada Renter',
      }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to PayPal' })).toHaveAttribute(
      'href',
      '/admin/paypal',
    );

    const facts = section('Details');
    expect(within(facts).getByRole('link', { name: 'Ada Renter' })).toHaveAttribute(
      'href',
      `/admin/users/${detail.user.id}`,
    );
    expect(within(facts).getByText('ada@example.com')).toBeInTheDocument();
    expect(within(facts).getAllByText('20.00 USD')).toHaveLength(2); // paid, and refunded
    expect(within(facts).getAllByText('20.00 USDT')).toHaveLength(2); // in USDT, and taken back
    expect(within(facts).getByText('1.188 USDT')).toBeInTheDocument();
    expect(within(facts).getByText('18.812 USDT')).toBeInTheDocument();
    expect(within(facts).getByText('0.00 USD')).toBeInTheDocument();
    expect(
      within(facts).getByText('Refunded', { selector: '.ant-tag, .ant-tag *' }),
    ).toBeInTheDocument();
    expect(within(facts).getByText('Payment status')).toBeInTheDocument();
    expect(within(facts).getByText('Refunded at PayPal: 20.00 USD')).toBeInTheDocument();
    expect(within(facts).getByText(detail.orderId!)).toBeInTheDocument();
    expect(within(facts).getByRole('button', { name: 'Copy capture id' })).toBeInTheDocument();
    expect(within(facts).getByText(detail.captureId!)).toBeInTheDocument();

    const wallet = section("Renter's wallet");
    expect(within(wallet).getByText('0.00 USDT')).toBeInTheDocument();
    expect(within(wallet).getByText('6.312 USDT')).toBeInTheDocument();
    expect(
      within(wallet).getByText('Ada Renter owes the platform money PayPal took back'),
    ).toBeInTheDocument();

    const refunds = section('Refunds and reversals');
    const refund = within(refunds)
      .getByText('PayPal refund of your payment of 20.00 USD')
      .closest('tr')!;
    expect(within(refund).getByText('18.812 USDT')).toBeInTheDocument();
    expect(within(refund).getByText('12.50 USDT')).toBeInTheDocument();
    expect(within(refund).getByText('Done')).toBeInTheDocument();
    expect(within(refund).getByText(detail.refunds[0]!.reference)).toBeInTheDocument();

    const disputes = section('Disputes');
    const dispute = within(disputes).getByText(detail.disputes[0]!.disputeId).closest('tr')!;
    expect(within(dispute).getByText('Resolved for the buyer')).toBeInTheDocument();
    expect(within(dispute).getByText('20.00 USD')).toBeInTheDocument();

    // Nothing is left to refund: no action, for anyone.
    expect(screen.queryByRole('button', { name: 'Refund' })).toBeNull();
    await waitFor(() =>
      expect(document.title).toBe(
        'PayPal payment of 20.00 USD by Ada Renter · PayPal · Staff · CrimsonHost',
      ),
    );
  });

  it('says when nothing was taken back and no dispute was opened', async () => {
    renderPayment(buildPayPalDetail(), { as: SUPPORT_USER });
    await screen.findByRole('heading', { level: 1, name: /^PayPal payment of/ });
    expect(
      within(section('Refunds and reversals')).getByText('Nothing of this payment was taken back'),
    ).toBeInTheDocument();
    expect(within(section('Disputes')).getByText('No dispute at PayPal')).toBeInTheDocument();
    expect(within(section('Details')).getByText('Nothing')).toBeInTheDocument();
  });

  it('gives support no Refund action on a refundable payment', async () => {
    renderPayment(buildPayPalDetail(), { as: SUPPORT_USER });
    await screen.findByRole('heading', { level: 1, name: /^PayPal payment of/ });
    // The state, and the spec's payment status.
    expect(within(section('Details')).getAllByText('Completed')).toHaveLength(2);
    // Paid, and all of it left to refund.
    expect(within(section('Details')).getAllByText('20.00 USD')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Refund' })).toBeNull();
  });

  it('gives an admin no Refund action on a payment PayPal still holds', async () => {
    const held = buildAdminPayPalPayment({
      state: 'PENDING',
      paymentStatus: 'pending',
      captureId: null,
      refundableValue: '0.00',
    });
    renderPayment(buildPayPalDetail(held));
    await screen.findByRole('heading', { level: 1, name: /^PayPal payment of/ });
    expect(within(section('Details')).getByText('Not captured')).toBeInTheDocument();
    expect(within(section('Details')).getByText('(not credited)')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Refund' })).toBeNull();
  });

  it('refunds part of a payment after the dialog says what moves, then shows the payment', async () => {
    const detail = buildPayPalDetail();
    const { user, sent } = renderPayment(detail, { answer: () => afterRefundOf5(detail) });
    await user.click(await screen.findByRole('button', { name: 'Refund' }));
    const dialog = await findDialog('Refund this PayPal payment');
    const amount = within(dialog).getByRole('textbox', { name: 'Amount to refund' });
    // All that is left, to start with.
    expect(amount).toHaveValue('20.00');
    expect(within(dialog).getByText('At most 20.00 USD')).toBeInTheDocument();
    expect(
      within(dialog).getByText(
        /PayPal gives the buyer 20.00 USD back, and Ada Renter's wallet loses its share of it: 18.812 USDT/,
      ),
    ).toBeInTheDocument();

    await user.clear(amount);
    await user.type(amount, '5');
    expect(
      within(dialog).getByText(
        /PayPal gives the buyer 5.00 USD back, and Ada Renter's wallet loses its share of it: 4.703 USDT, through the ledger. The wallet holds 30.00 USDT now./,
      ),
    ).toBeInTheDocument();

    // The reason is required: nothing is sent without it.
    await user.click(within(dialog).getByRole('button', { name: 'Refund at PayPal' }));
    expect(await within(dialog).findByText('Reason is required')).toBeVisible();
    expect(sent).toEqual([]);

    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), REASON);
    await user.click(within(dialog).getByRole('button', { name: 'Refund at PayPal' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body).toEqual({ amount: '5.00', reason: REASON });
    expect(sent[0]!.key).toMatch(UUID);

    expect(await screen.findByText('Refunded 5.00 USD at PayPal')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const facts = section('Details');
    expect(within(facts).getByText('Partly refunded')).toBeInTheDocument();
    expect(within(facts).getByText('15.00 USD')).toBeInTheDocument();
    const refund = within(section('Refunds and reversals'))
      .getByText('PayPal refund of 5.00 USD of your payment of 20.00 USD')
      .closest('tr')!;
    expect(within(refund).getByText('4.703 USDT')).toBeInTheDocument();
    expect(within(section("Renter's wallet")).getByText('25.297 USDT')).toBeInTheDocument();

    // A second refund is a new attempt, with a key of its own.
    await user.click(screen.getByRole('button', { name: 'Refund' }));
    const again = await findDialog('Refund this PayPal payment');
    expect(within(again).getByRole('textbox', { name: 'Amount to refund' })).toHaveValue('15.00');
    await user.type(within(again).getByRole('textbox', { name: 'Reason' }), REASON);
    await user.click(within(again).getByRole('button', { name: 'Refund at PayPal' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]!.body).toEqual({ amount: '15.00', reason: REASON });
    expect(sent[1]!.key).toMatch(UUID);
    expect(sent[1]!.key).not.toBe(sent[0]!.key);
  });

  it('tells in the dialog that the wallet spent the money, and sends the same key when tried again', async () => {
    const spent =
      'Only 3.2 USDT of this payment is unspent in the wallet, and this refund would take 4.703 USDT: refund less.';
    const detail = buildPayPalDetail(undefined, { walletAvailable: '3.200000' });
    const { user, sent } = renderPayment(detail, {
      answer: () => HttpResponse.json(errorBody('PAYPAL_REFUND_SPENT', spent), { status: 409 }),
    });
    await user.click(await screen.findByRole('button', { name: 'Refund' }));
    const dialog = await findDialog('Refund this PayPal payment');
    const amount = within(dialog).getByRole('textbox', { name: 'Amount to refund' });
    await user.clear(amount);
    await user.type(amount, '5.00');
    // The dialog warns before the API refuses.
    expect(
      within(dialog).getByText(
        'That is more than the wallet holds: the refund will be refused. Refund less.',
      ),
    ).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), REASON);
    await user.click(within(dialog).getByRole('button', { name: 'Refund at PayPal' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(spent);
    expect(sent).toHaveLength(1);

    // The same amount again (however it is written) is the same attempt: PayPal would replay it,
    // not refund twice.
    await user.clear(amount);
    await user.type(amount, '5');
    await user.click(within(dialog).getByRole('button', { name: 'Refund at PayPal' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]!.body).toEqual({ amount: '5.00', reason: REASON });
    expect(sent[1]!.key).toBe(sent[0]!.key);
    // Another amount is another attempt.
    await user.clear(amount);
    await user.type(amount, '3');
    await user.click(within(dialog).getByRole('button', { name: 'Refund at PayPal' }));
    await waitFor(() => expect(sent).toHaveLength(3));
    expect(sent[2]!.body).toEqual({ amount: '3.00', reason: REASON });
    expect(sent[2]!.key).not.toBe(sent[0]!.key);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('shows a refused amount under the field, and refuses too much before sending', async () => {
    const detail = buildPayPalDetail();
    const { user, sent } = renderPayment(detail, {
      answer: () =>
        HttpResponse.json(
          errorBody('VALIDATION_ERROR', 'At most 12.00 USD of this payment is left to refund', {
            fields: [
              { field: 'amount', message: 'At most 12.00 USD of this payment is left to refund' },
            ],
          }),
          { status: 400 },
        ),
    });
    await user.click(await screen.findByRole('button', { name: 'Refund' }));
    const dialog = await findDialog('Refund this PayPal payment');
    const amount = within(dialog).getByRole('textbox', { name: 'Amount to refund' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), REASON);

    await user.clear(amount);
    await user.type(amount, '25');
    await user.click(within(dialog).getByRole('button', { name: 'Refund at PayPal' }));
    expect(
      await within(dialog).findByText('At most 20.00 USD of this payment is left to refund'),
    ).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '5.555');
    expect(
      await within(dialog).findByText('Enter the amount to refund in USD, such as 5 or 5.50'),
    ).toBeInTheDocument();
    expect(sent).toEqual([]);

    await user.clear(amount);
    await user.type(amount, '15');
    await user.click(within(dialog).getByRole('button', { name: 'Refund at PayPal' }));
    expect(
      await within(dialog).findByText('At most 12.00 USD of this payment is left to refund'),
    ).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });

  it('tells when PayPal is not there to refund', async () => {
    const { user } = renderPayment(buildPayPalDetail(), {
      answer: () =>
        HttpResponse.json(
          errorBody('PAYPAL_UNAVAILABLE', 'PayPal could not be reached. Try again in a minute.'),
          { status: 503 },
        ),
    });
    await user.click(await screen.findByRole('button', { name: 'Refund' }));
    const dialog = await findDialog('Refund this PayPal payment');
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), REASON);
    await user.click(within(dialog).getByRole('button', { name: 'Refund at PayPal' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'PayPal could not be reached. Try again in a minute.',
    );
  });

  it('stacks the refunds as lists on a phone, the Refund action still there', async () => {
    setViewportWidth(375);
    renderPayment(afterRefundOf5(buildPayPalDetail()));
    const list = await screen.findByRole('list', {
      name: 'Refunds, reversals and dispute holds of this payment, oldest first',
    });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Refund' })).toBeVisible();
    expect(screen.queryByRole('columnheader')).toBeNull();
  });

  it('answers an unknown payment with not-found', async () => {
    signIn(ADMIN_USER);
    server.use(
      http.get('/api/admin/paypal/payments/:id', () =>
        HttpResponse.json(errorBody('NOT_FOUND', 'PayPal payment not found'), { status: 404 }),
      ),
    );
    renderInApp(<PayPalPaymentPage />, {
      path: '/admin/paypal/:transactionId',
      at: '/admin/paypal/c0000000-0000-4000-8000-000000000999',
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'PayPal payment not found' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to PayPal' })).toHaveAttribute(
      'href',
      '/admin/paypal',
    );
  });
});
