import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { errorBody } from '../../../test/auth-fixtures';
import { server } from '../../../test/msw-server';
import { renderInApp, signIn } from '../../../test/rental-fixtures';
import { VENDOR_USER } from '../test/earnings-fixtures';
import {
  PAYOUT_ADDRESS,
  buildPayout,
  buildStanding,
  servePayouts,
  serveStanding,
} from '../test/payout-fixtures';
import { PayoutsPage } from './payouts-page';

const LOAD = { timeout: 10_000 };

function renderPayouts() {
  signIn(VENDOR_USER);
  return renderInApp(<PayoutsPage />, { path: '/vendor/payouts', at: '/vendor/payouts' });
}

describe('the payouts page', () => {
  it('asks for a payout after a confirmation naming the amount and the address', async () => {
    serveStanding();
    servePayouts([]);
    let sent: unknown = null;
    server.use(
      http.post('/api/vendor/payouts', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ data: buildPayout({ amount: '20.000000' }) }, { status: 201 });
      }),
    );
    const user = userEvent.setup();
    renderPayouts();
    await screen.findByRole('heading', { level: 2, name: 'Ask for a payout' }, LOAD);
    expect(screen.getByText(/Available to pay out/)).toHaveTextContent('42.75 USDT');
    expect(
      screen.getByText('No payout yet. Once money is available, ask for one above.'),
    ).toBeInTheDocument();
    const amount = screen.getByLabelText('Amount (USDT)');
    expect(amount).toHaveValue('42.750000');

    await user.clear(amount);
    await user.type(amount, '9.5');
    await user.click(screen.getByRole('button', { name: 'Ask for payout' }));
    expect(await screen.findByText('The smallest payout is 10 USDT.')).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '50');
    await user.click(screen.getByRole('button', { name: 'Ask for payout' }));
    expect(await screen.findByText('Only 42.75 USDT is available to pay out.')).toBeInTheDocument();

    await user.clear(amount);
    await user.type(amount, '20');
    await user.click(screen.getByRole('button', { name: 'Ask for payout' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ask for this payout?' });
    expect(dialog).toHaveTextContent('20.00 USDT on ERC20 (Ethereum) to');
    expect(dialog).toHaveTextContent(PAYOUT_ADDRESS);
    expect(sent).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Ask for payout' }));
    await waitFor(() => expect(sent).toEqual({ network: 'ERC20', amount: '20' }));
    expect(await screen.findByText('Payout of 20.00 USDT asked for.')).toBeInTheDocument();
  });

  it('says why a payout cannot be asked for now, instead of the form', async () => {
    serveStanding(
      buildStanding({
        blockedReason:
          'One payout request a day: you can ask again from Thu, 26 Nov 2026 10:00:00 GMT.',
      }),
    );
    servePayouts([buildPayout({ status: 'CANCELLED', reason: 'Cancelled by the vendor' })]);
    renderPayouts();
    expect(await screen.findByText(/One payout request a day/, {}, LOAD)).toBeInTheDocument();
    expect(screen.queryByLabelText('Amount (USDT)')).not.toBeInTheDocument();
    const history = await screen.findByRole('table', { name: 'Your payouts, newest first' }, LOAD);
    expect(history).toHaveTextContent('Cancelled by the vendor');
  });

  it('follows the open payout while it confirms, and shows the paid one with its transaction', async () => {
    const hash = `0x${'ab'.repeat(32)}`;
    serveStanding(
      buildStanding({
        open: buildPayout({
          status: 'SUBMITTED',
          txHash: hash,
          confirmations: 4,
          requiredConfirmations: 12,
        }),
      }),
    );
    servePayouts([
      buildPayout({
        status: 'PAID',
        txHash: `0x${'cd'.repeat(32)}`,
        explorerUrl: `https://etherscan.io/tx/0x${'cd'.repeat(32)}`,
        paidAt: '2026-11-24T10:00:00.000Z',
      }),
    ]);
    renderPayouts();
    const open = (await screen.findByRole('heading', { name: 'Your open payout' }, LOAD)).closest(
      '.ant-card',
    ) as HTMLElement;
    expect(open).toHaveTextContent('Confirming on chain');
    expect(open).toHaveTextContent('4 of 12');
    expect(open).toHaveTextContent(hash);
    expect(within(open).queryByRole('button', { name: 'Cancel payout' })).not.toBeInTheDocument();
    const link = await screen.findByRole('link', { name: `0x${'cd'.repeat(32)}` }, LOAD);
    expect(link).toHaveAttribute('href', `https://etherscan.io/tx/0x${'cd'.repeat(32)}`);
  });

  it('cancels a payout nobody has sent, after asking', async () => {
    const payout = buildPayout();
    serveStanding(buildStanding({ open: payout }));
    servePayouts([payout]);
    let cancelled = false;
    server.use(
      http.post(`/api/vendor/payouts/${payout.id}/cancel`, () => {
        cancelled = true;
        // The refreshed standing has no open payout and comes back before the slower history:
        // the card that asked is gone by the time the answer is handled, and the page still
        // says what happened.
        serveStanding();
        server.use(
          http.get('/api/vendor/payouts', async () => {
            await delay(400);
            return HttpResponse.json({
              data: [{ ...payout, status: 'CANCELLED' }],
              meta: { page: 1, pageSize: 10, total: 1 },
            });
          }),
        );
        return HttpResponse.json({ data: { ...payout, status: 'CANCELLED' } });
      }),
    );
    const user = userEvent.setup();
    renderPayouts();
    await user.click(await screen.findByRole('button', { name: 'Cancel payout' }, LOAD));
    // antd names every modal's title 'test-id' under test, so the one dialog is found by role.
    const dialog = await screen.findByRole('dialog', {}, LOAD);
    expect(dialog).toHaveTextContent('Cancel this payout?');
    expect(dialog).toHaveTextContent('25.50 USDT goes back to your available balance');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel payout' }));
    await waitFor(() => expect(cancelled).toBe(true));
    expect(
      await screen.findByText('Payout cancelled. The money is available again.', {}, LOAD),
    ).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Ask for a payout' }, LOAD),
    ).toBeInTheDocument();
  });

  it('changes the addresses with the password, and says a wrong password under its field', async () => {
    serveStanding();
    servePayouts([]);
    const next = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359';
    let attempt = 0;
    let body: unknown = null;
    server.use(
      http.put('/api/vendor/payout-addresses', async ({ request }) => {
        attempt += 1;
        body = await request.json();
        if (attempt === 1)
          return HttpResponse.json(
            errorBody('VALIDATION_ERROR', 'password: That is not your password.', {
              fields: [{ field: 'password', message: 'That is not your password.' }],
            }),
            { status: 400 },
          );
        return HttpResponse.json({
          data: buildStanding({
            payoutAddresses: [
              { network: 'ERC20', address: next, updatedAt: '2026-11-26T10:00:00.000Z' },
            ],
            lockedUntil: '2026-11-28T10:00:00.000Z',
            blockedReason:
              'Your payout addresses changed recently, so payouts wait until Sat, 28 Nov 2026 10:00:00 GMT.',
          }),
        });
      }),
    );
    const user = userEvent.setup();
    renderPayouts();
    await user.click(await screen.findByRole('button', { name: 'Change addresses' }, LOAD));
    const dialog = await screen.findByRole('dialog', { name: 'Change payout addresses' });
    expect(dialog).toHaveTextContent('payouts wait 48 hours');
    const erc20 = within(dialog).getByLabelText('ERC20 (Ethereum)');
    await user.clear(erc20);
    await user.type(erc20, next);
    await user.type(within(dialog).getByLabelText('Your password'), 'wrong');
    await user.click(within(dialog).getByRole('button', { name: 'Save addresses' }));
    expect(await within(dialog).findByText('That is not your password.')).toBeInTheDocument();
    expect(body).toEqual({ payoutAddresses: { ERC20: next }, password: 'wrong' });
    await user.clear(within(dialog).getByLabelText('Your password'));
    await user.type(within(dialog).getByLabelText('Your password'), 'right one');
    await user.click(within(dialog).getByRole('button', { name: 'Save addresses' }));
    expect(
      await screen.findByText(/Payout addresses saved. Payouts wait until/),
    ).toBeInTheDocument();
  });
});
