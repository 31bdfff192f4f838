import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { AdminDepositDetail } from '@crimsonhost/shared/admin-deposits';
import type { User } from '@crimsonhost/shared/auth';
import { errorBody } from '../../../test/auth-fixtures';
import { setViewportWidth } from '../../../test/match-media';
import { server } from '../../../test/msw-server';
import { findDialog, renderInApp, signIn } from '../../../test/rental-fixtures';
import { ADMIN_USER } from '../test/admin-fixtures';
import {
  buildAdminDeposit,
  buildDepositDetail,
  buildDepositTransfer,
  buildHeldTransfer,
  serveDepositDetail,
  type SentCredit,
} from '../test/deposit-fixtures';
import { SUPPORT_USER } from '../test/desk-fixtures';
import { DepositPage } from './deposit-page';

const REASON = 'Paid on BSC by mistake, ticket #1042';

function renderDeposit(
  detail: AdminDepositDetail,
  {
    as = ADMIN_USER,
    answer,
  }: { as?: User; answer?: (sent: SentCredit) => AdminDepositDetail | Response } = {},
) {
  signIn(as);
  const served = serveDepositDetail(detail, answer);
  const view = renderInApp(<DepositPage />, {
    path: '/admin/deposits/:depositId',
    at: `/admin/deposits/${detail.id}`,
  });
  return { ...view, ...served };
}

const section = (name: string) =>
  screen.getByRole('heading', { level: 2, name }).closest<HTMLElement>('.ant-card')!;

/** An ERC20 deposit that also received 40 USDT on BEP20, held for staff. */
function misdirectedDetail() {
  const deposit = buildAdminDeposit({ misdirected: true });
  return buildDepositDetail(deposit, {
    transfers: [buildDepositTransfer(), buildHeldTransfer()],
  });
}

