import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { errorBody } from '../../../test/auth-fixtures';
import { server } from '../../../test/msw-server';
import { renderRoute } from '../../../test/render-route';
import { renderWithRouter } from '../../../test/render-with-router';
import {
  buildDepositConfig,
  buildPayPalConfig,
  buildTransaction,
  buildWallet,
  transactionPage,
} from '../../../test/wallet-fixtures';
import { WalletPage } from './wallet-page';

const FIND = { timeout: 10_000 };

/** Serves the wallet and records the query of every transaction list request. */
function serveWallet(
  page = transactionPage([buildTransaction({ description: 'First deposit' })]),
  config = buildDepositConfig(),
) {
  const requests: URLSearchParams[] = [];
  server.use(
    http.get('/api/wallet', () => HttpResponse.json({ data: buildWallet() })),
    http.get('/api/wallet/transactions', ({ request }) => {
      requests.push(new URL(request.url).searchParams);
      return HttpResponse.json(page);
    }),
    http.get('/api/wallet/deposit-config', () => HttpResponse.json({ data: config })),
  );
  return requests;
}

const openWallet = (path = '/wallet') =>
  renderWithRouter(<WalletPage />, { path, pattern: '/wallet' });
const search = (view: ReturnType<typeof openWallet>) =>
  Object.fromEntries(new URLSearchParams(view.router.state.location.search));

