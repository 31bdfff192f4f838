import { Card, Flex, Rate, Typography } from 'antd';
import dayjs from 'dayjs';
import type { DeskTicketDetail } from '@crimsonhost/shared/support-desk';

type Satisfaction = NonNullable<DeskTicketDetail['satisfaction']>;

/** How the customer rated the resolution (issue 14 point 16), once per resolution. */
export function SatisfactionCard({ satisfaction }: { satisfaction: Satisfaction }) {
  return (
    <Card size="small" title={<h2 style={{ fontSize: 'inherit', margin: 0 }}>Satisfaction</h2>}>
      <Flex vertical gap={4}>
        <Flex align="center" gap={8} wrap>
          <Rate disabled value={satisfaction.score} aria-hidden style={{ fontSize: 16 }} />
          <Typography.Text strong>Rated {satisfaction.score} of 5</Typography.Text>
        </Flex>
        {satisfaction.comment && (
          <Typography.Paragraph style={{ margin: 0 }}>
            “{satisfaction.comment}”
          </Typography.Paragraph>
        )}
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          <time dateTime={satisfaction.ratedAt}>
            {dayjs(satisfaction.ratedAt).format('D MMM YYYY, HH:mm')}
          </time>
        </Typography.Text>
      </Flex>
    </Card>
  );
}
