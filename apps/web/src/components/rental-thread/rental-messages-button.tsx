import { MessageOutlined } from '@ant-design/icons';
import { Badge, Button, theme } from 'antd';
import { useMessagesParam } from './use-messages-param';

/**
 * "Messages" on a rental of a list, with how many the other side wrote that I have not read. The
 * count is a badge in the primary red (white on it keeps 4.5:1 in both themes; antd's error red
 * does not in dark); the accessible name starts with the visible word and says the count.
 */
export function RentalMessagesButton({
  rentalId,
  unread,
  about,
}: {
  rentalId: string;
  unread: number;
  /** Which rental, for the accessible name: 'Frankfurt Survival'. */
  about: string;
}) {
  const { token } = theme.useToken();
  const { open } = useMessagesParam();
  const count = unread > 0 ? `, ${unread} unread` : '';
  // The name is the hidden line, said whole ("Messages, 2 unread: Frankfurt Survival"); what is
  // seen ("Messages" and the badge) is hidden from screen readers, so no aria-label can disagree
  // with it, and browsers that space out a positioned span cannot split the name.
  return (
    <Button size="small" icon={<MessageOutlined aria-hidden />} onClick={() => open(rentalId)}>
      <span aria-hidden>Messages</span>
      {unread > 0 && (
        <span aria-hidden>
          <Badge
            count={unread}
            size="small"
            color={token.colorPrimary}
            style={{ color: token.colorTextLightSolid, boxShadow: 'none' }}
          />
        </span>
      )}
      <span className="visually-hidden">
        Messages{count}: {about}
      </span>
    </Button>
  );
}
