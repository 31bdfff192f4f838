import { theme } from 'antd';
import { useHealth } from '../api/get-health';

type Tone = 'operational' | 'degraded' | 'unknown';

function indicatorFor(health: ReturnType<typeof useHealth>): { tone: Tone; text: string } {
  if (health.isPending) return { tone: 'unknown', text: 'Checking system status' };
  if (health.isError) return { tone: 'unknown', text: 'System status unavailable' };
  return health.data.status === 'ok'
    ? { tone: 'operational', text: 'All systems operational' }
    : { tone: 'degraded', text: 'Some systems degraded' };
}

/** The footer's live status dot, read from GET /api/health and refreshed every minute. */
export function SystemStatusIndicator() {
  const { token } = theme.useToken();
  const { tone, text } = indicatorFor(useHealth());
  const dotColor: Record<Tone, string> = {
    operational: token.colorSuccess,
    degraded: token.colorWarning,
    unknown: token.colorTextQuaternary,
  };
  return (
    <span
      role="status"
      aria-live="polite"
      data-tone={tone}
      style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}
    >
      <span
        aria-hidden="true"
        style={{
          width: 8,
          height: 8,
          borderRadius: '50%',
          background: dotColor[tone],
          boxShadow: tone === 'operational' ? `0 0 0 3px ${token.colorSuccessBg}` : 'none',
        }}
      />
      {text}
    </span>
  );
}
