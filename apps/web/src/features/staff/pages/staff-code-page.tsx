import { Button, Flex, Typography } from 'antd';
import { useState } from 'react';
import type { StaffClient } from '../../../lib/staff-token';
import { useSignInStaff } from '../api/sign-in-staff';
import { StaffCodeForm } from '../components/staff-code-form';
import { StaffSignInFrame } from '../components/staff-sign-in-frame';
import type { StaffCodeKind } from '../staff-code';

/**
 * The staff sign-in's second step: a code from the authenticator app, or a backup code. Shown on
 * opening the staff area and again, in place of the page, when the staff sign-in went idle.
 */
export function StaffCodePage({
  client,
  idleTimeoutMinutes,
}: {
  client: StaffClient;
  idleTimeoutMinutes: number;
}) {
  const [kind, setKind] = useState<StaffCodeKind>('app');
  const signIn = useSignInStaff();
  return (
    <StaffSignInFrame title="Enter your code" subtitle="Two-step verification for the staff area">
      <Flex vertical gap={12}>
        {/* A new form per kind: the field is empty again and takes focus. */}
        <StaffCodeForm
          key={kind}
          kind={kind}
          submitLabel="Sign in"
          pending={signIn.isPending}
          onSubmit={(code) => signIn.mutateAsync({ client, code, backup: kind === 'backup' })}
        />
        <Button
          type="link"
          onClick={() => setKind(kind === 'app' ? 'backup' : 'app')}
          style={{ alignSelf: 'flex-start', paddingInline: 0 }}
        >
          {kind === 'app' ? 'Use a backup code instead' : 'Use the authenticator app instead'}
        </Button>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {`The staff area asks for a code again after ${idleTimeoutMinutes} minutes without use.`}
        </Typography.Paragraph>
      </Flex>
    </StaffSignInFrame>
  );
}