describe('wallet page', { timeout: 60_000 }, () => {
  it('is for signed-in people: a visitor is sent to sign in, and back afterwards', async () => {
    const view = renderRoute('/wallet/transactions/00000000-0000-4000-8000-000000000001');
    await screen.findByRole('heading', { name: 'Sign in' }, FIND);
    expect(view.router.state.location.pathname).toBe('/login');
    expect(new URLSearchParams(view.router.state.location.search).get('redirectTo')).toBe(
      '/wallet/transactions/00000000-0000-4000-8000-000000000001',
    );
  });

  it('shows the balances and the timeline', async () => {
    serveWallet();
    openWallet();
    expect(await screen.findByText('First deposit', undefined, FIND)).toBeInTheDocument();
    const balances = screen.getByRole('region', { name: 'Balances' });
    expect(balances).toHaveTextContent('Available1,250.50 USDT');
    expect(balances).toHaveTextContent('Held in escrow30.00 USDT');
    expect(balances).toHaveTextContent('Platform credit5.00Compensation from CrimsonHost');
    expect(balances).toHaveTextContent('Pending deposits1');
  });

  it('asks the API for exactly the filters and page in the URL', async () => {
    const requests = serveWallet(
      transactionPage([buildTransaction()], { total: 120, page: 3, pageSize: 50 }),
    );
    openWallet(
      '/wallet?type=DEPOSIT&status=CONFIRMED&currency=USDT&from=2026-03-01&to=2026-03-31&page=3&pageSize=50',
    );
    await waitFor(() => expect(requests.length).toBeGreaterThan(0), FIND);
    expect(Object.fromEntries(requests.at(-1)!)).toEqual({
      type: 'DEPOSIT',
      status: 'CONFIRMED',
      currency: 'USDT',
      from: dayjs('2026-03-01').startOf('day').toISOString(),
      to: dayjs('2026-03-31').endOf('day').toISOString(),
      page: '3',
      pageSize: '50',
    });
    const filters = screen.getByRole('search', { name: 'Filter transactions' });
    expect(within(filters).getByText('Deposit')).toBeInTheDocument();
    expect(within(filters).getByText('Confirmed')).toBeInTheDocument();
    expect(within(filters).getByLabelText('From date')).toHaveValue('2026-03-01');
    expect(within(filters).getByLabelText('To date')).toHaveValue('2026-03-31');
  });

  it('writes a chosen filter into the URL, back on the first page, and clears them', async () => {
    serveWallet(transactionPage([buildTransaction()], { total: 45 }));
    const view = openWallet('/wallet?page=2');
    await screen.findByRole('region', { name: 'Transactions' }, FIND);

    await view.user.click(screen.getByRole('combobox', { name: 'Type' }));
    await view.user.click(await screen.findByTitle('Refund', undefined, FIND));
    expect(search(view)).toEqual({ type: 'REFUND' });

    await view.user.click(screen.getByRole('combobox', { name: 'Status' }));
    await view.user.click(await screen.findByTitle('Failed', undefined, FIND));
    expect(search(view)).toEqual({ type: 'REFUND', status: 'FAILED' });

    await view.user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(search(view)).toEqual({});
  });

  it('offers every status the timeline shows, and asks the API by it', async () => {
    const requests = serveWallet();
    const view = openWallet('/wallet?status=EXPIRED');
    await waitFor(() => expect(requests.at(-1)?.get('status')).toBe('EXPIRED'), FIND);
    await view.user.click(screen.getByRole('combobox', { name: 'Status' }));
    for (const label of ['Pending', 'Confirmed', 'Failed', 'Waiting']) {
      expect(await screen.findByTitle(label, undefined, FIND)).toBeInTheDocument();
    }
    await view.user.click(await screen.findByTitle('Waiting', undefined, FIND));
    expect(search(view)).toEqual({ status: 'WAITING' });
  });

  it.each([
    [1, '1 transaction matches these filters'],
    [2, '2 transactions match these filters'],
  ])('counts %i with the noun and the verb agreeing', async (total, text) => {
    serveWallet(transactionPage([buildTransaction()], { total }));
    openWallet('/wallet?type=DEPOSIT');
    expect(await screen.findByText(text, undefined, FIND)).toBeInTheDocument();
  });

  it('pages with the sizes 10, 20, 50 and 100', async () => {
    const requests = serveWallet(transactionPage([buildTransaction()], { total: 45 }));
    const view = openWallet();
    await screen.findByRole('region', { name: 'Transactions' }, FIND);
    await view.user.click(screen.getByRole('listitem', { name: '2' }));
    expect(search(view)).toEqual({ page: '2' });
    await waitFor(() => expect(requests.at(-1)?.get('page')).toBe('2'));

    await view.user.click(screen.getByRole('combobox', { name: /page size/i }));
    const option = (size: number) =>
      document.querySelector<HTMLElement>(`.ant-select-item-option[title="${size} / page"]`);
    await waitFor(() => expect(option(100)).not.toBeNull());
    expect([10, 20, 50, 100].every((size) => option(size))).toBe(true);
    await view.user.click(option(50)!);
    expect(search(view)).toEqual({ pageSize: '50' });
  });

  it('asks for the next page from where the page shown ends, and for a jumped-to page by number', async () => {
    const cursor = '1790000000123456_00000000-0000-4000-8000-000000000009';
    const requests = serveWallet(
      transactionPage([buildTransaction()], { total: 45, pageSize: 20, nextCursor: cursor }),
    );
    const view = openWallet();
    await screen.findByRole('region', { name: 'Transactions' }, FIND);
    await view.user.click(screen.getByRole('listitem', { name: '2' }));
    await waitFor(() => expect(requests.at(-1)?.get('page')).toBe('2'), FIND);
    expect(requests.at(-1)?.get('after')).toBe(cursor);
    expect(search(view)).toEqual({ page: '2' });

    // Page 1 to page 3 skips a page: there is no cursor for it, so it goes by its number.
    await view.user.click(screen.getByRole('listitem', { name: '1' }));
    await waitFor(() => expect(requests.at(-1)?.get('page')).toBe('1'), FIND);
    await view.user.click(screen.getByRole('listitem', { name: '3' }));
    await waitFor(() => expect(requests.at(-1)?.get('page')).toBe('3'), FIND);
    expect(requests.at(-1)?.has('after')).toBe(false);
  });

  it('says "1,000+" of a history longer than the count, and still pages on', async () => {
    serveWallet(
      transactionPage([buildTransaction()], {
        total: 1000,
        totalExact: false,
        page: 50,
        nextCursor: '1790000000123456_00000000-0000-4000-8000-000000000009',
      }),
    );
    openWallet('/wallet?type=RENTAL_PAYMENT&page=50');
    expect(
      await screen.findByText('1,000+ transactions match these filters', undefined, FIND),
    ).toBeInTheDocument();
    expect(screen.getByText('981-1000 of 1,000+')).toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: '51' })).toBeInTheDocument();
  });

  it('says when the page is past the end, highlights no page, and goes to the last one', async () => {
    serveWallet(transactionPage([], { total: 45, page: 9 }));
    const view = openWallet('/wallet?page=9');
    expect(
      await screen.findByText('This page is past the end of the list.', undefined, FIND),
    ).toBeInTheDocument();
    expect(screen.queryByText('No transactions found')).not.toBeInTheDocument();
    expect(document.querySelector('.ant-pagination-item-active')).toBeNull();
    await view.user.click(screen.getByRole('button', { name: 'Go to the last page' }));
    expect(search(view)).toEqual({ page: '3' });
  });

  it("says 'No transactions found' for an empty list", async () => {
    serveWallet(transactionPage([]));
    openWallet();
    expect(await screen.findByText('No transactions found', undefined, FIND)).toBeInTheDocument();
  });

  it('offers a retry when the list could not be loaded', async () => {
    let fail = true;
    server.use(
      http.get('/api/wallet', () => HttpResponse.json({ data: buildWallet() })),
      http.get('/api/wallet/transactions', () =>
        fail
          ? HttpResponse.json(errorBody('INTERNAL_ERROR', 'Internal error'), { status: 500 })
          : HttpResponse.json(transactionPage([buildTransaction({ description: 'Back again' })])),
      ),
    );
    const view = openWallet();
    await screen.findByText('Your transactions could not be loaded', undefined, FIND);
    fail = false;
    await view.user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Back again', undefined, FIND)).toBeInTheDocument();
  });

  it('opens the deposit dialog from the Deposit button', async () => {
    serveWallet();
    const view = openWallet();
    await view.user.click(await screen.findByRole('button', { name: 'Deposit' }, FIND));
    // antd's ids are all 'test-id' under test, so the dialog's name cannot be looked up here.
    const dialog = await screen.findByRole('dialog', undefined, FIND);
    expect(dialog).toHaveTextContent('Deposit USDT');
    expect(
      await within(dialog).findByLabelText('Amount (USDT)', undefined, FIND),
    ).toBeInTheDocument();
  });

  it('filters by payment method: the API is asked by it and the URL keeps it', async () => {
    const requests = serveWallet(
      transactionPage([
        buildTransaction({ paymentMethod: 'paypal', description: 'Deposit via PayPal' }),
      ]),
    );
    const view = openWallet('/wallet?method=crypto');
    await waitFor(() => expect(requests.at(-1)?.get('method')).toBe('crypto'), FIND);
    const filters = screen.getByRole('search', { name: 'Filter transactions' });
    expect(within(filters).getByText('Crypto')).toBeInTheDocument();

    await view.user.click(screen.getByRole('combobox', { name: 'Method' }));
    await view.user.click(await screen.findByTitle('PayPal', undefined, FIND));
    expect(search(view)).toEqual({ method: 'paypal' });
    await waitFor(() => expect(requests.at(-1)?.get('method')).toBe('paypal'), FIND);
    expect(await screen.findByText('PayPal · payment completed', undefined, FIND)).toBeVisible();

    await view.user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(search(view)).toEqual({});
    await waitFor(() => expect(requests.at(-1)?.has('method')).toBe(false), FIND);
  });

  it('opens the deposit dialog on PayPal for a payment tried again, and forgets it once closed', async () => {
    serveWallet(undefined, buildDepositConfig({ paypal: buildPayPalConfig() }));
    const view = openWallet('/wallet?status=FAILED&deposit=paypal&amount=20.00');
    const dialog = await screen.findByRole('dialog', undefined, FIND);
    expect(await within(dialog).findByLabelText('Amount (USD)', undefined, FIND)).toHaveValue(
      '20.00',
    );
    expect(within(dialog).getByRole('radio', { name: 'PayPal' })).toBeChecked();

    await view.user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), FIND);
    expect(search(view)).toEqual({ status: 'FAILED' });
  });
});
