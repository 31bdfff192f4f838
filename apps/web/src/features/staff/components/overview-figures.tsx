import { Card, Col, Row, Statistic, Typography } from 'antd';
import type { OverviewFigures } from '@crimsonhost/shared/admin-overview';
import { formatUsdt } from '@crimsonhost/shared/money';

const usdt = (amount: string) => `${formatUsdt(amount)} USDT`;

function FiguresCard({ title, figures }: { title: string; figures: OverviewFigures }) {
  const items = [
    { label: 'Sign-ups', value: figures.signUps.toLocaleString('en-US') },
    {
      label: 'Deposits credited',
      value: usdt(figures.deposits.amount),
      note: `${figures.deposits.count.toLocaleString('en-US')} payment${figures.deposits.count === 1 ? '' : 's'}`,
    },
    { label: 'Rental revenue', value: usdt(figures.rentalRevenue), note: 'less refunds' },
    { label: 'Commission', value: usdt(figures.commission), note: 'to platform revenue' },
  ];
  return (
    <Card
      size="small"
      title={
        <Typography.Title level={3} style={{ fontSize: 16, margin: 0 }}>
          {title}
        </Typography.Title>
      }
    >
      <Row gutter={[16, 16]}>
        {items.map((item) => (
          <Col key={item.label} xs={12} lg={6}>
            <Statistic
              title={item.label}
              value={item.value}
              styles={{ content: { fontSize: 18, fontVariantNumeric: 'tabular-nums' } }}
            />
            {item.note && <Typography.Text type="secondary">{item.note}</Typography.Text>}
          </Col>
        ))}
      </Row>
    </Card>
  );
}

/** Today's (UTC) figures and the last 30 days', side by side on a wide screen. */
export function OverviewFiguresCards({
  today,
  last30Days,
}: {
  today: OverviewFigures;
  last30Days: OverviewFigures;
}) {
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={12}>
        <FiguresCard title="Today (UTC)" figures={today} />
      </Col>
      <Col xs={24} xl={12}>
        <FiguresCard title="Last 30 days" figures={last30Days} />
      </Col>
    </Row>
  );
}
