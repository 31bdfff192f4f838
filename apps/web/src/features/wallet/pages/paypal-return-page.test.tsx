import { act, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse, delay } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PayPalPayment } from '@crimsonhost/shared/paypal';
import { TEST_CSRF_TOKEN, errorBody } from '../../../test/auth-fixtures';
import { server } from '../../../test/msw-server';
import { renderRoute } from '../../../test/render-route';
import { renderWithRouter } from '../../../test/render-with-router';
import { signIn } from '../../../test/rental-fixtures';
import { PAYPAL_ORDER_ID, buildPayPalPayment } from '../../../test/wallet-fixtures';
import { PAYPAL_ORDER_POLL_MS } from '../api/get-paypal-order';
import { CONFIRMING_TITLE, PayPalReturnPage } from './paypal-return-page';

const FIND = { timeout: 10_000 };
const RETURN_PATH = `/wallet/paypal/return?token=${PAYPAL_ORDER_ID}&PayerID=QYR5Z8XDVJNXQ`;

/**
 * The capture answers in turn and the order as a poll finds it (`setOrder`); records the
 * captures with their CSRF header and counts the polls.
 */
function servePayPal({
  captures,
  order = () => buildPayPalPayment({ state: 'PENDING' }),
}: {
  captures: (index: number) => Response | Promise<Response>;
  order?: () => PayPalPayment;
}) {
  const captured: { orderId: unknown; csrf: string | null }[] = [];
  let current = order;
  let polls = 0;
  server.use(
    http.post('/api/wallet/paypal/orders/:orderId/capture', ({ params, request }) => {
      captured.push({ orderId: params.orderId, csrf: request.headers.get('x-csrf-token') });
      return captures(captured.length - 1);
    }),
    http.get('/api/wallet/paypal/orders/:orderId', () => {
      polls += 1;
      return HttpResponse.json({ data: current() });
    }),
  );
  return {
    captured,
    polls: () => polls,
    setOrder: (next: () => PayPalPayment) => {
      current = next;
    },
  };
}

const answer = (payment: PayPalPayment) => HttpResponse.json({ data: payment });

function openReturn(path = RETURN_PATH, advanceTimers?: (ms: number) => unknown) {
  return renderWithRouter(<PayPalReturnPage />, {
    path,
    pattern: '/wallet/paypal/return',
    advanceTimers,
  });
}

afterEach(() => {
  vi.useRealTimers();
});

