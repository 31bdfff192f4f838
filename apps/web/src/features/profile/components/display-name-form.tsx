import { useState } from 'react';
import { Button, Form } from 'antd';
import { displayNameSchema, type User } from '@crimsonhost/shared/auth';
import { useAuth } from '../../../app/auth/auth-context';
import { ApiErrorAlert } from '../../../components/api-error-alert';
import { AppForm, applyFieldErrors, zodRule } from '../../../components/app-form';
import { useToast } from '../../../components/use-toast';
import { toApiError, type ApiError } from '../../../lib/api-client';
import { useUpdateProfile } from '../api/update-profile';
import { TextInput } from '../../../components/text-input';

/** The display name, shown to vendors and support. */
export function DisplayNameForm({ user }: { user: User }) {
  const auth = useAuth();
  const toast = useToast();
  const [form] = Form.useForm<{ displayName: string }>();
  const update = useUpdateProfile();
  const [error, setError] = useState<ApiError | null>(null);

  const submit = ({ displayName }: { displayName: string }) => {
    setError(null);
    update.mutate(
      { displayName: displayName.trim() },
      {
        onSuccess: (saved) => {
          auth.updateUser(saved);
          toast('success', 'Display name saved.');
        },
        onError: (caught) => {
          const failure = toApiError(caught);
          if (!applyFieldErrors(form, failure)) setError(failure);
        },
      },
    );
  };

  return (
    <>
      {error && <ApiErrorAlert error={error} />}
      <AppForm<{ displayName: string }>
        form={form}
        name="display-name"
        initialValues={{ displayName: user.displayName }}
        onFinish={submit}
      >
        <Form.Item
          name="displayName"
          label="Display name"
          extra="Shown to vendors and support. 2 to 40 characters."
          rules={[{ required: true }, zodRule(displayNameSchema)]}
        >
          <TextInput autoComplete="nickname" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={update.isPending}>
          Save display name
        </Button>
      </AppForm>
    </>
  );
}
