import { CloseOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Empty, Flex, Table, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { MOBILE_BREAKPOINT_PX, type PageSize } from '@crimsonhost/shared/constants';
import { ledgerAccountName, type LedgerEntry } from '@crimsonhost/shared/ledger-admin';
import { LoadErrorResult } from '../../../components/load-error-result';
import { isPastTheEnd, lastPageOf, PastTheEnd } from '../../../components/past-the-end';
import { ListSkeleton } from '../../../components/skeleton-loaders';
import { TABLE_PAGINATION } from '../../../components/table-pagination';
import { toApiError } from '../../../lib/api-client';
import { describeApiError } from '../../../lib/error-messages';
import { historyTotal, useHistoryCursor } from '../../../lib/history-paging';
import { useMediaQuery } from '../../../lib/use-media-query';
import { useLedgerEntries } from '../api/get-ledger-entries';
import { MoneyAmount } from './money-amount';

const MOBILE_QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`;

/**
 * One account's entries, newest first, each with the ledger transaction it belongs to (which
 * opens). Next reads on from where the page shown ended (decision 031).
 */
export function MoneyEntries({
  accountId,
  page,
  pageSize,
  onPage,
  onOpenTransaction,
  onClose,
}: {
  accountId: string;
  page: number;
  pageSize: PageSize;
  onPage: (page: number, pageSize: PageSize) => void;
  onOpenTransaction: (transactionId: string) => void;
  onClose: () => void;
}) {
  const cursor = useHistoryCursor(`${accountId}#${pageSize}`, page);
  const entries = useLedgerEntries(accountId, {
    page,
    pageSize,
    ...(cursor.after ? { after: cursor.after } : {}),
  });
  const meta = entries.isPlaceholderData ? undefined : entries.data?.meta;
  const { total, text: totalText } = historyTotal(entries.data?.meta, page, pageSize);
  const account = entries.data?.account.id === accountId ? entries.data.account : undefined;
  const name = account ? ledgerAccountName(account) : 'the account';

  const isMobile = useMediaQuery(MOBILE_QUERY);
  const time = (at: string) => (
    <time dateTime={at} title={dayjs(at).format('D MMMM YYYY, HH:mm:ss.SSS')}>
      {dayjs(at).format('D MMM YYYY, HH:mm')}
    </time>
  );
  const columns: TableColumnsType<LedgerEntry> = [
    // On a phone the time goes under the transaction: two columns fit 375 px.
    ...(isMobile
      ? []
      : [{ title: 'When', dataIndex: 'createdAt', render: (at: string) => time(at) }]),
    {
      title: 'Transaction',
      key: 'transaction',
      render: (_, entry) => (
        <Flex vertical align="start" style={{ minWidth: 0 }}>
          <Button
            type="link"
            style={{ padding: 0, height: 'auto', textAlign: 'start', whiteSpace: 'normal' }}
            onClick={() => onOpenTransaction(entry.transaction.id)}
          >
            {/* One span: the button's own wrapping of text would drop the spaces between. */}
            <span>
              <span className="visually-hidden">Open ledger transaction</span>{' '}
              {entry.transaction.kind}{' '}
              <span className="visually-hidden">{entry.transaction.reference}</span>
            </span>
          </Button>
          <Typography.Text type="secondary" style={{ fontSize: 12, wordBreak: 'break-all' }}>
            {entry.transaction.reference}
          </Typography.Text>
          {isMobile && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {time(entry.createdAt)}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    {
      title: 'Amount',
      dataIndex: 'amount',
      align: 'right',
      render: (amount: string) => <MoneyAmount amount={amount} />,
    },
  ];

  let body;
  if (entries.isPending) {
    body = <ListSkeleton rows={5} />;
  } else if (entries.isError && !entries.data) {
    body = <LoadErrorResult title="The entries could not be loaded" query={entries} />;
  } else if (isPastTheEnd(page, pageSize, total)) {
    body = (
      <PastTheEnd lastPage={lastPageOf(total, pageSize)} onGoTo={(to) => onPage(to, pageSize)} />
    );
  } else {
    body = (
      <Flex vertical gap={12}>
        {entries.isError && (
          <Alert
            type="warning"
            showIcon
            title={`The entries could not be refreshed: ${describeApiError(toApiError(entries.error))}`}
          />
        )}
        <Table<LedgerEntry>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={entries.data.data}
          loading={entries.isPlaceholderData}
          scroll={isMobile ? undefined : { x: 560 }}
          locale={{ emptyText: <Empty description="No entries on this account yet." /> }}
          pagination={{
            ...TABLE_PAGINATION,
            current: page,
            pageSize,
            total,
            showTotal: (_all, [from, to]) => `${from}-${to} of ${totalText}`,
            onChange: (next, nextSize) => {
              if (nextSize === pageSize) cursor.moving(next, meta?.nextCursor);
              // A new page size starts from the first page.
              onPage(nextSize === pageSize ? next : 1, nextSize as PageSize);
            },
          }}
        />
      </Flex>
    );
  }

  return (
    <Card
      size="small"
      styles={{ title: { whiteSpace: 'normal' } }}
      title={
        <Typography.Title level={2} style={{ fontSize: 18, margin: 0 }}>
          Entries of {name}
        </Typography.Title>
      }
      extra={
        <Button
          type="text"
          icon={<CloseOutlined aria-hidden />}
          aria-label="Close the entries"
          onClick={onClose}
        />
      }
    >
      {account?.owner && (
        <Typography.Paragraph type="secondary">
          {account.owner.name} · {account.owner.email}
        </Typography.Paragraph>
      )}
      {body}
    </Card>
  );
}
