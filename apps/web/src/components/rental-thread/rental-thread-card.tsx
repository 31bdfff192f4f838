import { Card } from 'antd';
import { RentalThread } from './rental-thread';

/**
 * What the renter and the vendor of a rental wrote to each other, for support to read beside a
 * ticket or a moderation flag about it. Read only; asked for only where this card is shown.
 */
export function RentalThreadCard({ rentalId }: { rentalId: string }) {
  return (
    <Card
      size="small"
      title={<h2 style={{ fontSize: 'inherit', margin: 0 }}>Renter and vendor messages</h2>}
    >
      <RentalThread reader="staff" rentalId={rentalId} />
    </Card>
  );
}
