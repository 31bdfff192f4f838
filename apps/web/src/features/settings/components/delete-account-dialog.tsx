import { useState } from 'react';
import { Alert, Form, Input, Modal, Typography } from 'antd';
import { useNavigate } from 'react-router';
import type { User } from '@crimsonhost/shared/auth';
import { useAuth } from '../../../app/auth/auth-context';
import { paths } from '../../../app/paths';
import { ApiErrorAlert } from '../../../components/api-error-alert';
import { AppForm, applyFieldErrors } from '../../../components/app-form';
import { TextInput } from '../../../components/text-input';
import { useToast } from '../../../components/use-toast';
import { toApiError, type ApiError } from '../../../lib/api-client';
import { notDeletableReasons, useDeleteAccount } from '../api/delete-account';

interface DeleteValues {
  confirmEmail?: string;
  password?: string;
}

export const WRONG_PASSWORD_MESSAGE = 'The password is not right.';
const EMAIL_MISMATCH_MESSAGE = 'This is not the e-mail address of this account.';
/** Answers that refuse the password typed here. */
const PASSWORD_REFUSALS = new Set(['INVALID_CREDENTIALS', 'WRONG_PASSWORD', 'INVALID_PASSWORD']);

const sameEmail = (typed: string | undefined, email: string) =>
  (typed ?? '').trim().toLowerCase() === email.toLowerCase();

/**
 * What deleting the account does, the e-mail typed again and the password when the account has
 * one. Refused with the reasons while money or a rental is open (the dialog stays); once deleted,
 * the session here is forgotten and the person lands on the home page.
 */
export function DeleteAccountDialog({
  open,
  user,
  onClose,
}: {
  open: boolean;
  user: User;
  onClose: () => void;
}) {
  const auth = useAuth();
  const navigate = useNavigate();
  const toast = useToast();
  const [form] = Form.useForm<DeleteValues>();
  const typedEmail = Form.useWatch('confirmEmail', form);
  const typedPassword = Form.useWatch('password', form);
  const remove = useDeleteAccount();
  const [failure, setFailure] = useState<ApiError | null>(null);
  const ready = sameEmail(typedEmail, user.email) && (!user.hasPassword || Boolean(typedPassword));
  const reasons = failure ? notDeletableReasons(failure) : null;

  const close = () => {
    setFailure(null);
    form.resetFields();
    onClose();
  };

  const submit = ({ confirmEmail, password }: DeleteValues) => {
    // Enter in the only field submits even while Delete is off.
    if (!sameEmail(confirmEmail, user.email)) {
      form.setFields([{ name: 'confirmEmail', errors: [EMAIL_MISMATCH_MESSAGE] }]);
      return;
    }
    setFailure(null);
    remove.mutate(
      { confirmEmail: (confirmEmail ?? '').trim(), ...(user.hasPassword ? { password } : {}) },
      {
        onSuccess: () => {
          void navigate(paths.home.href(), { replace: true });
          auth.forgetSession();
          toast('success', 'Your account was deleted.');
        },
        onError: (caught) => {
          const error = toApiError(caught);
          if (PASSWORD_REFUSALS.has(error.code) && form.getFieldInstance('password')) {
            form.setFields([{ name: 'password', errors: [WRONG_PASSWORD_MESSAGE] }]);
            return;
          }
          if (!applyFieldErrors(form, error)) setFailure(error);
        },
      },
    );
  };

  return (
    <Modal
      open={open}
      title="Delete your account?"
      okText="Delete my account"
      okButtonProps={{ danger: true, disabled: !ready }}
      confirmLoading={remove.isPending}
      onOk={() => form.submit()}
      onCancel={close}
      destroyOnHidden
    >
      <Typography.Paragraph>Your account is anonymised, not just hidden:</Typography.Paragraph>
      <ul style={{ paddingInlineStart: 20, marginTop: 0 }}>
        <li>
          Your name, e-mail address and Discord link are removed, and every device is signed out.
        </li>
        <li>
          Your money history stays in the books, without your name, as the law requires us to keep
          it.
        </li>
      </ul>
      <Typography.Paragraph strong>This cannot be undone.</Typography.Paragraph>
      {failure && reasons ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={failure.message}
          description={
            reasons.length > 0 && (
              <ul style={{ paddingInlineStart: 20, margin: 0 }}>
                {reasons.map((reason) => (
                  <li key={reason}>{reason}</li>
                ))}
              </ul>
            )
          }
          style={{ marginBottom: 16 }}
        />
      ) : (
        failure && <ApiErrorAlert error={failure} />
      )}
      <AppForm<DeleteValues> form={form} name="delete-account" onFinish={submit}>
        <input type="hidden" name="username" autoComplete="username" value={user.email} readOnly />
        <Form.Item
          name="confirmEmail"
          label={
            <span>
              Type <strong style={{ overflowWrap: 'anywhere' }}>{user.email}</strong> to confirm
            </span>
          }
        >
          <TextInput autoComplete="off" spellCheck={false} />
        </Form.Item>
        {user.hasPassword && (
          <Form.Item name="password" label="Your password">
            <Input.Password autoComplete="current-password" />
          </Form.Item>
        )}
      </AppForm>
    </Modal>
  );
}
