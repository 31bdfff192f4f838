import { useRef } from 'react';
import { Button, Empty, Flex, Popconfirm, Typography, theme } from 'antd';
import { LogoutOutlined } from '@ant-design/icons';
import type { MySession } from '@crimsonhost/shared/sessions';
import { LoadErrorResult } from '../../../components/load-error-result';
import { ListSkeleton } from '../../../components/skeleton-loaders';
import { useToast } from '../../../components/use-toast';
import { toApiError } from '../../../lib/api-client';
import { describeApiError } from '../../../lib/error-messages';
import { useNow } from '../../../lib/use-now';
import { useMySessions } from '../api/get-my-sessions';
import { useSignOutOtherSessions } from '../api/sign-out-other-sessions';
import { useSignOutSession } from '../api/sign-out-session';
import { SessionItem } from './session-item';

const LIST_LABEL = 'Signed-in devices';
/** "Last active" is said to the minute. */
const CLOCK_INTERVAL_MS = 60_000;

/** 'Signed out 2 other devices.' */
function signedOutOthersText(count: number): string {
  if (count === 0) return 'No other devices were signed in.';
  return `Signed out ${count} other device${count === 1 ? '' : 's'}.`;
}

/** Every device signed in to my account, this one first; sign out one, or all but this one. */
export function SignedInDevices() {
  const { token } = theme.useToken();
  const toast = useToast();
  const now = useNow(CLOCK_INTERVAL_MS);
  const sessions = useMySessions();
  const signOut = useSignOutSession();
  const signOutOthers = useSignOutOtherSessions();
  const listRef = useRef<HTMLUListElement>(null);

  if (sessions.isPending) return <ListSkeleton rows={3} />;
  if (sessions.isError && !sessions.data) {
    return <LoadErrorResult title="Your signed-in devices could not be loaded" query={sessions} />;
  }

  const others = sessions.data.filter((session) => !session.current).length;

  const signOutOne = (session: MySession) =>
    signOut.mutate(session.id, {
      onSuccess: () => {
        toast('success', `Signed out ${session.device}.`);
        // Its button is gone with it: the list keeps the keyboard's place.
        listRef.current?.focus();
      },
      onError: (caught) => {
        const error = toApiError(caught);
        if (error.status === 404) toast('info', `${session.device} was already signed out.`);
        else toast('error', describeApiError(error));
      },
    });

  const signOutAllOthers = () =>
    signOutOthers.mutate(undefined, {
      onSuccess: (count) => toast('success', signedOutOthersText(count)),
      onError: (caught) => toast('error', describeApiError(toApiError(caught))),
    });

  return (
    <Flex vertical gap={16}>
      <Typography.Paragraph style={{ margin: 0 }}>
        Where your account is signed in now. Sign out any device you do not recognise; it will need
        to sign in again.
      </Typography.Paragraph>
      {sessions.data.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No devices are signed in." />
      ) : (
        <ul
          ref={listRef}
          aria-label={LIST_LABEL}
          tabIndex={-1}
          style={{ listStyle: 'none', margin: 0, padding: 0 }}
        >
          {sessions.data.map((session, index) => (
            <li
              key={session.id}
              style={{
                paddingBlock: 12,
                borderTop: index > 0 ? `1px solid ${token.colorBorderSecondary}` : undefined,
              }}
            >
              <SessionItem
                session={session}
                now={now}
                signingOut={signOut.isPending && signOut.variables === session.id}
                onSignOut={signOutOne}
              />
            </li>
          ))}
        </ul>
      )}
      <Popconfirm
        title="Sign out all other devices?"
        description="Each of them will need to sign in again. This device stays signed in."
        okText="Sign out all"
        cancelText="Cancel"
        okButtonProps={{ danger: true }}
        onConfirm={signOutAllOthers}
        disabled={others === 0}
      >
        <Button
          danger
          icon={<LogoutOutlined aria-hidden />}
          disabled={others === 0}
          loading={signOutOthers.isPending}
          style={{ alignSelf: 'flex-start' }}
        >
          Sign out all other devices
        </Button>
      </Popconfirm>
    </Flex>
  );
}
