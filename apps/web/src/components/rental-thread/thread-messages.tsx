import { Divider, Flex, Tag, Typography, theme } from 'antd';
import dayjs from 'dayjs';
import type { RentalMessage, ThreadSide } from '@crimsonhost/shared/rental-messages';
import { AttachmentList } from '../attachment-list';
import { Markdown } from '../markdown';

export const SIDE_LABELS: Record<ThreadSide, string> = { renter: 'Renter', vendor: 'Vendor' };

/**
 * A rental's messages, oldest first: each with its author, their side and the time, in Markdown
 * with its files. A "New messages" line stands before `newFrom` (the first message the reader had
 * not read when the thread opened); "Seen" under the reader's own latest message once the other
 * side has opened the thread since.
 */
export function ThreadMessages({
  messages,
  side,
  newFrom,
  label,
}: {
  messages: RentalMessage[];
  /** The reader's side; null for support, who have no messages of their own here. */
  side: ThreadSide | null;
  newFrom: string | null;
  /** The list's accessible name. */
  label: string;
}) {
  const { token } = theme.useToken();
  const latestMine = side ? messages.findLast((message) => message.side === side) : undefined;
  return (
    <Flex
      component="ol"
      vertical
      gap={12}
      aria-label={label}
      style={{ listStyle: 'none', margin: 0, padding: 0 }}
    >
      {messages.flatMap((message) => {
        const time = dayjs(message.createdAt);
        const mine = message.side === side;
        const item = (
          <li
            key={message.id}
            data-message-id={message.id}
            style={{
              border: `1px solid ${token.colorBorderSecondary}`,
              background: mine ? token.colorFillQuaternary : token.colorBgContainer,
              borderRadius: token.borderRadiusLG,
              padding: '10px 14px',
              minWidth: 0,
            }}
          >
            <Flex wrap gap={8} align="center" style={{ marginBottom: 6 }}>
              <Typography.Text strong style={{ overflowWrap: 'anywhere' }}>
                {message.authorName}
              </Typography.Text>
              <Tag style={{ marginInlineEnd: 0 }}>{SIDE_LABELS[message.side]}</Tag>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                <time dateTime={message.createdAt} title={time.format('D MMMM YYYY, HH:mm:ss')}>
                  {time.format('D MMM YYYY, HH:mm')}
                </time>
              </Typography.Text>
            </Flex>
            <Markdown>{message.body}</Markdown>
            <AttachmentList attachments={message.attachments} />
            {message === latestMine && message.seen && (
              <Typography.Text
                type="secondary"
                style={{ display: 'block', fontSize: 12, marginTop: 6, textAlign: 'end' }}
              >
                Seen
              </Typography.Text>
            )}
          </li>
        );
        if (message.id !== newFrom) return [item];
        return [
          <li key="new-messages" data-new-messages="">
            <Divider plain style={{ margin: 0, borderColor: token.colorPrimary }}>
              New messages
            </Divider>
          </li>,
          item,
        ];
      })}
    </Flex>
  );
}
