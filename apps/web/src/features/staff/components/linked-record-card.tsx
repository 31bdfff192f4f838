import { Badge, Card, Descriptions } from 'antd';
import dayjs from 'dayjs';
import { GAME_LABELS, type Game } from '@crimsonhost/shared/constants';
import { formatUsdt } from '@crimsonhost/shared/money';
import type { RunState } from '@crimsonhost/shared/rentals';
import type { TicketLink } from '@crimsonhost/shared/support';

const RUN_BADGES: Record<RunState, 'success' | 'processing' | 'warning' | 'default' | 'error'> = {
  starting: 'processing',
  running: 'success',
  stopping: 'warning',
  stopped: 'default',
  error: 'error',
  unknown: 'default',
};
const sentence = (word: string) => word.charAt(0) + word.slice(1).toLowerCase().replace(/_/g, ' ');

/**
 * What the ticket is about, as it is now: a rental with its server's live run state (the ticket
 * asks again every 15 s), or a wallet transaction.
 */
export function LinkedRecordCard({ link }: { link: TicketLink }) {
  if (link.kind === 'rental') {
    return (
      <Card size="small" title={<h2 style={{ fontSize: 'inherit', margin: 0 }}>Linked rental</h2>}>
        <Descriptions size="small" column={1}>
          <Descriptions.Item label="Server">{link.serverName}</Descriptions.Item>
          <Descriptions.Item label="Game">
            {GAME_LABELS[link.game as Game] ?? link.game}
          </Descriptions.Item>
          <Descriptions.Item label="Rental">{sentence(link.status)}</Descriptions.Item>
          <Descriptions.Item label={link.status === 'ACTIVE' ? 'Ends' : 'Ended'}>
            <time dateTime={link.endsAt}>{dayjs(link.endsAt).format('D MMM YYYY, HH:mm')}</time>
          </Descriptions.Item>
          <Descriptions.Item label="Server state">
            {link.runState ? (
              <Badge status={RUN_BADGES[link.runState]} text={link.runState} />
            ) : link.status === 'ACTIVE' ? (
              'No control panel'
            ) : (
              '—'
            )}
          </Descriptions.Item>
        </Descriptions>
      </Card>
    );
  }
  return (
    <Card
      size="small"
      title={<h2 style={{ fontSize: 'inherit', margin: 0 }}>Linked transaction</h2>}
    >
      <Descriptions size="small" column={1}>
        <Descriptions.Item label="What">{link.description}</Descriptions.Item>
        <Descriptions.Item label="Amount">
          {formatUsdt(link.amount)} {link.currency}
        </Descriptions.Item>
        <Descriptions.Item label="Status">{sentence(link.status)}</Descriptions.Item>
        <Descriptions.Item label="Date">
          <time dateTime={link.createdAt}>{dayjs(link.createdAt).format('D MMM YYYY, HH:mm')}</time>
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}
