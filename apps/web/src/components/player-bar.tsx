import { Flex, Progress, Typography, theme } from 'antd';
import { PLAYER_BAR_DANGER_RATIO, PLAYER_BAR_WARN_RATIO } from '@crimsonhost/shared/constants';

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
      <Progress
        percent={percent}
        showInfo={false}
        size="small"
        strokeColor={color}
        data-level={level}
        aria-label={`${current} of ${max} players`}
      />
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {current} / {max} players
      </Typography.Text>
    </Flex>
  );
}
