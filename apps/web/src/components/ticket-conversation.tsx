import { Flex, Tag, Typography, theme } from 'antd';
import dayjs from 'dayjs';
import type { MessageAuthorRole, TicketMessageView } from '@crimsonhost/shared/support';
import { AttachmentList } from './attachment-list';
import { Markdown } from './markdown';

const ROLE_LABELS: Record<MessageAuthorRole, string> = {
  customer: 'Customer',
  support: 'Support',
  admin: 'Admin',
  system: 'System',
  vendor: 'Vendor',
};

/**
 * A ticket's conversation: replies with author, role badge and time; internal notes (staff only)
 * marked as such; status changes as short event lines. `viewer` says whose replies read as "You".
 */
export function TicketConversation({
  messages,
  viewer,
}: {
  messages: TicketMessageView[];
  /** Whose conversation it is: the customer's, the desk's, or a rental's vendor in a dispute. */
  viewer: 'customer' | 'staff' | 'vendor';
}) {
  const { token } = theme.useToken();
  return (
    <Flex
      component="ol"
      vertical
      gap={12}
      aria-label="Conversation"
      style={{ listStyle: 'none', margin: 0, padding: 0 }}
    >
      {messages.map((message) => {
        const time = dayjs(message.createdAt);
        if (message.kind === 'event') {
          return (
            <li key={message.id} style={{ textAlign: 'center' }}>
              <Typography.Text type="secondary" style={{ fontSize: 13 }}>
                {message.body} ·{' '}
                <time dateTime={message.createdAt}>{time.format('D MMM, HH:mm')}</time>
              </Typography.Text>
            </li>
          );
        }
        const mine =
          viewer === 'customer'
            ? message.author.role === 'customer'
            : viewer === 'vendor'
              ? message.author.role === 'vendor'
              : message.author.role !== 'customer' && message.author.role !== 'vendor';
        const note = message.kind === 'note';
        return (
          <li
            key={message.id}
            style={{
              border: `1px solid ${note ? token.colorWarningBorder : token.colorBorderSecondary}`,
              background: note
                ? token.colorWarningBg
                : mine
                  ? token.colorFillQuaternary
                  : token.colorBgContainer,
              borderRadius: token.borderRadiusLG,
              padding: '12px 16px',
            }}
          >
            <Flex wrap gap={8} align="center" style={{ marginBottom: 6 }}>
              <Typography.Text strong>
                {viewer === 'customer' && message.author.role === 'customer'
                  ? 'You'
                  : message.author.name}
              </Typography.Text>
              <Tag>{ROLE_LABELS[message.author.role]}</Tag>
              {note && <Tag>Internal note</Tag>}
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                <time dateTime={message.createdAt} title={time.format('D MMMM YYYY, HH:mm:ss')}>
                  {time.format('D MMM YYYY, HH:mm')}
                </time>
              </Typography.Text>
            </Flex>
            <Markdown>{message.body}</Markdown>
            <AttachmentList attachments={message.attachments} />
          </li>
        );
      })}
    </Flex>
  );
}
