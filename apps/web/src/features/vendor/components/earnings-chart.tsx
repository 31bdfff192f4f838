import { Empty, Flex, Segmented, Typography, theme } from 'antd';
import { useId, useState } from 'react';
import { parseUsdt } from '@crimsonhost/shared/money';
import type { DailyEarning, OverviewWindow } from '@crimsonhost/shared/vendor-overview';
import { UsdtAmount } from '../../../components/usdt-amount';
import { longDay, roundedUsdt, shortDay } from '../overview-format';

const WINDOWS: Array<{ value: OverviewWindow; label: string }> = [
  { value: 7, label: '7 days' },
  { value: 30, label: '30 days' },
];

/** The drawing's own units: it stretches to the width it is given, at a fixed height. */
const WIDTH = 300;
const HEIGHT = 100;
const HEIGHT_PX = 160;
/** A day with money shows at least this tall, so a small amount beside a large one is seen. */
const MIN_BAR = 1.5;

/**
 * The vendor's share released per day, over the last 7 or 30 days: a bar chart drawn in SVG (no
 * chart library: the vendor area's bytes stay small), named and summed for screen readers, with
 * every day's exact amount in a table they read instead of the drawing.
 */
export function EarningsChart({
  days,
  totals,
}: {
  /** The last 30 days, oldest first. */
  days: DailyEarning[];
  totals: Record<OverviewWindow, string>;
}) {
  const { token } = theme.useToken();
  const [window, setWindow] = useState<OverviewWindow>(7);
  const id = useId();
  const shown = days.slice(-window);
  const micros = shown.map((day) => parseUsdt(day.amount));
  const most = micros.reduce((a, b) => (b > a ? b : a), 0n);
  const summary = `Your share released per day over the last ${window} days: ${roundedUsdt(totals[window])} in all.`;
  const slot = WIDTH / shown.length;
  const barWidth = slot * (window === 7 ? 0.6 : 0.7);

  return (
    <Flex vertical gap={12}>
      <Flex wrap gap={12} justify="space-between" align="center">
        <Segmented
          aria-label="Days shown"
          options={WINDOWS}
          value={window}
          onChange={(value) => setWindow(value)}
        />
        <Typography.Text>
          Last {window} days:{' '}
          <Typography.Text strong>
            <UsdtAmount amount={totals[window]} />
          </Typography.Text>
        </Typography.Text>
      </Flex>
      {most === 0n ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={`No rental of yours ended in the last ${window} days.`}
        />
      ) : (
        <figure style={{ margin: 0 }}>
          <Flex gap={8} align="stretch">
            <Flex
              vertical
              justify="space-between"
              aria-hidden
              style={{ fontSize: 12, color: token.colorTextSecondary, textAlign: 'end' }}
            >
              <span>{roundedUsdt(shown[micros.indexOf(most)]!.amount)}</span>
              <span>0</span>
            </Flex>
            <svg
              role="img"
              aria-labelledby={`${id}-summary`}
              viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
              preserveAspectRatio="none"
              width="100%"
              height={HEIGHT_PX}
              style={{ display: 'block', flex: 1, minWidth: 0, overflow: 'visible' }}
            >
              <line
                x1={0}
                x2={WIDTH}
                y1={HEIGHT}
                y2={HEIGHT}
                stroke={token.colorBorder}
                strokeWidth={1}
                vectorEffect="non-scaling-stroke"
              />
              {shown.map((day, index) => {
                const micro = micros[index]!;
                const height =
                  micro === 0n ? 0 : Math.max(MIN_BAR, Number((micro * 10_000n) / most) / 100);
                return (
                  <rect
                    key={day.day}
                    data-day={day.day}
                    x={index * slot + (slot - barWidth) / 2}
                    y={HEIGHT - height}
                    width={barWidth}
                    height={height}
                    fill={token.colorPrimary}
                  >
                    <title>{`${longDay(day.day)}: ${roundedUsdt(day.amount)}`}</title>
                  </rect>
                );
              })}
            </svg>
          </Flex>
          <Flex
            justify="space-between"
            aria-hidden
            style={{ fontSize: 12, color: token.colorTextSecondary, paddingInlineStart: 8 }}
          >
            <span>{shortDay(shown[0]!.day)}</span>
            <span>{shortDay(shown.at(-1)!.day)}</span>
          </Flex>
          <figcaption id={`${id}-summary`} className="visually-hidden">
            {summary} The table after the chart gives each day.
          </figcaption>
        </figure>
      )}
      <table className="visually-hidden">
        <caption>Your share released per day, last {window} days, oldest first</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Your share</th>
          </tr>
        </thead>
        <tbody>
          {shown.map((day) => (
            <tr key={day.day}>
              <th scope="row">{longDay(day.day)}</th>
              <td>
                <UsdtAmount amount={day.amount} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Flex>
  );
}
