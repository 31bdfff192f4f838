import { OneTimeCodesPanel, type CodesWording } from '../../../components/recovery-codes-panel';

export const STAFF_BACKUP_CODES_FILE_NAME = 'crimsonhost-staff-backup-codes.txt';

const BACKUP_WORDING: CodesWording = {
  fileName: STAFF_BACKUP_CODES_FILE_NAME,
  fileTitle: 'CrimsonHost staff area: backup codes',
  use: 'Each code opens the staff area once, in place of a code from your authenticator app.',
  title: 'Keep these codes somewhere safe',
  description:
    'If you cannot use your authenticator app, for example after losing your phone, each code opens the staff area once. They are shown only this once: keep them in a password manager or another safe place.',
  listLabel: 'Backup codes',
  copyLabel: 'Copy all',
  downloadLabel: 'Download as .txt',
  savedLabel: 'I have saved these codes',
};

/**
 * The staff sign-in's ten backup codes, shown this once: copy, download as text, and an explicit
 * 'I have saved these codes' before the staff area opens.
 */
export function StaffBackupCodes(props: { codes: string[]; email?: string; onDone: () => void }) {
  return <OneTimeCodesPanel {...props} wording={BACKUP_WORDING} />;
}
