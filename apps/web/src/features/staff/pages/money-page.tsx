import { Flex, Typography } from 'antd';
import { useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { DEFAULT_PAGE_SIZE, TABLE_PAGE_SIZES, type PageSize } from '@crimsonhost/shared/constants';
import { MoneyAccounts } from './money-accounts';
import { MoneyCheck } from './money-check';
import { MoneyEntries } from './money-entries';
import { MoneyTransactionDrawer } from './money-transaction';

/** What the Money page shows, as the address bar holds it. */
export interface MoneySearch {
  /** The account whose entries are shown. */
  account: string | null;
  /** The ledger transaction open beside them. */
  transaction: string | null;
  page: number;
  pageSize: PageSize;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** ?account=…&transaction=…&page=2&pageSize=50; a value that is not one is left out. */
export function readMoneySearch(params: URLSearchParams): MoneySearch {
  const account = params.get('account');
  const transaction = params.get('transaction');
  const page = Number(params.get('page'));
  const pageSize = Number(params.get('pageSize'));
  return {
    account: account && UUID.test(account) ? account : null,
    transaction: transaction && UUID.test(transaction) ? transaction : null,
    page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
    pageSize: TABLE_PAGE_SIZES.includes(pageSize as PageSize)
      ? (pageSize as PageSize)
      : DEFAULT_PAGE_SIZE,
  };
}

export function writeMoneySearch(search: MoneySearch): URLSearchParams {
  const params = new URLSearchParams();
  if (search.account) params.set('account', search.account);
  if (search.transaction) params.set('transaction', search.transaction);
  if (search.account && search.page > 1) params.set('page', String(search.page));
  if (search.pageSize !== DEFAULT_PAGE_SIZE) params.set('pageSize', String(search.pageSize));
  return params;
}

/**
 * /admin/money (admin only): the ledger explorer and "Check the books" (issue 15 point 4). The
 * platform's accounts with their balances; an account's entries, paged; an entry's ledger
 * transaction with all its entries; and the check of the whole ledger, on request.
 */
export function MoneyPage() {
  const [params, setParams] = useSearchParams();
  const search = useMemo(() => readMoneySearch(params), [params]);
  const show = (next: MoneySearch) => setParams(writeMoneySearch(next));
  const openAccount = (account: string) =>
    show({ account, transaction: null, page: 1, pageSize: search.pageSize });

  // A chosen account's entries appear below the accounts: bring them into view (on a phone, the
  // accounts fill the screen).
  const entriesRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (search.account) entriesRef.current?.scrollIntoView?.({ block: 'start' });
  }, [search.account]);

  return (
    <>
      <title>Money · Staff · CrimsonHost</title>
      <Flex vertical gap={16}>
        <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
          Money
        </Typography.Title>
        <MoneyCheck />
        <MoneyAccounts selected={search.account} onSelect={openAccount} />
        {search.account && (
          <div ref={entriesRef} style={{ scrollMarginTop: 12 }}>
            <MoneyEntries
              key={search.account}
              accountId={search.account}
              page={search.page}
              pageSize={search.pageSize}
              onPage={(page, pageSize) => show({ ...search, page, pageSize })}
              onOpenTransaction={(transaction) => show({ ...search, transaction })}
              onClose={() => show({ ...search, account: null, transaction: null, page: 1 })}
            />
          </div>
        )}
      </Flex>
      <MoneyTransactionDrawer
        transactionId={search.transaction}
        onClose={() => show({ ...search, transaction: null })}
        onOpenAccount={openAccount}
      />
    </>
  );
}
