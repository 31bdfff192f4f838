import { useState } from 'react';
import { Button, Form, Input, Typography } from 'antd';
import type { User } from '@crimsonhost/shared/auth';
import { ApiErrorAlert } from '../../../components/api-error-alert';
import { AppForm, applyFieldErrors } from '../../../components/app-form';
import { NewPasswordFields } from '../../../components/new-password-fields';
import { useToast } from '../../../components/use-toast';
import { toApiError, type ApiError } from '../../../lib/api-client';
import { useChangePassword } from '../api/change-password';

interface PasswordValues {
  currentPassword?: string;
  password: string;
  confirmPassword: string;
}

/**
 * Changes the password; a Discord-only account has none yet and sets its first one without the
 * current password. Every other session of the account ends.
 */
export function PasswordForm({ user }: { user: User }) {
  const toast = useToast();
  const [form] = Form.useForm<PasswordValues>();
  const change = useChangePassword();
  const [error, setError] = useState<ApiError | null>(null);

  const submit = ({ currentPassword, password }: PasswordValues) => {
    setError(null);
    change.mutate(user.hasPassword ? { currentPassword, password } : { password }, {
      onSuccess: () => {
        form.resetFields();
        toast(
          'success',
          user.hasPassword
            ? 'Password changed. Your other devices were signed out.'
            : 'Password set. You can now also sign in with your e-mail and password.',
        );
      },
      onError: (caught) => {
        const failure = toApiError(caught);
        if (!applyFieldErrors(form, failure)) setError(failure);
      },
    });
  };

  return (
    <>
      {!user.hasPassword && (
        <Typography.Paragraph type="secondary">
          Your account signs in with Discord. Set a password to also sign in with your e-mail.
        </Typography.Paragraph>
      )}
      {error && <ApiErrorAlert error={error} />}
      <AppForm<PasswordValues> form={form} name="change-password" onFinish={submit}>
        <input type="hidden" name="username" autoComplete="username" value={user.email} readOnly />
        {user.hasPassword && (
          <Form.Item name="currentPassword" label="Current password" rules={[{ required: true }]}>
            <Input.Password autoComplete="current-password" />
          </Form.Item>
        )}
        <NewPasswordFields />
        <Button type="primary" htmlType="submit" loading={change.isPending}>
          {user.hasPassword ? 'Change password' : 'Set password'}
        </Button>
      </AppForm>
    </>
  );
}
