import { useEffect, useState } from 'react';
import { Alert, Button, Card, Descriptions, Flex, Tag, Typography, theme } from 'antd';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useAuth, type AuthStatus } from '../../../app/auth/auth-context';
import { profileQueryOptions } from '../../../app/auth/api/get-profile';
import { PageBreadcrumb } from '../../../components/page-breadcrumb';
import { refreshSession, toApiError, type ApiError } from '../../../lib/api-client';
import { describeApiError, formatWait } from '../../../lib/error-messages';
import { tokenExpiresAt } from '../../../lib/session-tokens';
import { readLastTokenRefresh, readStoredTokens } from '../../../lib/storage';
import { useMediaQuery } from '../../../lib/use-media-query';

const CLOCK_TICK_MS = 5000;
const STATUS_COLORS: Record<AuthStatus, string> = {
  authenticated: 'success',
  unauthenticated: 'default',
  loading: 'processing',
  error: 'error',
};

function when(timestamp: number | null, now: number, never: string): string {
  if (timestamp === null) return never;
  const seconds = Math.round((timestamp - now) / 1000);
  const relative = seconds >= 0 ? `in ${formatWait(seconds)}` : `${formatWait(-seconds)} ago`;
  return `${dayjs(timestamp).format('D MMM YYYY, HH:mm:ss')} (${relative})`;
}

type RefreshOutcome = { ok: true; ms: number } | { ok: false; error: ApiError };

/**
 * /health/auth: whether this browser's session is valid on the server, when its access token
 * expires, when it was last refreshed, and a button that runs a real refresh.
 */
export function AuthHealthPage() {
  const auth = useAuth();
  const [now, setNow] = useState(() => Date.now());
  const [outcome, setOutcome] = useState<RefreshOutcome | null>(null);
  const [refreshing, setRefreshing] = useState(false);
  const narrow = useMediaQuery('(max-width: 575.98px)');
  const { token } = theme.useToken();
  const label = { color: token.colorTextSecondary };
  const tokens = readStoredTokens();
  const profile = useQuery({ ...profileQueryOptions(), enabled: tokens !== null, retry: false });

  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), CLOCK_TICK_MS);
    return () => clearInterval(timer);
  }, []);

  const testRefresh = async () => {
    setRefreshing(true);
    const started = performance.now();
    try {
      await refreshSession();
      setOutcome({ ok: true, ms: Math.round(performance.now() - started) });
      void profile.refetch();
    } catch (caught) {
      setOutcome({ ok: false, error: toApiError(caught) });
    } finally {
      setRefreshing(false);
      setNow(Date.now());
    }
  };

  const valid = !tokens
    ? { color: 'default', text: 'No session in this browser' }
    : profile.isPending
      ? { color: 'processing', text: 'Checking...' }
      : profile.isSuccess
        ? { color: 'success', text: 'Valid' }
        : { color: 'error', text: `Not valid: ${describeApiError(toApiError(profile.error))}` };

  return (
    <>
      <title>Session health · CrimsonHost</title>
      <PageBreadcrumb items={[{ title: 'Session health' }]} />
      <Typography.Title level={1} style={{ fontSize: 28 }}>
        Session health
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        What this browser knows about your sign-in. Support may ask you for it.
      </Typography.Paragraph>
      <Card style={{ maxWidth: 760 }}>
        <Descriptions
          column={1}
          bordered
          size="small"
          layout={narrow ? 'vertical' : 'horizontal'}
          styles={{ label: narrow ? label : { ...label, width: 200 } }}
          items={[
            {
              key: 'state',
              label: 'Auth state',
              children: <Tag color={STATUS_COLORS[auth.status]}>{auth.status}</Tag>,
            },
            {
              key: 'user',
              label: 'Signed in as',
              children: auth.user?.email ?? 'Nobody',
            },
            {
              key: 'valid',
              label: 'Session valid',
              children: <Tag color={valid.color}>{valid.text}</Tag>,
            },
            {
              key: 'expiry',
              label: 'Access token expires',
              children: when(tokens ? tokenExpiresAt(tokens) : null, now, 'No access token'),
            },
            {
              key: 'refresh',
              label: 'Last refresh',
              children: when(readLastTokenRefresh(), now, 'Not refreshed yet'),
            },
            {
              key: 'refresh-token',
              label: 'Refresh token',
              children: tokens?.refreshToken ? 'Stored' : 'None',
            },
          ]}
        />
        {outcome && (
          <Alert
            type={outcome.ok ? 'success' : 'error'}
            showIcon
            role={outcome.ok ? 'status' : 'alert'}
            title={
              outcome.ok
                ? `Refreshed in ${outcome.ms} ms.`
                : `Refresh failed: ${describeApiError(outcome.error)}`
            }
            style={{ marginTop: 16 }}
          />
        )}
        <Flex wrap gap={8} style={{ marginTop: 16 }}>
          <Button
            type="primary"
            onClick={() => void testRefresh()}
            loading={refreshing}
            disabled={!tokens?.refreshToken}
          >
            Test refresh
          </Button>
          <Button onClick={() => void profile.refetch()} disabled={!tokens}>
            Check again
          </Button>
        </Flex>
      </Card>
    </>
  );
}
