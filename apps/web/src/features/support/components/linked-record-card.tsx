import dayjs from 'dayjs';
import { Link } from 'react-router';
import { formatUsdt } from '@crimsonhost/shared/money';
import type { TicketLink } from '@crimsonhost/shared/support';
import { paths } from '../../../app/paths';
import { Badge, Card, Descriptions, Typography } from 'antd';

const RUN_BADGES = {
  starting: 'processing',
  running: 'success',
  stopping: 'warning',
  stopped: 'default',
  error: 'error',
  unknown: 'default',
} as const;

/** The rental or transaction a ticket is about, as it is now. */
export function LinkedRecordCard({ link }: { link: TicketLink }) {
  if (link.kind === 'rental') {
    return (
      <Card size="small" title="Rental" extra={<Link to={paths.rentals.href()}>My Rentals</Link>}>
        <Descriptions size="small" column={1}>
          <Descriptions.Item label="Server">{link.serverName}</Descriptions.Item>
          <Descriptions.Item label="Status">
            {link.status === 'ACTIVE' ? 'Active' : link.status.toLowerCase()}
          </Descriptions.Item>
          {link.runState && (
            <Descriptions.Item label="Server state">
              <Badge status={RUN_BADGES[link.runState]} text={link.runState} />
            </Descriptions.Item>
          )}
          <Descriptions.Item label={link.status === 'ACTIVE' ? 'Ends' : 'Ended'}>
            {dayjs(link.endsAt).format('D MMM YYYY, HH:mm')}
          </Descriptions.Item>
        </Descriptions>
      </Card>
    );
  }
  return (
    <Card
      size="small"
      title="Transaction"
      extra={<Link to={paths.walletTransaction.href(link.id)}>Details</Link>}
    >
      <Descriptions size="small" column={1}>
        <Descriptions.Item label="What">{link.description}</Descriptions.Item>
        <Descriptions.Item label="Amount">
          {formatUsdt(link.amount.replace(/^-/, ''))} {link.currency === 'USDT' ? 'USDT' : 'credit'}
        </Descriptions.Item>
        <Descriptions.Item label="Status">
          <Typography.Text>{link.status.toLowerCase()}</Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label="Date">
          {dayjs(link.createdAt).format('D MMM YYYY, HH:mm')}
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}
