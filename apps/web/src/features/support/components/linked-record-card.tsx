import { Badge, Card, Descriptions } from 'antd';
import dayjs from 'dayjs';
import { Link } from 'react-router';
import { GAME_LABELS, type Game } from '@crimsonhost/shared/constants';
import { formatUsdt } from '@crimsonhost/shared/money';
import type { RunState } from '@crimsonhost/shared/rentals';
import type { TicketLink } from '@crimsonhost/shared/support';
import type { TransactionType } from '@crimsonhost/shared/wallet';
import { paths } from '../../../app/paths';
import { TRANSACTION_TYPE_LABELS } from '../../../lib/wallet/transaction-labels';

const RUN_BADGES: Record<RunState, 'processing' | 'success' | 'warning' | 'default' | 'error'> = {
  starting: 'processing',
  running: 'success',
  stopping: 'warning',
  stopped: 'default',
  error: 'error',
  unknown: 'default',
};

/** 'ACTIVE' → 'Active'. */
const sentenceCase = (word: string) =>
  word.charAt(0) + word.slice(1).toLowerCase().replace(/_/g, ' ');
const when = (at: string) => dayjs(at).format('D MMM YYYY, HH:mm');

/**
 * The rental or transaction a ticket is about, as it is now (the ticket is read again every 15 s,
 * and this with it).
 */
export function LinkedRecordCard({ link }: { link: TicketLink }) {
  if (link.kind === 'rental') {
    const active = link.status === 'ACTIVE';
    return (
      <Card size="small" title="Rental" extra={<Link to={paths.rentals.href()}>My Rentals</Link>}>
        <Descriptions
          size="small"
          column={1}
          items={[
            { key: 'server', label: 'Server', children: link.serverName },
            { key: 'game', label: 'Game', children: GAME_LABELS[link.game as Game] ?? link.game },
            { key: 'status', label: 'Status', children: sentenceCase(link.status) },
            ...(active
              ? [
                  {
                    key: 'run',
                    label: 'Server state',
                    children: link.runState ? (
                      <Badge status={RUN_BADGES[link.runState]} text={link.runState} />
                    ) : (
                      'No control panel'
                    ),
                  },
                ]
              : []),
            {
              key: 'ends',
              label: active ? 'Ends' : 'Ended',
              children: <time dateTime={link.endsAt}>{when(link.endsAt)}</time>,
            },
          ]}
        />
      </Card>
    );
  }
  return (
    <Card
      size="small"
      title="Transaction"
      extra={<Link to={paths.walletTransaction.href(link.id)}>View transaction</Link>}
    >
      <Descriptions
        size="small"
        column={1}
        items={[
          {
            key: 'type',
            label: 'Type',
            children:
              TRANSACTION_TYPE_LABELS[link.type as TransactionType] ?? sentenceCase(link.type),
          },
          { key: 'status', label: 'Status', children: sentenceCase(link.status) },
          {
            key: 'amount',
            label: 'Amount',
            children: `${formatUsdt(link.amount.replace(/^-/, ''))} ${link.currency === 'USDT' ? 'USDT' : 'platform credit'}`,
          },
          ...(link.description
            ? [{ key: 'what', label: 'Description', children: link.description }]
            : []),
          {
            key: 'date',
            label: 'Date',
            children: <time dateTime={link.createdAt}>{when(link.createdAt)}</time>,
          },
        ]}
      />
    </Card>
  );
}
