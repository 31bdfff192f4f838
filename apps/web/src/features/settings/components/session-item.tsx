import { Button, Flex, Popconfirm, Tag, Typography, theme } from 'antd';
import { LogoutOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import type { MySession } from '@crimsonhost/shared/sessions';
import { Dot } from '../../../components/ticket-tags';

dayjs.extend(relativeTime);

/** '5 minutes ago'; a time a little ahead of this clock reads as now, not 'in a few seconds'. */
function sinceNow(time: string, now: number): string {
  return dayjs(time).from(dayjs(Math.max(now, Date.parse(time))));
}

const fullDate = (time: string) => dayjs(time).format('D MMMM YYYY, HH:mm');

/** One signed-in device: what it is, where from, since when; "Sign out" on every other one. */
export function SessionItem({
  session,
  now,
  signingOut,
  onSignOut,
}: {
  session: MySession;
  now: number;
  /** Its sign-out is on its way. */
  signingOut: boolean;
  onSignOut: (session: MySession) => void;
}) {
  const { token } = theme.useToken();
  return (
    <Flex justify="space-between" align="center" gap={12} wrap>
      <Flex vertical gap={2} style={{ minWidth: 0, flex: '1 1 240px' }}>
        <Flex align="center" gap={8} wrap>
          <Typography.Text strong style={{ overflowWrap: 'anywhere' }}>
            {session.device}
          </Typography.Text>
          {session.current && (
            <Tag style={{ marginInlineEnd: 0 }}>
              <Dot color={token.colorSuccess} />
              This device
            </Tag>
          )}
        </Flex>
        <Typography.Text type="secondary" style={{ overflowWrap: 'anywhere' }}>
          {session.ip ? `IP address ${session.ip}` : 'IP address unknown'}
        </Typography.Text>
        <Typography.Text type="secondary">
          Signed in{' '}
          <time dateTime={session.startedAt} title={fullDate(session.startedAt)}>
            {dayjs(session.startedAt).format('D MMMM YYYY')}
          </time>
          {' · '}
          Last active{' '}
          <time dateTime={session.lastUsedAt} title={fullDate(session.lastUsedAt)}>
            {sinceNow(session.lastUsedAt, now)}
          </time>
        </Typography.Text>
      </Flex>
      {!session.current && (
        <Popconfirm
          title={`Sign out ${session.device}?`}
          description="It will need to sign in again."
          okText="Sign out"
          cancelText="Cancel"
          okButtonProps={{ danger: true }}
          onConfirm={() => onSignOut(session)}
        >
          <Button icon={<LogoutOutlined aria-hidden />} loading={signingOut}>
            {/* The name is the hidden line, said whole and starting with the visible words. */}
            <span aria-hidden>Sign out</span>
            <span className="visually-hidden">{`Sign out ${session.device}`}</span>
          </Button>
        </Popconfirm>
      )}
    </Flex>
  );
}
