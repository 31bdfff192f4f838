import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { User } from '@crimsonhost/shared/auth';
import type {
  LedgerAccounts,
  LedgerCheck,
  LedgerEntry,
  LedgerTransactionDetail,
} from '@crimsonhost/shared/ledger-admin';
import { buildUser, errorBody } from '../../../test/auth-fixtures';
import { historyPage } from '../../../test/history-page';
import { server } from '../../../test/msw-server';
import { renderInApp, signIn } from '../../../test/rental-fixtures';
import { AdminOnly } from '../components/admin-only';
import { StaffSideMenu } from '../components/staff-navigation';
import { SUPPORT_USER } from '../test/desk-fixtures';
import { MoneyPage } from './money-page';

const ADMIN = buildUser({
  id: '60000000-0000-4000-8000-000000000010',
  email: 'admin@crimsonhost.demo',
  displayName: 'Demo Admin',
  role: 'admin',
});

const ESCROW = 'a1000000-0000-4000-8000-000000000001';
const VENDOR = 'a1000000-0000-4000-8000-000000000002';
const CLEARING = 'a1000000-0000-4000-8000-000000000003';
const WALLET = 'a1000000-0000-4000-8000-000000000004';
const CREDIT_TX = 'b1000000-0000-4000-8000-000000000001';
const RENTER = {
  id: 'c1000000-0000-4000-8000-000000000001',
  name: 'Ada',
  email: 'ada@example.com',
};
const CURSOR = '1763629200000000_21';

const ACCOUNTS: LedgerAccounts = {
  platform: [
    {
      id: ESCROW,
      kind: 'ESCROW',
      currency: 'USDT',
      network: null,
      owner: null,
      balance: '2.500000',
      entries: 4,
    },
    {
      id: VENDOR,
      kind: 'VENDOR_PENDING',
      currency: 'USDT',
      network: null,
      owner: {
        id: 'c1000000-0000-4000-8000-000000000009',
        name: 'Acme Hosting',
        email: 'acme@example.com',
      },
      balance: '6.750000',
      entries: 2,
    },
    {
      id: CLEARING,
      kind: 'CHAIN_CLEARING',
      currency: 'USDT',
      network: 'TRC20',
      owner: null,
      balance: '-1250.000000',
      entries: 21,
    },
  ],
  users: {
    wallets: { accounts: 3, total: '1240.500000' },
    credit: { accounts: 0, total: '0.000000' },
  },
};

