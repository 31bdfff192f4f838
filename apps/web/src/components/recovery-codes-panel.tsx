import { useState } from 'react';
import { Alert, Button, Checkbox, Flex, theme } from 'antd';
import { CopyOutlined, DownloadOutlined } from '@ant-design/icons';
import { useToast } from './use-toast';

export const RECOVERY_CODES_FILE_NAME = 'crimsonhost-recovery-codes.txt';

/** What one kind of one-time codes is called and for, in each place the panel says it. */
export interface CodesWording {
  fileName: string;
  fileTitle: string;
  /** The file's line saying what a code does. */
  use: string;
  title: string;
  description: string;
  /** The list's accessible name, and what "copied" says. */
  listLabel: string;
  copyLabel: string;
  downloadLabel: string;
  savedLabel: string;
}

const RECOVERY_WORDING: CodesWording = {
  fileName: RECOVERY_CODES_FILE_NAME,
  fileTitle: 'CrimsonHost recovery codes',
  use: 'Each code signs you in once at /account-recovery and lets you set a new password.',
  title: 'Save your recovery codes now',
  description:
    'Each code signs you in once if you lose access to your e-mail or to Discord. They are shown only this once: keep them somewhere safe, such as a password manager. You can make new ones on your profile page.',
  listLabel: 'Recovery codes',
  copyLabel: 'Copy codes',
  downloadLabel: 'Download as text',
  savedLabel: 'I have saved them',
};

function codesText(codes: string[], email: string | undefined, wording: CodesWording): string {
  return [
    wording.fileTitle,
    email ? `Account: ${email}` : null,
    `Saved: ${new Date().toISOString().slice(0, 10)}`,
    '',
    wording.use,
    '',
    ...codes,
    '',
  ]
    .filter((line) => line !== null)
    .join('\n');
}

function download(text: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * Freshly made one-time codes (recovery codes, the staff area's backup codes), shown this once:
 * copy, download as text, and an explicit 'I have saved them' before the person may continue.
 */
export function OneTimeCodesPanel({
  codes,
  email,
  onDone,
  doneLabel = 'Continue',
  wording,
}: {
  codes: string[];
  email?: string;
  onDone: () => void;
  doneLabel?: string;
  wording: CodesWording;
}) {
  const { token } = theme.useToken();
  const toast = useToast();
  const [saved, setSaved] = useState(false);

  const copy = () => {
    navigator.clipboard
      .writeText(codes.join('\n'))
      .then(() => toast('success', `${wording.listLabel} copied to the clipboard.`))
      .catch(() => toast('error', 'Could not copy the codes. Select them and copy them by hand.'));
  };

  return (
    <Flex vertical gap={16}>
      <Alert type="warning" showIcon title={wording.title} description={wording.description} />
      <ol
        aria-label={wording.listLabel}
        style={{
          display: 'grid',
          // Wide enough for XXXX-XXXX-XXXX on one line.
          gridTemplateColumns: 'repeat(auto-fill, minmax(190px, 1fr))',
          gap: 8,
          margin: 0,
          padding: 16,
          listStylePosition: 'inside',
          borderRadius: token.borderRadius,
          border: `1px solid ${token.colorBorderSecondary}`,
          background: token.colorFillQuaternary,
          color: token.colorText,
          fontFamily: token.fontFamilyCode,
          fontSize: 15,
        }}
      >
        {codes.map((code) => (
          <li key={code} style={{ whiteSpace: 'nowrap' }}>
            {code}
          </li>
        ))}
      </ol>
      <Flex wrap gap={8}>
        <Button icon={<CopyOutlined aria-hidden="true" />} onClick={copy}>
          {wording.copyLabel}
        </Button>
        <Button
          icon={<DownloadOutlined aria-hidden="true" />}
          onClick={() => download(codesText(codes, email, wording), wording.fileName)}
        >
          {wording.downloadLabel}
        </Button>
      </Flex>
      <Checkbox checked={saved} onChange={(event) => setSaved(event.target.checked)}>
        {wording.savedLabel}
      </Checkbox>
      <Button type="primary" disabled={!saved} onClick={onDone} style={{ alignSelf: 'flex-start' }}>
        {doneLabel}
      </Button>
    </Flex>
  );
}

/** The account's recovery codes (registration, a reset, the profile). */
export function RecoveryCodesPanel(
  props: Omit<Parameters<typeof OneTimeCodesPanel>[0], 'wording'>,
) {
  return <OneTimeCodesPanel {...props} wording={RECOVERY_WORDING} />;
}