describe("a deposit's page", () => {
  it('shows the facts of the deposit and the payments seen', async () => {
    const deposit = buildAdminDeposit({
      status: 'EXPIRED',
      receivedAmount: '25.500000',
      creditedAmount: '25.245000',
      late: true,
      over: true,
      cancelledAt: '2026-11-20T09:10:00.000Z',
    });
    const transfer = buildDepositTransfer({ amount: '25.500000', late: true });
    const detail = buildDepositDetail(deposit, { transfers: [transfer], addressCollision: true });
    renderDeposit(detail, { as: SUPPORT_USER });
    expect(
      await screen.findByRole('heading', { level: 1, name: `Deposit ERC20 ${deposit.address}` }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to deposits' })).toHaveAttribute(
      'href',
      '/admin/deposits',
    );

    const facts = section('Details');
    expect(within(facts).getByRole('link', { name: 'Ada Renter' })).toHaveAttribute(
      'href',
      `/admin/users/${deposit.user.id}`,
    );
    expect(within(facts).getByText(deposit.address)).toBeInTheDocument();
    expect(within(facts).getByRole('button', { name: 'Copy address' })).toBeInTheDocument();
    const explorer = within(facts).getByRole('link', { name: /^View on the block explorer/ });
    expect(explorer).toHaveAttribute('href', detail.addressExplorerUrl);
    expect(explorer).toHaveAttribute('target', '_blank');
    expect(explorer).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(facts).getByText('17')).toBeInTheDocument();
    expect(within(facts).getByText('25.00 USDT')).toBeInTheDocument();
    expect(within(facts).getByText('25.50 USDT')).toBeInTheDocument();
    // Exact to the micro-USDT: what reached the wallet is not rounded.
    expect(within(facts).getByText('25.245 USDT')).toBeInTheDocument();
    for (const tag of ['Expired', 'Late', 'Over']) {
      expect(within(facts).getByText(tag)).toBeInTheDocument();
    }
    expect(within(facts).getByText('Cancelled')).toBeInTheDocument();
    expect(within(facts).getByText('Watched until')).toBeInTheDocument();
    expect(
      within(facts).getByText('Another deposit was handed this same address'),
    ).toBeInTheDocument();

    const payments = section('Payments seen');
    const row = within(payments).getByText('Block 21045120').closest('tr')!;
    expect(
      within(row).getByRole('link', {
        name: `Transaction ${transfer.txHash} on the block explorer (opens in a new tab)`,
      }),
    ).toHaveAttribute('href', transfer.explorerUrl);
    expect(within(row).getByText(transfer.fromAddress)).toBeInTheDocument();
    expect(within(row).getByText('25.50 USDT')).toBeInTheDocument();
    expect(within(row).getByText('12 of 12')).toBeInTheDocument();
    expect(within(row).getByText('Credited')).toBeInTheDocument();
    expect(within(row).getByText('Late')).toBeInTheDocument();
    // Support has no Money page: the ledger transaction is not a link for them.
    expect(within(row).queryByRole('link', { name: 'Ledger transaction' })).toBeNull();
    expect(within(row).getByText('In the wallet')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toMatch(/^Deposit ERC20 0x.*· Deposits · Staff/));
  });

  it('says when no block explorer is set and no payment arrived', async () => {
    const detail = buildDepositDetail(buildAdminDeposit({ status: 'WAITING' }), {
      addressExplorerUrl: null,
      transfers: [],
    });
    renderDeposit(detail);
    await screen.findByRole('heading', { level: 1, name: /^Deposit/ });
    expect(screen.getByText('No block explorer is set for this network')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /block explorer/ })).toBeNull();
    expect(
      within(section('Payments seen')).getByText('No payment has reached this address yet'),
    ).toBeInTheDocument();
  });

  it('shows a payment on the wrong network, and the admin a way to credit it', async () => {
    const detail = misdirectedDetail();
    renderDeposit(detail);
    const payments = await waitFor(() => section('Payments seen'));
    const held = detail.transfers[1]!;
    const row = within(payments).getByText('Held for staff').closest('tr')!;
    expect(within(row).getByText('BEP20')).toBeInTheDocument();
    expect(within(row).getByText('Wrong network')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: /on the block explorer/ })).toHaveAttribute(
      'href',
      held.explorerUrl,
    );
    expect(within(row).getByRole('button', { name: 'Credit to Ada Renter' })).toBeInTheDocument();
    // The credited payment leads to its ledger transaction on the Money page.
    const credited = detail.transfers[0]!;
    expect(within(payments).getByRole('link', { name: 'Ledger transaction' })).toHaveAttribute(
      'href',
      `/admin/money?transaction=${credited.ledgerTransactionId}`,
    );
  });

  it('gives support no Credit button', async () => {
    renderDeposit(misdirectedDetail(), { as: SUPPORT_USER });
    await screen.findByText('Held for staff');
    expect(screen.queryByRole('button', { name: /^Credit/ })).toBeNull();
    expect(screen.getByText('Waits for an admin')).toBeInTheDocument();
  });

  it('credits a held payment after the dialog says what it does, then shows the deposit', async () => {
    const detail = misdirectedDetail();
    const held = detail.transfers[1]!;
    const after: AdminDepositDetail = {
      ...detail,
      misdirected: false,
      creditedAmount: '64.600000',
      transfers: [
        detail.transfers[0]!,
        {
          ...held,
          status: 'CREDITED',
          creditable: false,
          ledgerTransactionId: '80000000-0000-4000-8000-000000000999',
        },
      ],
    };
    const { user, sent } = renderDeposit(detail, { answer: () => after });
    await user.click(await screen.findByRole('button', { name: 'Credit to Ada Renter' }));
    const dialog = await findDialog('Credit to Ada Renter');
    expect(
      within(dialog).getByText(
        "This payment of 40.00 USDT arrived on BEP20 at the address of an ERC20 deposit. Crediting it moves it into Ada Renter's wallet (less the BEP20 fee) through the ledger, once.",
      ),
    ).toBeInTheDocument();
    // The reason is required: nothing is sent without it.
    await user.click(within(dialog).getByRole('button', { name: 'Credit 40.00 USDT' }));
    expect(await within(dialog).findByText('Reason is required')).toBeVisible();
    expect(sent).toEqual([]);

    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), REASON);
    await user.click(within(dialog).getByRole('button', { name: 'Credit 40.00 USDT' }));
    await waitFor(() => expect(sent).toEqual([{ transferId: held.id, body: { reason: REASON } }]));
    expect(await screen.findByText("Credited to Ada Renter's wallet")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByRole('button', { name: 'Credit to Ada Renter' })).toBeNull();
    expect(screen.queryByText('Held for staff')).toBeNull();
    expect(screen.getAllByRole('link', { name: 'Ledger transaction' })).toHaveLength(2);
    expect(within(section('Details')).getByText('64.60 USDT')).toBeInTheDocument();
  });

  it('tells in the dialog that the payment was already credited', async () => {
    const detail = misdirectedDetail();
    const { user, sent } = renderDeposit(detail, {
      answer: () =>
        HttpResponse.json(errorBody('ALREADY_CREDITED', 'This payment was already credited.'), {
          status: 409,
        }),
    });
    await user.click(await screen.findByRole('button', { name: 'Credit to Ada Renter' }));
    const dialog = await findDialog('Credit to Ada Renter');
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), REASON);
    await user.click(within(dialog).getByRole('button', { name: 'Credit 40.00 USDT' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This payment was already credited.',
    );
    expect(sent).toHaveLength(1);
  });

  it('stacks each payment as its own list on a phone', async () => {
    setViewportWidth(375);
    renderDeposit(misdirectedDetail());
    const list = await screen.findByRole('list', {
      name: 'Payments seen at the address, oldest first',
    });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getByRole('button', { name: 'Credit to Ada Renter' })).toBeVisible();
    expect(screen.queryByRole('columnheader')).toBeNull();
  });

  it('answers an unknown deposit with not-found', async () => {
    signIn(ADMIN_USER);
    server.use(
      http.get('/api/admin/deposits/:id', () =>
        HttpResponse.json(errorBody('NOT_FOUND', 'No deposit with this id'), { status: 404 }),
      ),
    );
    renderInApp(<DepositPage />, {
      path: '/admin/deposits/:depositId',
      at: '/admin/deposits/a0000000-0000-4000-8000-000000000999',
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Deposit not found' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to deposits' })).toHaveAttribute(
      'href',
      '/admin/deposits',
    );
  });
});
