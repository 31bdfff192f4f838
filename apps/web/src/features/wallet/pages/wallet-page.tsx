import { useMemo, useState } from 'react';
import { Button, Flex, Pagination, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router';
import { TABLE_PAGE_SIZES } from '@crimsonhost/shared/constants';
import { PAYMENT_METHODS, type PaymentMethod } from '@crimsonhost/shared/paypal';
import { LazyDepositDialog } from '../../../components/deposit-dialog/lazy-deposit-dialog';
import { LoadErrorResult } from '../../../components/load-error-result';
import { PageBreadcrumb } from '../../../components/page-breadcrumb';
import { isPastTheEnd, lastPageOf, PastTheEnd } from '../../../components/past-the-end';
import { SectionCard } from '../../../components/section-card';
import { ListSkeleton } from '../../../components/skeleton-loaders';
import { TransactionTimeline } from '../../../components/transaction-timeline';
import { WalletBalances } from '../../../components/wallet-balances';
import { historyTotal, useHistoryCursor } from '../../../lib/history-paging';
import { useTransactions } from '../../../lib/wallet/get-transactions';
import { TransactionFilters } from '../components/transaction-filters';
import {
  hasWalletFilters,
  readWalletSearch,
  toTransactionQuery,
  writeWalletSearch,
  type WalletSearch,
} from '../wallet-search';

/** `?deposit=paypal&amount=20.00` (a payment's Try Again): the dialog opens on arrival so. */
function depositAsked(params: URLSearchParams): { method: PaymentMethod; amount?: string } | null {
  const method = params.get('deposit');
  if (!PAYMENT_METHODS.includes(method as PaymentMethod)) return null;
  return { method: method as PaymentMethod, amount: params.get('amount') ?? undefined };
}

/** /wallet: balances, the Deposit button and the transaction timeline with filters and paging. */
export function WalletPage() {
  const [params, setParams] = useSearchParams();
  const search = useMemo(() => readWalletSearch(params), [params]);
  const asked = depositAsked(params);
  const query = toTransactionQuery(search);
  const cursor = useHistoryCursor(JSON.stringify({ ...query, page: undefined }), search.page);
  const transactions = useTransactions(cursor.after ? { ...query, after: cursor.after } : query);
  const meta = transactions.isPlaceholderData ? undefined : transactions.data?.meta;
  const [depositing, setDepositing] = useState(() => asked !== null);

  const show = (next: WalletSearch) => setParams(writeWalletSearch(next));
  const changeFilters = (changes: Partial<WalletSearch>) =>
    show({ ...search, ...changes, page: 1 });
  const clearFilters = () => show({ page: 1, pageSize: search.pageSize });

  const { total, text: totalText } = historyTotal(
    transactions.data?.meta,
    search.page,
    search.pageSize,
  );
  const filtered = hasWalletFilters(search);

  return (
    <>
      <title>Wallet · CrimsonHost</title>
      <PageBreadcrumb items={[{ title: 'Wallet' }]} />
      <Flex vertical gap={20}>
        <Flex justify="space-between" align="center" gap={12} wrap>
          <Typography.Title level={1} style={{ fontSize: 28, margin: 0 }}>
            Wallet
          </Typography.Title>
          <Button
            type="primary"
            size="large"
            icon={<PlusOutlined aria-hidden />}
            onClick={() => setDepositing(true)}
          >
            Deposit
          </Button>
        </Flex>

        <WalletBalances />

        <SectionCard title="Transactions">
          <Flex vertical gap={20}>
            <TransactionFilters search={search} onChange={changeFilters} onClear={clearFilters} />
            {transactions.isPending ? (
              <ListSkeleton rows={5} />
            ) : transactions.isError && !transactions.data ? (
              <LoadErrorResult title="Your transactions could not be loaded" query={transactions} />
            ) : (
              <Flex
                vertical
                gap={16}
                aria-busy={transactions.isFetching}
                style={{ opacity: transactions.isPlaceholderData ? 0.6 : 1 }}
              >
                {filtered && total > 0 && (
                  <Typography.Text type="secondary" aria-live="polite">
                    {total === 1
                      ? '1 transaction matches these filters'
                      : `${totalText} transactions match these filters`}
                  </Typography.Text>
                )}
                {isPastTheEnd(search.page, search.pageSize, total) ? (
                  <PastTheEnd
                    lastPage={lastPageOf(total, search.pageSize)}
                    onGoTo={(page) => show({ ...search, page })}
                  />
                ) : (
                  <TransactionTimeline transactions={transactions.data?.data ?? []} />
                )}
                {total > 0 && !isPastTheEnd(search.page, search.pageSize, total) && (
                  <Pagination
                    align="center"
                    current={search.page}
                    pageSize={search.pageSize}
                    total={total}
                    pageSizeOptions={[...TABLE_PAGE_SIZES]}
                    showSizeChanger
                    showTotal={(_all, [from, to]) => `${from}-${to} of ${totalText}`}
                    onChange={(page, pageSize) => {
                      if (pageSize === search.pageSize) cursor.moving(page, meta?.nextCursor);
                      show({
                        ...search,
                        page: pageSize === search.pageSize ? page : 1,
                        pageSize,
                      });
                    }}
                  />
                )}
              </Flex>
            )}
          </Flex>
        </SectionCard>
      </Flex>
      <LazyDepositDialog
        open={depositing}
        onClose={() => {
          setDepositing(false);
          // Asked for by the address: once closed, the Deposit button opens a plain one.
          if (asked) setParams(writeWalletSearch(search), { replace: true });
        }}
        defaultMethod={asked?.method}
        defaultAmount={asked?.amount}
      />
    </>
  );
}
