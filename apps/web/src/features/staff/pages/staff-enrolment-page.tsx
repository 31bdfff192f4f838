import { CopyOutlined } from '@ant-design/icons';
import { Button, Flex, Typography, theme } from 'antd';
import { QRCodeSVG } from 'qrcode.react';
import { useEffect, useRef, type ReactNode } from 'react';
import type { StaffEnrolment } from '@crimsonhost/shared/auth';
import { ApiErrorAlert } from '../../../components/api-error-alert';
import { LoadingSpinner } from '../../../components/loading-spinner';
import { useToast } from '../../../components/use-toast';
import { toApiError } from '../../../lib/api-client';
import type { StaffClient } from '../../../lib/staff-token';
import { useConfirmStaffEnrolment } from '../api/confirm-staff-enrolment';
import { useStartStaffEnrolment } from '../api/start-staff-enrolment';
import { StaffBackupCodes } from '../components/staff-backup-codes';
import { StaffCodeForm } from '../components/staff-code-form';
import { StaffSignInFrame } from '../components/staff-sign-in-frame';
import { groupSecret } from '../staff-code';

const QR_SIZE_PX = 168;

/** One numbered step: the number drawn in a badge, said as 'Step n' to screen readers. */
function EnrolmentStep({
  number,
  title,
  children,
}: {
  number: number;
  title: string;
  children: ReactNode;
}) {
  const { token } = theme.useToken();
  return (
    <li style={{ display: 'flex', gap: 12, alignItems: 'flex-start' }}>
      <span
        aria-hidden="true"
        style={{
          flex: 'none',
          width: 28,
          height: 28,
          borderRadius: '50%',
          display: 'grid',
          placeItems: 'center',
          fontWeight: 600,
          background: token.colorPrimary,
          color: token.colorTextLightSolid,
        }}
      >
        {number}
      </span>
      <div style={{ flex: 1, minWidth: 0 }}>
        <Typography.Title level={2} style={{ fontSize: 17, marginTop: 3, marginBottom: 8 }}>
          <span className="visually-hidden">{`Step ${number}: `}</span>
          {title}
        </Typography.Title>
        {children}
      </div>
    </li>
  );
}

/** The QR code of the new secret, and the secret in groups of four for typing by hand. */
function SecretToScan({ enrolment }: { enrolment: StaffEnrolment }) {
  const { token } = theme.useToken();
  const toast = useToast();
  const copy = () => {
    navigator.clipboard
      .writeText(enrolment.secret)
      .then(() => toast('success', 'Key copied to the clipboard.'))
      .catch(() => toast('error', 'Could not copy the key. Select it and copy it by hand.'));
  };
  return (
    <Flex wrap gap={16} align="flex-start">
      {/* Dark on white in both themes: scanners read it best that way. */}
      <div
        style={{
          background: '#ffffff',
          padding: 8,
          lineHeight: 0,
          borderRadius: token.borderRadius,
          border: `1px solid ${token.colorBorderSecondary}`,
        }}
      >
        <QRCodeSVG
          value={enrolment.otpauthUri}
          size={QR_SIZE_PX}
          level="M"
          role="img"
          title="QR code to add the CrimsonHost staff area to your authenticator app"
        />
      </div>
      <Flex vertical gap={8} style={{ flex: '1 1 200px', minWidth: 0 }}>
        <Typography.Text type="secondary">
          Cannot scan it? Choose to enter a setup key in the app, and type this key:
        </Typography.Text>
        <code
          style={{
            fontFamily: token.fontFamilyCode,
            fontSize: 16,
            letterSpacing: '0.04em',
            wordBreak: 'break-word',
            padding: '8px 10px',
            borderRadius: token.borderRadius,
            background: token.colorFillQuaternary,
            border: `1px solid ${token.colorBorderSecondary}`,
            color: token.colorText,
          }}
        >
          {groupSecret(enrolment.secret)}
        </code>
        <Button
          icon={<CopyOutlined aria-hidden="true" />}
          onClick={copy}
          style={{ alignSelf: 'flex-start' }}
        >
          Copy key
        </Button>
      </Flex>
    </Flex>
  );
}

/**
 * Set up two-step verification for the staff area, once per account: install an app, scan the
 * code, enter the first code; then the ten backup codes, shown this once, before the area opens.
 */
export function StaffEnrolmentPage({
  client,
  email,
  onDone,
}: {
  client: StaffClient;
  email?: string;
  onDone: (backupCodesLeft: number) => void;
}) {
  const enrolment = useStartStaffEnrolment();
  const confirm = useConfirmStaffEnrolment();
  const { mutate: start } = enrolment;
  // Asked once: asking again replaces the secret, and the app would hold the old one.
  const asked = useRef(false);
  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    start();
  }, [start]);

  const backupCodes = confirm.data?.backupCodes;
  if (backupCodes) {
    return (
      <StaffSignInFrame
        title="Save your backup codes"
        subtitle="Two-step verification is on. One more thing before the staff area opens."
        width={560}
      >
        <StaffBackupCodes
          codes={backupCodes}
          email={email}
          onDone={() => onDone(backupCodes.length)}
        />
      </StaffSignInFrame>
    );
  }

  return (
    <StaffSignInFrame
      title="Set up two-step verification"
      subtitle="Two-step verification for the staff area: each time you open it, you also enter a code from an app on your phone. Setting it up takes a minute."
      width={600}
    >
      <ol
        style={{
          listStyle: 'none',
          margin: 0,
          padding: 0,
          display: 'flex',
          flexDirection: 'column',
          gap: 24,
        }}
      >
        <EnrolmentStep number={1} title="Install an authenticator app">
          <Typography.Paragraph style={{ margin: 0 }}>
            Any app that makes 6-digit codes will do, such as Google Authenticator, Microsoft
            Authenticator, 1Password or Authy.
          </Typography.Paragraph>
        </EnrolmentStep>
        <EnrolmentStep number={2} title="Scan the QR code">
          <Typography.Paragraph>
            In the app, choose to add an account, then point your phone’s camera at this code.
          </Typography.Paragraph>
          {enrolment.data ? (
            <SecretToScan enrolment={enrolment.data} />
          ) : enrolment.isError ? (
            <ApiErrorAlert
              error={toApiError(enrolment.error)}
              action={
                <Button size="small" onClick={() => start()}>
                  Try again
                </Button>
              }
            />
          ) : (
            <LoadingSpinner />
          )}
        </EnrolmentStep>
        <EnrolmentStep number={3} title="Enter the 6-digit code">
          <Typography.Paragraph>
            Enter the code the app now shows for CrimsonHost to finish.
          </Typography.Paragraph>
          <StaffCodeForm
            kind="app"
            submitLabel="Turn on two-step verification"
            pending={confirm.isPending}
            disabled={!enrolment.data}
            autoFocus={false}
            onSubmit={(code) => confirm.mutateAsync({ client, code })}
          />
        </EnrolmentStep>
      </ol>
    </StaffSignInFrame>
  );
}
