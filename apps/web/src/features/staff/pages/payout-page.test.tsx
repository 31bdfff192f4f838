import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@crimsonhost/shared/auth';
import type { AdminPayout } from '@crimsonhost/shared/vendor-payouts';
import { errorBody } from '../../../test/auth-fixtures';
import { setViewportWidth } from '../../../test/match-media';
import { server } from '../../../test/msw-server';
import { findDialog, renderInApp, signIn } from '../../../test/rental-fixtures';
import { CONFIRMING_REFRESH_MS } from '../api/get-admin-payout';
import { ADMIN_USER } from '../test/admin-fixtures';
import { SUPPORT_USER } from '../test/desk-fixtures';
import {
  buildAdminPayout,
  paid,
  PAYOUT_ADDRESS,
  PAYOUT_TX_HASH,
  servePayoutDetail,
  submitted,
  type SentPayoutAction,
} from '../test/payout-fixtures';
import { PayoutPage } from './payout-page';

const MISMATCH =
  "This transaction sent 15.2 USDT to the vendor's address, not the 15.25 USDT of this payout.";
const REASON = 'The vendor asked us to wait for their new wallet';

function renderPayout(
  reads: AdminPayout[],
  {
    as = ADMIN_USER,
    answer,
  }: { as?: User; answer?: (sent: SentPayoutAction) => AdminPayout | Response } = {},
) {
  signIn(as);
  const served = servePayoutDetail(reads, answer);
  const view = renderInApp(<PayoutPage />, {
    path: '/admin/payouts/:payoutId',
    at: `/admin/payouts/${reads[0]!.id}`,
  });
  return { ...view, ...served };
}

const section = (name: string) =>
  screen.getByRole('heading', { level: 2, name }).closest<HTMLElement>('.ant-card')!;

/** The text under a form field: its error, or its hint. */
const underField = (field: HTMLElement) =>
  field
    .closest<HTMLElement>('.ant-form-item')!
    .querySelector<HTMLElement>('.ant-form-item-explain');

afterEach(() => {
  vi.useRealTimers();
});

