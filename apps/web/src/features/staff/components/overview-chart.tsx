import { Card, Flex, Typography, theme } from 'antd';
import { useId } from 'react';
import type { OverviewDay } from '@crimsonhost/shared/admin-overview';
import { formatUsdt, parseSignedUsdt } from '@crimsonhost/shared/money';

const WIDTH = 640;
const HEIGHT = 220;
const PAD = { top: 12, right: 8, bottom: 28, left: 8 };
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** '2026-11-03' -> '3 Nov' (a UTC day, read as written). */
export function dayLabel(date: string) {
  const [, month, day] = date.split('-').map(Number);
  return `${day} ${MONTHS[(month ?? 1) - 1]}`;
}

const micro = (amount: string) => {
  const value = parseSignedUsdt(amount);
  return value > 0n ? value : 0n;
};
/** Bar heights only: an amount's size in whole USDT; the figures shown stay exact strings. */
const size = (amount: string) => Number(micro(amount)) / 1_000_000;

/**
 * Deposits credited and rental revenue per UTC day over the last 30 days, as grouped bars in an
 * inline SVG that scales to its card. The SVG is one image with a summary for screen readers; the
 * day-by-day figures are in a table that only they read.
 */
export function OverviewChart({ series }: { series: OverviewDay[] }) {
  const { token } = theme.useToken();
  const captionId = useId();
  const colours = { deposits: token.colorPrimary, revenue: token.colorInfo };
  const highest = series
    .flatMap((d) => [micro(d.deposits.amount), micro(d.rentalRevenue)])
    .reduce((a, b) => (b > a ? b : a), 0n);
  const max = Math.max(1, Number(highest) / 1_000_000);
  const plotWidth = WIDTH - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const slot = plotWidth / Math.max(1, series.length);
  const bar = Math.max(1, (slot - 2) / 2);
  const y = (value: number) => PAD.top + plotHeight - (value / max) * plotHeight;
  const total = (pick: (d: OverviewDay) => string) =>
    formatUsdt(series.reduce((sum, d) => sum + parseSignedUsdt(pick(d)), 0n));
  const summary = `Deposits credited and rental revenue per day over the last 30 days: ${total(
    (d) => d.deposits.amount,
  )} USDT deposited and ${total((d) => d.rentalRevenue)} USDT rental revenue in all; the highest bar is ${formatUsdt(highest)} USDT.`;

  return (
    <Card
      size="small"
      title={
        <Typography.Title level={3} id={captionId} style={{ fontSize: 16, margin: 0 }}>
          Deposits and rental revenue, last 30 days
        </Typography.Title>
      }
    >
      <Flex vertical gap={8}>
        <svg
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          width="100%"
          role="img"
          aria-label={summary}
          style={{ display: 'block', maxHeight: 260 }}
        >
          <line
            x1={PAD.left}
            x2={WIDTH - PAD.right}
            y1={y(0)}
            y2={y(0)}
            stroke={token.colorBorder}
          />
          <line
            x1={PAD.left}
            x2={WIDTH - PAD.right}
            y1={y(max)}
            y2={y(max)}
            stroke={token.colorBorderSecondary}
            strokeDasharray="4 4"
          />
          <text
            x={WIDTH - PAD.right}
            y={y(max) + 12}
            textAnchor="end"
            fontSize={11}
            fill={token.colorTextSecondary}
          >
            {formatUsdt(highest, 0)}
          </text>
          {series.map((day, i) => {
            const x = PAD.left + i * slot + 1;
            const deposits = size(day.deposits.amount);
            const revenue = size(day.rentalRevenue);
            return (
              <g key={day.date}>
                <rect
                  x={x}
                  y={y(deposits)}
                  width={bar}
                  height={y(0) - y(deposits)}
                  fill={colours.deposits}
                >
                  <title>{`${dayLabel(day.date)}: ${formatUsdt(day.deposits.amount)} USDT deposited`}</title>
                </rect>
                <rect
                  x={x + bar}
                  y={y(revenue)}
                  width={bar}
                  height={y(0) - y(revenue)}
                  fill={colours.revenue}
                >
                  <title>{`${dayLabel(day.date)}: ${formatUsdt(day.rentalRevenue)} USDT rental revenue`}</title>
                </rect>
                {(i % 7 === 0 || i === series.length - 1) && (
                  <text
                    x={x + bar}
                    y={HEIGHT - 8}
                    textAnchor="middle"
                    fontSize={11}
                    fill={token.colorTextSecondary}
                  >
                    {dayLabel(day.date)}
                  </text>
                )}
              </g>
            );
          })}
        </svg>
        <Flex gap={16} wrap aria-hidden>
          {[
            { label: 'Deposits credited', colour: colours.deposits },
            { label: 'Rental revenue', colour: colours.revenue },
          ].map((item) => (
            <Flex key={item.label} gap={6} align="center">
              <span
                style={{
                  width: 12,
                  height: 12,
                  borderRadius: 2,
                  background: item.colour,
                  display: 'inline-block',
                }}
              />
              <Typography.Text type="secondary">{item.label}</Typography.Text>
            </Flex>
          ))}
        </Flex>
        <table className="visually-hidden" aria-labelledby={captionId}>
          <thead>
            <tr>
              <th scope="col">Day (UTC)</th>
              <th scope="col">Deposits credited</th>
              <th scope="col">Rental revenue</th>
              <th scope="col">Commission</th>
              <th scope="col">Sign-ups</th>
            </tr>
          </thead>
          <tbody>
            {series.map((day) => (
              <tr key={day.date}>
                <th scope="row">{dayLabel(day.date)}</th>
                <td>{`${formatUsdt(day.deposits.amount)} USDT (${day.deposits.count})`}</td>
                <td>{`${formatUsdt(day.rentalRevenue)} USDT`}</td>
                <td>{`${formatUsdt(day.commission)} USDT`}</td>
                <td>{day.signUps}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Flex>
    </Card>
  );
}
