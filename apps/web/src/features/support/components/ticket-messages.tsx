import { Flex, Tag, Typography, theme } from 'antd';
import dayjs from 'dayjs';
import type { MessageAuthorRole, TicketMessageView } from '@crimsonhost/shared/support';
import { AttachmentList } from '../../../components/attachment-list';
import { Markdown } from './markdown';

/** The badge beside an author, as the customer reads the conversation. */
const ROLE_BADGES: Record<MessageAuthorRole, string> = {
  customer: 'You',
  support: 'Support',
  admin: 'Admin',
  system: 'System',
  vendor: 'Vendor',
};

/**
 * A ticket's conversation as its customer reads it: each reply with its author, a role badge
 * (You, Support, Admin, System) and the time, in Markdown; status changes as short centred lines.
 * The API never answers staff notes to a customer.
 */
export function TicketMessages({ messages }: { messages: TicketMessageView[] }) {
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
        const stamp = (
          <time dateTime={message.createdAt} title={time.format('D MMMM YYYY, HH:mm:ss')}>
            {time.format('D MMM YYYY, HH:mm')}
          </time>
        );
        if (message.kind === 'event') {
          return (
            <li key={message.id} style={{ textAlign: 'center' }}>
              <Typography.Text type="secondary" style={{ fontSize: 13 }}>
                {message.body} · {stamp}
              </Typography.Text>
            </li>
          );
        }
        const mine = message.author.role === 'customer';
        return (
          <li
            key={message.id}
            style={{
              border: `1px solid ${token.colorBorderSecondary}`,
              background: mine ? token.colorFillQuaternary : token.colorBgContainer,
              borderRadius: token.borderRadiusLG,
              padding: '12px 16px',
            }}
          >
            <Flex wrap gap={8} align="center" style={{ marginBottom: 6 }}>
              <Typography.Text strong>{message.author.name}</Typography.Text>
              <Tag>{ROLE_BADGES[message.author.role]}</Tag>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {stamp}
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