describe("a payout's page", () => {
  it('tells an admin what to send where, then records the hash and shows it confirming', async () => {
    const payout = buildAdminPayout();
    const { user, sent } = renderPayout([payout], { answer: () => submitted(payout) });
    expect(
      await screen.findByRole('heading', { level: 1, name: /Payout of 15.25 USDT/ }),
    ).toHaveTextContent('to Nordic Hosting');
    expect(screen.getByRole('link', { name: 'Back to payouts' })).toHaveAttribute(
      'href',
      '/admin/payouts',
    );

    const send = section('Send this payout');
    const steps = within(send).getAllByRole('listitem');
    expect(steps[0]).toHaveTextContent(
      `Send exactly 15.25 USDT on ERC20 (Ethereum) from the treasury wallet to ${PAYOUT_ADDRESS}.`,
    );
    expect(steps[1]).toHaveTextContent('Paste the transaction hash here.');
    expect(within(send).getByRole('button', { name: 'Copy amount' })).toBeInTheDocument();
    expect(within(send).getByRole('button', { name: 'Copy address' })).toBeInTheDocument();

    const facts = section('Details');
    expect(within(facts).getByRole('link', { name: 'Nordic Hosting' })).toHaveAttribute(
      'href',
      '/admin/vendors/70000000-0000-4000-8000-000000000042',
    );
    expect(within(facts).getByRole('button', { name: 'Copy address' })).toBeInTheDocument();
    expect(
      within(facts).getByRole('link', { name: /View the address on the block explorer/ }),
    ).toHaveAttribute('href', payout.addressUrl);
    expect(within(facts).getByText('None entered yet')).toBeInTheDocument();

    await user.type(
      within(send).getByRole('textbox', { name: 'Transaction hash' }),
      `  ${PAYOUT_TX_HASH}`,
    );
    await user.click(within(send).getByRole('button', { name: 'Check and record' }));
    await waitFor(() =>
      expect(sent).toEqual([{ action: 'transaction', body: { txHash: PAYOUT_TX_HASH } }]),
    );
    expect(
      await screen.findByText('Transaction recorded: it is confirming on chain'),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'Send this payout' })).toBeNull(),
    );
    expect(screen.getByText('Confirming on chain: 3 of 12 confirmations')).toBeInTheDocument();
    expect(
      within(section('Details')).getByRole('link', {
        name: /View the transaction on the block explorer/,
      }),
    ).toHaveAttribute('href', `https://etherscan.io/tx/${PAYOUT_TX_HASH}`);
    await waitFor(() =>
      expect(document.title).toBe(
        'Payout 15.25 USDT to Nordic Hosting · Payouts · Staff · CrimsonHost',
      ),
    );
  });

  it("shows the chain's reason under the field when the transaction does not pay the payout", async () => {
    const payout = buildAdminPayout();
    const { user, sent } = renderPayout([payout], {
      answer: () =>
        HttpResponse.json(
          errorBody('PAYOUT_HASH_MISMATCH', MISMATCH, {
            fields: [{ field: 'txHash', message: MISMATCH }],
          }),
          { status: 422 },
        ),
    });
    const field = await screen.findByRole('textbox', { name: 'Transaction hash' });
    await user.type(field, PAYOUT_TX_HASH);
    await user.click(screen.getByRole('button', { name: 'Check and record' }));
    await waitFor(() => expect(underField(field)).toHaveTextContent(MISMATCH));
    expect(sent).toHaveLength(1);
    // Said once, under the field, not again in a box.
    expect(document.querySelector('.ant-alert')).toBeNull();
    // Still waiting to be sent: the form stays.
    expect(screen.getByRole('button', { name: 'Check and record' })).toBeInTheDocument();
  });

  it('checks the hash before asking the chain, and says a refusal without a field in words', async () => {
    const payout = buildAdminPayout();
    const { user, sent } = renderPayout([payout], {
      answer: () =>
        HttpResponse.json(
          errorBody(
            'NETWORK_NOT_WATCHED',
            'This storefront does not watch ERC20, so it cannot prove the payment. Configure the ERC20 node first.',
          ),
          { status: 409 },
        ),
    });
    const field = await screen.findByRole('textbox', { name: 'Transaction hash' });
    await user.click(screen.getByRole('button', { name: 'Check and record' }));
    await waitFor(() =>
      expect(underField(field)).toHaveTextContent('Transaction hash is required'),
    );
    await user.type(field, '0x1234');
    await waitFor(() =>
      expect(underField(field)).toHaveTextContent('A transaction hash has 64 hexadecimal digits'),
    );
    expect(sent).toEqual([]);

    await user.clear(field);
    await user.type(field, PAYOUT_TX_HASH);
    await user.click(screen.getByRole('button', { name: 'Check and record' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This storefront does not watch ERC20',
    );
  });

  it('needs a reason to reject, says where the money goes, then shows the rejection', async () => {
    const payout = buildAdminPayout();
    const rejected: AdminPayout = {
      ...payout,
      status: 'REJECTED',
      reason: REASON,
      closedAt: '2026-11-26T12:00:00.000Z',
    };
    const { user, sent } = renderPayout([payout], { answer: () => rejected });
    await user.click(await screen.findByRole('button', { name: 'Reject' }));
    const dialog = await findDialog('Reject this payout');
    expect(
      within(dialog).getByText(/return to Nordic Hosting's available balance at once/),
    ).toHaveTextContent('The 15.25 USDT return');
    await user.click(within(dialog).getByRole('button', { name: 'Reject payout' }));
    expect(await within(dialog).findByText('Reason is required')).toBeVisible();
    expect(sent).toEqual([]);

    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), REASON);
    await user.click(within(dialog).getByRole('button', { name: 'Reject payout' }));
    await waitFor(() => expect(sent).toEqual([{ action: 'reject', body: { reason: REASON } }]));
    expect(
      await screen.findByText('Payout rejected: 15.25 USDT is available to Nordic Hosting again'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByRole('heading', { name: 'Send this payout' })).toBeNull();
    const facts = section('Details');
    expect(within(facts).getByText(REASON)).toBeInTheDocument();
    expect(within(facts).getAllByText('Rejected').length).toBeGreaterThan(0);
  });

  it('gives support everything to read and no action', async () => {
    renderPayout([buildAdminPayout()], { as: SUPPORT_USER });
    await screen.findByRole('heading', { level: 1, name: /Payout of 15.25 USDT/ });
    expect(
      screen.getByText('Waits for an admin to send it from the treasury.'),
    ).toBeInTheDocument();
    expect(within(section('Details')).getByText(PAYOUT_ADDRESS)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Send this payout' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Transaction hash' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Check and record|Reject/ })).toBeNull();
  });

  it('shows the confirmations of a confirming payout, and turns paid by itself', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const payout = buildAdminPayout();
    const { reads } = renderPayout([submitted(payout), paid(payout)]);
    expect(
      await screen.findByText('Confirming on chain: 3 of 12 confirmations'),
    ).toBeInTheDocument();
    expect(within(section('Details')).getByText('3 of 12 confirmations')).toBeInTheDocument();
    // Nothing to send while it confirms, even for an admin.
    expect(screen.queryByRole('button', { name: /Check and record|Reject/ })).toBeNull();

    await vi.advanceTimersByTimeAsync(CONFIRMING_REFRESH_MS);
    await waitFor(() => expect(reads()).toBe(2));
    expect(await screen.findByText('12 of 12 confirmations')).toBeInTheDocument();
    expect(screen.queryByText(/^Confirming on chain:/)).toBeNull();
    expect(within(section('Details')).getAllByText('Paid').length).toBeGreaterThan(0);

    // Paid: nothing moves any more, the page stops asking.
    await vi.advanceTimersByTimeAsync(CONFIRMING_REFRESH_MS * 2);
    expect(reads()).toBe(2);
  });

  it('says why a hash entered before was dropped', async () => {
    const dropped = buildAdminPayout({
      reason: `The transaction ${PAYOUT_TX_HASH} no longer pays this payout: it failed on chain.`,
    });
    renderPayout([dropped]);
    expect(
      await screen.findByText('The transaction entered before was dropped: send the payout again'),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Send this payout' })).toBeInTheDocument();
  });

  it('fits a phone: the steps and the form stack, nothing in a table', async () => {
    setViewportWidth(375);
    renderPayout([buildAdminPayout()]);
    expect(await screen.findByRole('button', { name: 'Check and record' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Reject' })).toBeVisible();
    // The details stack, one fact a line.
    for (const line of section('Details').querySelectorAll('.ant-descriptions-row')) {
      expect(line.querySelectorAll('.ant-descriptions-item')).toHaveLength(1);
    }
  });

  it('answers an unknown payout with not-found', async () => {
    signIn(ADMIN_USER);
    server.use(
      http.get('/api/admin/payouts/:id', () =>
        HttpResponse.json(errorBody('NOT_FOUND', 'No payout with this id'), { status: 404 }),
      ),
    );
    renderInApp(<PayoutPage />, {
      path: '/admin/payouts/:payoutId',
      at: '/admin/payouts/b0000000-0000-4000-8000-000000000999',
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Payout not found' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to payouts' })).toHaveAttribute(
      'href',
      '/admin/payouts',
    );
  });
});
