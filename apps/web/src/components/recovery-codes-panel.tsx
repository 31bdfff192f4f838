import { useState } from 'react';
import { Alert, Button, Checkbox, Flex, Typography, theme } from 'antd';
import { CopyOutlined, DownloadOutlined } from '@ant-design/icons';
import { useToast } from './use-toast';

export const RECOVERY_CODES_FILE_NAME = 'crimsonhost-recovery-codes.txt';

function recoveryCodesText(codes: string[], email: string | undefined): string {
  return [
    'CrimsonHost recovery codes',
    email ? `Account: ${email}` : null,
    `Saved: ${new Date().toISOString().slice(0, 10)}`,
    '',
    'Each code signs you in once at /account-recovery and lets you set a new password.',
    '',
    ...codes,
    '',
  ]
    .filter((line) => line !== null)
    .join('\n');
}

function download(text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = RECOVERY_CODES_FILE_NAME;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * Freshly made recovery codes, shown this once: copy, download as text, and an explicit 'I have
 * saved them' before the person may continue.
 */
export function RecoveryCodesPanel({
  codes,
  email,
  onDone,
  doneLabel = 'Continue',
}: {
  codes: string[];
  email?: string;
  onDone: () => void;
  doneLabel?: string;
}) {
  const { token } = theme.useToken();
  const toast = useToast();
  const [saved, setSaved] = useState(false);

  const copy = () => {
    navigator.clipboard
      .writeText(codes.join('\n'))
      .then(() => toast('success', 'Recovery codes copied to the clipboard.'))
      .catch(() => toast('error', 'Could not copy the codes. Select them and copy them by hand.'));
  };

  return (
    <Flex vertical gap={16}>
      <Alert
        type="warning"
        showIcon
        title="Save your recovery codes now"
        description="Each code signs you in once if you lose access to your e-mail or to Discord. They are shown only this once: keep them somewhere safe, such as a password manager. You can make new ones on your profile page."
      />
      <ol
        aria-label="Recovery codes"
        style={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))',
          gap: 8,
          margin: 0,
          padding: 16,
          listStylePosition: 'inside',
          borderRadius: token.borderRadius,
          border: `1px solid ${token.colorBorderSecondary}`,
          background: token.colorFillQuaternary,
        }}
      >
        {codes.map((code) => (
          <li key={code} style={{ fontFamily: token.fontFamilyCode, fontSize: 15 }}>
            <Typography.Text copyable={false} style={{ fontFamily: 'inherit' }}>
              {code}
            </Typography.Text>
          </li>
        ))}
      </ol>
      <Flex wrap gap={8}>
        <Button icon={<CopyOutlined />} onClick={copy}>
          Copy codes
        </Button>
        <Button
          icon={<DownloadOutlined />}
          onClick={() => download(recoveryCodesText(codes, email))}
        >
          Download as text
        </Button>
      </Flex>
      <Checkbox checked={saved} onChange={(event) => setSaved(event.target.checked)}>
        I have saved them
      </Checkbox>
      <Button type="primary" disabled={!saved} onClick={onDone} style={{ alignSelf: 'flex-start' }}>
        {doneLabel}
      </Button>
    </Flex>
  );
}
