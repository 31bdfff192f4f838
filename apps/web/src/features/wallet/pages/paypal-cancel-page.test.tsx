import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { PayPalPayment } from '@crimsonhost/shared/paypal';
import { TEST_CSRF_TOKEN, errorBody } from '../../../test/auth-fixtures';
import { server } from '../../../test/msw-server';
import { renderWithRouter } from '../../../test/render-with-router';
import { PAYPAL_ORDER_ID, buildPayPalPayment } from '../../../test/wallet-fixtures';
import { CANCELLED_AT_PAYPAL_TEXT, PayPalCancelPage } from './paypal-cancel-page';

const FIND = { timeout: 10_000 };

/** The cancel's answer; records each cancel with its CSRF header. */
function serveCancel(answer: () => Response) {
  const cancels: { orderId: unknown; csrf: string | null }[] = [];
  server.use(
    http.post('/api/wallet/paypal/orders/:orderId/cancel', ({ params, request }) => {
      cancels.push({ orderId: params.orderId, csrf: request.headers.get('x-csrf-token') });
      return answer();
    }),
  );
  return cancels;
}

const answer = (payment: PayPalPayment) => () => HttpResponse.json({ data: payment });

const openCancel = (path = `/wallet/paypal/cancel?token=${PAYPAL_ORDER_ID}`) =>
  renderWithRouter(<PayPalCancelPage />, { path, pattern: '/wallet/paypal/cancel' });

describe('turned back at PayPal', { timeout: 60_000 }, () => {
  it('cancels the payment once and says nothing was charged', async () => {
    const cancels = serveCancel(
      answer(buildPayPalPayment({ state: 'CANCELLED', approveUrl: null })),
    );
    openCancel();
    expect(await screen.findByText('Payment cancelled', undefined, FIND)).toBeInTheDocument();
    expect(screen.getByText(CANCELLED_AT_PAYPAL_TEXT)).toBeInTheDocument();
    expect(CANCELLED_AT_PAYPAL_TEXT).toBe(
      'You cancelled the payment at PayPal. Nothing was charged.',
    );
    expect(screen.getByRole('link', { name: 'Back to Wallet' })).toHaveAttribute('href', '/wallet');
    expect(screen.getByRole('link', { name: 'Try Again' })).toHaveAttribute(
      'href',
      '/wallet?deposit=paypal&amount=20.00',
    );
    expect(cancels).toEqual([{ orderId: PAYPAL_ORDER_ID, csrf: TEST_CSRF_TOKEN }]);
  });

  it('says what became of a payment approved meanwhile, not that it was cancelled', async () => {
    const payment = buildPayPalPayment({ state: 'COMPLETED', captureId: '3C679366HH908993F' });
    serveCancel(answer(payment));
    openCancel();
    expect(await screen.findByText('Payment received', undefined, FIND)).toBeInTheDocument();
    expect(
      screen.getByText(
        'You had already approved this payment, so it was not cancelled. 18.812 USDT was added to your wallet.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('Payment cancelled')).toBeNull();
    expect(screen.getByRole('link', { name: 'View Details' })).toHaveAttribute(
      'href',
      `/wallet/transactions/${payment.transactionId}`,
    );
  });

  it('says a failed cancel in words, and that an unapproved payment costs nothing', async () => {
    serveCancel(() =>
      HttpResponse.json(
        errorBody(
          'PAYPAL_UNAVAILABLE',
          'PayPal is not answering right now. Please try again in a minute.',
        ),
        { status: 503 },
      ),
    );
    openCancel();
    expect(
      await screen.findByText(
        'PayPal is not answering right now. Please try again in a minute. Nothing is charged for a payment you did not approve: left alone, it expires unpaid.',
        undefined,
        FIND,
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('says the link is incomplete without an order, and cancels nothing', async () => {
    const cancels = serveCancel(answer(buildPayPalPayment({ state: 'CANCELLED' })));
    openCancel('/wallet/paypal/cancel');
    expect(await screen.findByText('This link is incomplete', undefined, FIND)).toBeInTheDocument();
    expect(cancels).toHaveLength(0);
  });
});