const entry = (n: number, overrides: Partial<LedgerEntry> = {}): LedgerEntry => ({
  id: String(n),
  amount: '-10.000000',
  createdAt: '2026-11-20T10:00:00.000Z',
  transaction: {
    id: `b1000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    kind: 'DEPOSIT_CREDIT',
    reference: `deposit:TRC20:hash${n}:0`,
    createdAt: '2026-11-20T10:00:00.000Z',
  },
  ...overrides,
});

const TRANSACTION: LedgerTransactionDetail = {
  id: CREDIT_TX,
  kind: 'DEPOSIT_CREDIT',
  reference: 'deposit:TRC20:hash1:0',
  createdAt: '2026-11-20T10:00:00.000Z',
  balanced: true,
  entries: [
    {
      id: '1',
      account: {
        id: CLEARING,
        kind: 'CHAIN_CLEARING',
        currency: 'USDT',
        network: 'TRC20',
        owner: null,
      },
      amount: '-10.000000',
    },
    {
      id: '2',
      account: { id: WALLET, kind: 'USER_WALLET', currency: 'USDT', network: null, owner: RENTER },
      amount: '9.950000',
    },
    {
      id: '3',
      account: {
        id: 'a1000000-0000-4000-8000-000000000005',
        kind: 'PLATFORM_REVENUE',
        currency: 'USDT',
        network: null,
        owner: null,
      },
      amount: '0.050000',
    },
  ],
  walletTransaction: {
    id: 'd1000000-0000-4000-8000-000000000001',
    userId: RENTER.id,
    type: 'DEPOSIT',
    status: 'CONFIRMED',
    amount: '10.000000',
    fee: '0.050000',
    currency: 'USDT',
    description: 'Deposit via Tron (TRC20)',
    createdAt: '2026-11-20T10:00:00.000Z',
  },
  chainTransfer: {
    id: 'e1000000-0000-4000-8000-000000000001',
    network: 'TRC20',
    txHash: 'hash1',
    logIndex: 0,
    amount: '10.000000',
    status: 'CREDITED',
  },
};

const FIGURES: LedgerCheck['figures'] = {
  transactions: 1204,
  entries: 2611,
  accounts: 40,
  userAccounts: 36,
  rentals: 310,
  activeRentals: 4,
  depositCredits: 180,
  creditedTransfers: 180,
  userWallets: '1240.500000',
  platformCredit: '0.000000',
  escrow: '2.500000',
  heldByActiveRentals: '2.500000',
  vendorPending: '6.750000',
  vendorAvailable: '0.000000',
  vendorPayoutPending: '0.000000',
  platformRevenue: '0.250000',
  chainClearing: '-1250.000000',
  paypalClearing: '0.000000',
  owedByUsers: '0.000000',
  heldInDisputes: '0.000000',
  creditedTransferAmount: '1250.000000',
};

const CLEAN: LedgerCheck = {
  ok: true,
  checkedAt: '2026-11-20T10:05:00.000Z',
  durationMs: 84,
  figures: FIGURES,
  found: 0,
  violations: [],
};

const BROKEN: LedgerCheck = {
  ...CLEAN,
  ok: false,
  found: 2,
  violations: [
    {
      kind: 'CACHED_BALANCE_DRIFT',
      message:
        'The wallet of ada@example.com (USDT) caches a balance of 10.950000, but its entries sum to 9.950000.',
      ids: [WALLET, RENTER.id],
    },
    {
      kind: 'CREDIT_WITHOUT_TRANSFER',
      message:
        'Deposit credit deposit:TRC20:hash9:0 has no chain transfer: money was credited for a payment the books do not hold.',
      ids: [CREDIT_TX],
    },
  ],
};

/** The Money section's API: the accounts, two pages of the clearing account's entries, one transaction. */
function serveLedger() {
  const asked: URL[] = [];
  server.use(
    http.get('/api/admin/ledger/accounts', () => HttpResponse.json({ data: ACCOUNTS })),
    http.get('/api/admin/ledger/accounts/:id/entries', ({ request, params }) => {
      const url = new URL(request.url);
      asked.push(url);
      const account =
        params.id === WALLET
          ? TRANSACTION.entries[1]!.account
          : {
              id: CLEARING,
              kind: 'CHAIN_CLEARING',
              currency: 'USDT',
              network: 'TRC20',
              owner: null,
            };
      if (params.id === WALLET) {
        return HttpResponse.json({
          ...historyPage([entry(1, { amount: '9.950000' })]),
          account,
        });
      }
      const second =
        url.searchParams.get('after') === CURSOR || url.searchParams.get('page') === '2';
      const entries = second ? [entry(1)] : Array.from({ length: 20 }, (_, i) => entry(21 - i));
      return HttpResponse.json({
        ...historyPage(entries, {
          page: second ? 2 : 1,
          total: 21,
          nextCursor: second ? null : CURSOR,
        }),
        account,
      });
    }),
    http.get('/api/admin/ledger/transactions/:id', ({ params }) =>
      params.id === CREDIT_TX
        ? HttpResponse.json({ data: TRANSACTION })
        : HttpResponse.json(errorBody('NOT_FOUND', 'Ledger transaction not found'), {
            status: 404,
          }),
    ),
  );
  return { asked };
}

function renderMoney(at = '/admin/money', as: User = ADMIN) {
  signIn(as);
  // As the staff area routes it: admins only.
  return renderInApp(
    <AdminOnly>
      <MoneyPage />
    </AdminOnly>,
    { path: '/admin/money', at },
  );
}

describe('the Money section', () => {
  it("lists the platform's accounts with their balances and the users' totals", async () => {
    serveLedger();
    renderMoney();
    const escrow = await screen.findByRole('button', { name: 'Show the entries of Escrow' });
    expect(within(escrow.closest('tr')!).getByText('2.500000')).toBeInTheDocument();
    const vendor = screen.getByRole('button', {
      name: 'Show the entries of Vendor pending · Acme Hosting',
    });
    expect(within(vendor.closest('tr')!).getByText('acme@example.com')).toBeInTheDocument();
    const clearing = screen.getByRole('button', {
      name: 'Show the entries of Chain clearing · TRC20',
    });
    expect(within(clearing.closest('tr')!).getByText('-1,250.000000')).toBeInTheDocument();
    expect(screen.getByText('User wallets (3 accounts)')).toBeInTheDocument();
    expect(screen.getByText('1,240.500000')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Money · Staff · CrimsonHost'));
  });

  it("shows an account's entries newest first, and reads the next page from the cursor", async () => {
    const { asked } = serveLedger();
    const { router, user } = renderMoney();
    await user.click(
      await screen.findByRole('button', { name: 'Show the entries of Chain clearing · TRC20' }),
    );
    await waitFor(() => expect(router.state.location.search).toBe(`?account=${CLEARING}`));
    expect(
      await screen.findByRole('heading', { name: 'Entries of Chain clearing · TRC20' }),
    ).toBeInTheDocument();
    expect(
      await screen.findByRole('button', {
        name: 'Open ledger transaction DEPOSIT_CREDIT deposit:TRC20:hash21:0',
      }),
    ).toBeInTheDocument();
    expect(screen.getByText('1-20 of 21')).toBeInTheDocument();

    await user.click(screen.getByTitle('Next Page'));
    await waitFor(() => expect(router.state.location.search).toBe(`?account=${CLEARING}&page=2`));
    expect(
      await screen.findByRole('button', {
        name: 'Open ledger transaction DEPOSIT_CREDIT deposit:TRC20:hash1:0',
      }),
    ).toBeInTheDocument();
    const last = asked.at(-1)!.searchParams;
    expect(last.get('after')).toBe(CURSOR);
    expect(last.get('page')).toBe('2');
  });

  it("opens an entry's ledger transaction with all its entries and what is linked to it", async () => {
    serveLedger();
    const { router, user } = renderMoney(`/admin/money?account=${CLEARING}&page=2`);
    await user.click(
      await screen.findByRole('button', {
        name: 'Open ledger transaction DEPOSIT_CREDIT deposit:TRC20:hash1:0',
      }),
    );
    await waitFor(() =>
      expect(router.state.location.search).toBe(
        `?account=${CLEARING}&transaction=${CREDIT_TX}&page=2`,
      ),
    );
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('Sum to zero')).toBeInTheDocument();
    expect(within(drawer).getByText('-10.000000')).toBeInTheDocument();
    expect(within(drawer).getByText('9.950000')).toBeInTheDocument();
    expect(within(drawer).getByText('ada@example.com')).toBeInTheDocument();
    expect(within(drawer).getByText('Deposit via Tron (TRC20)')).toBeInTheDocument();
    expect(within(drawer).getByRole('link', { name: 'Open the account' })).toHaveAttribute(
      'href',
      `/admin/users/${RENTER.id}`,
    );
    expect(within(drawer).getByText('CREDITED')).toBeInTheDocument();

    // An account of the transaction opens its own entries.
    await user.click(
      within(drawer).getByRole('button', { name: 'Show the entries of User wallet · Ada' }),
    );
    await waitFor(() => expect(router.state.location.search).toBe(`?account=${WALLET}`));
    expect(
      await screen.findByRole('heading', { name: 'Entries of User wallet · Ada' }),
    ).toBeInTheDocument();
  });

  it('checks the books and says they balance, with the figures', async () => {
    serveLedger();
    let checks = 0;
    server.use(
      http.post('/api/admin/ledger/check', () => {
        checks += 1;
        return HttpResponse.json({ data: CLEAN });
      }),
    );
    const { user } = renderMoney();
    await user.click(await screen.findByRole('button', { name: /^Check the books/ }));
    expect(await screen.findByText('The books balance')).toBeInTheDocument();
    expect(screen.getByText('1,204')).toBeInTheDocument();
    expect(screen.getByText('Held by active rentals')).toBeInTheDocument();
    expect(screen.getByText(/in 84 ms\.$/)).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Violations' })).toBeNull();
    expect(checks).toBe(1);
  });

  it('lists each violation in words when the books do not balance', async () => {
    serveLedger();
    server.use(http.post('/api/admin/ledger/check', () => HttpResponse.json({ data: BROKEN })));
    const { user } = renderMoney();
    await user.click(await screen.findByRole('button', { name: /^Check the books/ }));
    expect(await screen.findByText('The books do not balance: 2 violations')).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Violations' });
    expect(within(list).getByText('Cached balance differs from its entries')).toBeInTheDocument();
    expect(within(list).getByText(BROKEN.violations[0]!.message)).toBeInTheDocument();
    expect(within(list).getByText('Deposit credit without a chain transfer')).toBeInTheDocument();
    expect(within(list).getByText(BROKEN.violations[1]!.message)).toBeInTheDocument();
    expect(within(list).getByText(CREDIT_TX)).toBeInTheDocument();
  });

  it('says when the check or the accounts could not be loaded', async () => {
    server.use(
      http.get('/api/admin/ledger/accounts', () =>
        HttpResponse.json(errorBody('INTERNAL', 'Something went wrong'), { status: 500 }),
      ),
      http.post('/api/admin/ledger/check', () =>
        HttpResponse.json(errorBody('FORBIDDEN', 'Your account does not have access to this'), {
          status: 403,
        }),
      ),
    );
    const { user } = renderMoney();
    expect(await screen.findByText('The ledger accounts could not be loaded')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^Check the books/ }));
    expect(await screen.findByText('The check could not run')).toBeInTheDocument();
  });

  it('is in the staff navigation for admins only', async () => {
    signIn(ADMIN);
    const admin = renderInApp(<StaffSideMenu />, { path: '/admin/*', at: '/admin/money' });
    const money = await screen.findByRole('link', { name: 'Money' });
    expect(money).toHaveAttribute('href', '/admin/money');
    expect(money).toHaveAttribute('aria-current', 'page');
    admin.unmount();

    signIn(SUPPORT_USER);
    renderInApp(<StaffSideMenu />, { path: '/admin/*', at: '/admin' });
    expect(await screen.findByRole('link', { name: 'Overview' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Money' })).toBeNull();
  });

  it('does not exist for support staff', async () => {
    renderMoney('/admin/money', SUPPORT_USER);
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Check the books/ })).toBeNull();
  });
});
