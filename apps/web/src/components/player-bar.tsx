import { Flex, theme } from 'antd';
import { PLAYER_BAR_DANGER_RATIO, PLAYER_BAR_WARN_RATIO } from '@crimsonhost/shared/constants';
import { Text } from './typography';

export type PlayerBarLevel = 'normal' | 'warning' | 'danger';

/** Spec section 9: amber above 70% full, red above 90% (exactly 70% or 90% is the lower level). */
export function playerBarLevel(current: number, max: number): PlayerBarLevel {
  if (max <= 0) return 'normal';
  const ratio = current / max;
  if (ratio > PLAYER_BAR_DANGER_RATIO) return 'danger';
  if (ratio > PLAYER_BAR_WARN_RATIO) return 'warning';
  return 'normal';
}

const AMBER = '#f59e0b';
const RED = '#dc2626';

/** Players on the server as a bar and as 'current / max players'. */
export function PlayerBar({ current, max }: { current: number; max: number }) {
  const { token } = theme.useToken();
  const level = playerBarLevel(current, max);
  const percent = max > 0 ? Math.min(100, Math.round((current / max) * 100)) : 0;
  const color = { normal: token.colorSuccess, warning: AMBER, danger: RED }[level];
  return (
    <Flex vertical gap={2}>
      {/* Ant Design's small line Progress, drawn here: its module brings the circle's Tooltip
          and the form library with it into every page with a server card (decision 053). */}
      <div
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-label={`${current} of ${max} players`}
        data-level={level}
        style={{
          height: 6,
          margin: `${token.marginXXS}px 0`,
          borderRadius: 100,
          background: token.colorFillSecondary,
          overflow: 'hidden',
        }}
      >
        <div
          style={{ width: `${percent}%`, height: '100%', borderRadius: 100, background: color }}
        />
      </div>
      <Text type="secondary" style={{ fontSize: 12 }}>
        {current} / {max} players
      </Text>
    </Flex>
  );
}