describe('back from PayPal', { timeout: 60_000 }, () => {
  it('says it is confirming, captures once, then shows the money that reached the wallet', async () => {
    const payment = buildPayPalPayment({ state: 'COMPLETED', captureId: '3C679366HH908993F' });
    const api = servePayPal({
      captures: async () => {
        await delay(200);
        return answer(payment);
      },
    });
    openReturn();
    expect(await screen.findByText(CONFIRMING_TITLE, undefined, FIND)).toBeInTheDocument();
    expect(await screen.findByText('Payment received', undefined, FIND)).toBeInTheDocument();
    expect(screen.getByText('18.812 USDT was added to your wallet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Wallet' })).toHaveAttribute('href', '/wallet');
    expect(screen.getByRole('link', { name: 'View Details' })).toHaveAttribute(
      'href',
      `/wallet/transactions/${payment.transactionId}`,
    );
    expect(api.captured).toEqual([{ orderId: PAYPAL_ORDER_ID, csrf: TEST_CSRF_TOKEN }]);
    expect(document.title).toBe('PayPal payment · CrimsonHost');
  });

  it('says PayPal holds a pending payment and why, watches it, and shows it once completed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const pending = buildPayPalPayment({
      state: 'PENDING',
      captureId: '3C679366HH908993F',
      reason: 'PayPal is reviewing the payment',
    });
    const api = servePayPal({ captures: () => answer(pending), order: () => pending });
    openReturn(RETURN_PATH, (ms) => vi.advanceTimersByTimeAsync(ms));
    expect(
      await screen.findByText('PayPal is holding your payment', undefined, FIND),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        'PayPal is reviewing the payment. Your wallet is credited with 18.812 USDT as soon as PayPal completes it. You do not need to stay on this page.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Wallet' })).toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(PAYPAL_ORDER_POLL_MS));
    await waitFor(() => expect(api.polls()).toBe(1), FIND);
    expect(screen.getByText('PayPal is holding your payment')).toBeInTheDocument();

    api.setOrder(() => ({
      ...pending,
      state: 'COMPLETED',
      paymentStatus: 'completed',
      reason: null,
    }));
    await act(() => vi.advanceTimersByTimeAsync(PAYPAL_ORDER_POLL_MS));
    expect(await screen.findByText('Payment received', undefined, FIND)).toBeInTheDocument();
    expect(screen.getByText('18.812 USDT was added to your wallet.')).toBeInTheDocument();

    // Settled: no more questions.
    const polled = api.polls();
    await act(() => vi.advanceTimersByTimeAsync(PAYPAL_ORDER_POLL_MS * 3));
    expect(api.polls()).toBe(polled);
    expect(api.captured).toHaveLength(1);
  });

  it('shows a failed payment with its reason, and Try Again opens a new PayPal payment', async () => {
    servePayPal({
      captures: () =>
        answer(
          buildPayPalPayment({
            state: 'FAILED',
            reason: 'PayPal declined the payment: the card was refused',
          }),
        ),
    });
    const view = openReturn();
    expect(await screen.findByText('Payment failed', undefined, FIND)).toBeInTheDocument();
    expect(
      screen.getByText(
        'PayPal declined the payment: the card was refused. Nothing was added to your wallet.',
      ),
    ).toBeInTheDocument();
    const again = screen.getByRole('link', { name: 'Try Again' });
    expect(again).toHaveAttribute('href', '/wallet?deposit=paypal&amount=20.00');
    await view.user.click(again);
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(
        '/wallet?deposit=paypal&amount=20.00',
      ),
    );
  });

  it('says when PayPal has not confirmed the approval yet, and tries again on request', async () => {
    const api = servePayPal({
      captures: (index) =>
        index === 0
          ? HttpResponse.json(
              errorBody('PAYPAL_NOT_APPROVED', 'The buyer has not approved this order yet'),
              { status: 409 },
            )
          : answer(buildPayPalPayment({ state: 'COMPLETED' })),
    });
    const view = openReturn();
    expect(
      await screen.findByText('PayPal has not confirmed your approval yet', undefined, FIND),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/If you approved the payment at PayPal, wait a few seconds and try again./),
    ).toBeInTheDocument();
    await view.user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Payment received', undefined, FIND)).toBeInTheDocument();
    expect(api.captured).toHaveLength(2);
  });

  it('says PayPal is not answering in words, with a way to try again', async () => {
    servePayPal({
      captures: () =>
        HttpResponse.json(
          errorBody(
            'PAYPAL_UNAVAILABLE',
            'PayPal is not answering right now. Please try again in a minute.',
          ),
          { status: 503 },
        ),
    });
    openReturn();
    expect(
      await screen.findByText(
        'PayPal is not answering right now. Please try again in a minute.',
        undefined,
        FIND,
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('says so when the payment is not one of mine', async () => {
    servePayPal({
      captures: () =>
        HttpResponse.json(errorBody('NOT_FOUND', 'Payment not found'), { status: 404 }),
    });
    openReturn();
    expect(
      await screen.findByText(
        'There is no PayPal payment of yours with this link. Your wallet lists every payment you made.',
        undefined,
        FIND,
      ),
    ).toBeInTheDocument();
  });

  it('says the link is incomplete without an order, and asks nothing', async () => {
    const api = servePayPal({ captures: () => answer(buildPayPalPayment()) });
    openReturn('/wallet/paypal/return');
    expect(await screen.findByText('This link is incomplete', undefined, FIND)).toBeInTheDocument();
    expect(api.captured).toHaveLength(0);
  });

  it('is a signed-in page of the app, loaded when opened', async () => {
    signIn();
    servePayPal({ captures: () => answer(buildPayPalPayment({ state: 'COMPLETED' })) });
    renderRoute(RETURN_PATH);
    expect(await screen.findByText('Payment received', undefined, FIND)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'PayPal payment' })).toBeInTheDocument();
  });

  it('sends a visitor to sign in first, and back here afterwards', async () => {
    const view = renderRoute(RETURN_PATH);
    await screen.findByRole('heading', { name: 'Sign in' }, FIND);
    expect(new URLSearchParams(view.router.state.location.search).get('redirectTo')).toBe(
      RETURN_PATH,
    );
  });
});
