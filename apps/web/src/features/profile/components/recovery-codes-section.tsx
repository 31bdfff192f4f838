import { useState } from 'react';
import { Alert, Button, Form, Input, Modal, Typography } from 'antd';
import { RECOVERY_CODE_COUNT, type User } from '@crimsonhost/shared/auth';
import { ApiErrorAlert } from '../../../components/api-error-alert';
import { AppForm, applyFieldErrors } from '../../../components/app-form';
import { RecoveryCodesPanel } from '../../../components/recovery-codes-panel';
import { toApiError, type ApiError } from '../../../lib/api-client';
import { useRegenerateRecoveryCodes } from '../api/regenerate-recovery-codes';

const LOW_CODES = 3;

/** How many recovery codes are left, and ten new ones (shown once) on request. */
export function RecoveryCodesSection({
  user,
  codesLeft,
}: {
  user: User;
  codesLeft: number | null;
}) {
  const [asking, setAsking] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const [form] = Form.useForm<{ currentPassword?: string }>();
  const regenerate = useRegenerateRecoveryCodes();

  if (codes) {
    return (
      <RecoveryCodesPanel
        codes={codes}
        email={user.email}
        doneLabel="Done"
        onDone={() => setCodes(null)}
      />
    );
  }

  const submit = ({ currentPassword }: { currentPassword?: string }) => {
    setError(null);
    regenerate.mutate(user.hasPassword ? { currentPassword } : {}, {
      onSuccess: (fresh) => {
        setAsking(false);
        form.resetFields();
        setCodes(fresh);
      },
      onError: (caught) => {
        const failure = toApiError(caught);
        if (!applyFieldErrors(form, failure)) setError(failure);
      },
    });
  };

  return (
    <>
      <Typography.Paragraph>
        {codesLeft === null
          ? 'Recovery codes sign you in once each if you lose access to your e-mail or Discord.'
          : `${codesLeft} of ${RECOVERY_CODE_COUNT} recovery codes left. Each signs you in once if you lose access to your e-mail or Discord.`}
      </Typography.Paragraph>
      {codesLeft !== null && codesLeft <= LOW_CODES && (
        <Alert
          type="warning"
          showIcon
          title="You are running out of recovery codes. Generate new ones."
          style={{ marginBottom: 16 }}
        />
      )}
      <Button onClick={() => setAsking(true)}>Generate new codes</Button>
      <Modal
        open={asking}
        title="Generate new recovery codes"
        okText="Generate"
        onOk={() => form.submit()}
        confirmLoading={regenerate.isPending}
        onCancel={() => {
          setAsking(false);
          setError(null);
          form.resetFields();
        }}
        destroyOnHidden
      >
        <Typography.Paragraph>
          Your current codes stop working and ten new ones are shown once.
        </Typography.Paragraph>
        {error && <ApiErrorAlert error={error} />}
        <AppForm<{ currentPassword?: string }>
          form={form}
          name="regenerate-codes"
          onFinish={submit}
        >
          <input
            type="hidden"
            name="username"
            autoComplete="username"
            value={user.email}
            readOnly
          />
          {user.hasPassword && (
            <Form.Item name="currentPassword" label="Current password" rules={[{ required: true }]}>
              <Input.Password autoComplete="current-password" />
            </Form.Item>
          )}
        </AppForm>
      </Modal>
    </>
  );
}
