import { useState } from 'react';
import { Button, Flex, Typography } from 'antd';
import { DeleteOutlined, DownloadOutlined } from '@ant-design/icons';
import type { User } from '@crimsonhost/shared/auth';
import { ApiErrorAlert } from '../../../components/api-error-alert';
import { useToast } from '../../../components/use-toast';
import { toApiError } from '../../../lib/api-client';
import { useExportMyData } from '../api/export-my-data';
import { DeleteAccountDialog } from './delete-account-dialog';

const SUBHEADING = { fontSize: 16, margin: '0 0 8px' } as const;

/** A copy of my data as a file, and deleting my account. */
export function PrivacySettings({ user }: { user: User }) {
  const toast = useToast();
  const exportData = useExportMyData();
  const [deleting, setDeleting] = useState(false);

  return (
    <Flex vertical gap={24}>
      <section>
        <Typography.Title level={3} style={SUBHEADING}>
          Your data
        </Typography.Title>
        <Typography.Paragraph>
          A JSON file of what we keep about you: your profile, sign-ins, transactions, rentals,
          tickets and messages.
        </Typography.Paragraph>
        {exportData.isError && <ApiErrorAlert error={toApiError(exportData.error)} />}
        <Button
          icon={<DownloadOutlined aria-hidden />}
          loading={exportData.isPending}
          onClick={() =>
            exportData.mutate(undefined, {
              onSuccess: (fileName) => toast('success', `Downloaded ${fileName}.`),
            })
          }
        >
          Download my data
        </Button>
      </section>
      <section>
        <Typography.Title level={3} style={SUBHEADING}>
          Delete your account
        </Typography.Title>
        <Typography.Paragraph>
          Your name, e-mail address and Discord link are removed and you are signed out everywhere.
          Money still in your wallet, a running rental or an open dispute must be settled first.
        </Typography.Paragraph>
        <Button danger icon={<DeleteOutlined aria-hidden />} onClick={() => setDeleting(true)}>
          Delete my account
        </Button>
        <DeleteAccountDialog open={deleting} user={user} onClose={() => setDeleting(false)} />
      </section>
    </Flex>
  );
}
