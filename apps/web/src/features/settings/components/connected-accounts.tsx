import { useState } from 'react';
import { Alert, Button, Flex, Form, Input, Modal, Typography } from 'antd';
import { DiscordOutlined } from '@ant-design/icons';
import type { User } from '@crimsonhost/shared/auth';
import { ApiErrorAlert } from '../../../components/api-error-alert';
import { useToast } from '../../../components/use-toast';
import { toApiError, type ApiError } from '../../../lib/api-client';
import { useAuthProviders } from '../../../lib/auth-providers';
import { useStartDiscordLink } from '../api/start-discord-link';
import { useUnlinkDiscord } from '../api/unlink-discord';
import { WRONG_PASSWORD_MESSAGE } from './delete-account-dialog';

function UnlinkDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<{ password?: string }>();
  const unlink = useUnlinkDiscord();
  const toast = useToast();
  const [failure, setFailure] = useState<ApiError | null>(null);
  const close = () => {
    setFailure(null);
    form.resetFields();
    onClose();
  };
  const submit = ({ password }: { password?: string }) => {
    setFailure(null);
    unlink.mutateAsync(password ?? '').then(
      () => {
        toast('success', 'Discord is unlinked. Sign in with your e-mail and password from now on.');
        close();
      },
      (error: unknown) => {
        const apiError = toApiError(error);
        if (apiError.code === 'INVALID_CREDENTIALS') {
          form.setFields([{ name: 'password', errors: [WRONG_PASSWORD_MESSAGE] }]);
        } else {
          setFailure(apiError);
        }
      },
    );
  };
  return (
    <Modal
      open={open}
      title="Unlink Discord?"
      okText="Unlink Discord"
      okButtonProps={{ danger: true, loading: unlink.isPending }}
      onOk={() => form.submit()}
      onCancel={close}
      destroyOnHidden
    >
      <Flex vertical gap={12}>
        <Typography.Paragraph style={{ margin: 0 }}>
          You will sign in with your e-mail address and password only. We mail you that it happened.
        </Typography.Paragraph>
        {failure && <ApiErrorAlert error={failure} />}
        <Form form={form} layout="vertical" onFinish={submit} requiredMark={false}>
          <Form.Item
            name="password"
            label="Your password"
            rules={[{ required: true, message: 'Enter your password' }]}
          >
            <Input.Password autoComplete="current-password" />
          </Form.Item>
        </Form>
      </Flex>
    </Modal>
  );
}

/**
 * Discord, linked or not. Linking goes through Discord's own consent page and back (where this
 * storefront offers Discord); unlinking needs a password on the account, given again.
 */
export function ConnectedAccounts({ user }: { user: User }) {
  const [unlinking, setUnlinking] = useState(false);
  const providers = useAuthProviders();
  const link = useStartDiscordLink();
  const offered = providers.data?.discord === true;
  return (
    <Flex vertical gap={12}>
      <Flex gap={12} wrap align="center" justify="space-between">
        <Flex vertical gap={2} style={{ minWidth: 0 }}>
          <Typography.Text strong>Discord</Typography.Text>
          <Typography.Text type="secondary">
            {user.discordLinked
              ? 'Linked: you can sign in with Discord.'
              : offered
                ? 'Not linked. Link it to sign in with Discord as well as your password.'
                : 'Not linked. This storefront does not offer sign-in with Discord.'}
          </Typography.Text>
        </Flex>
        {user.discordLinked && user.hasPassword && (
          <Button onClick={() => setUnlinking(true)}>Unlink Discord</Button>
        )}
        {!user.discordLinked && offered && (
          <Button
            icon={<DiscordOutlined aria-hidden />}
            loading={link.isPending}
            onClick={() => link.mutate()}
          >
            Link Discord
          </Button>
        )}
      </Flex>
      {link.error && <ApiErrorAlert error={toApiError(link.error)} />}
      {user.discordLinked && !user.hasPassword && (
        <Alert
          type="info"
          showIcon
          message='Set a password before you unlink Discord, so you can still sign in: use "Forgot password" on the sign-in page to get a link by mail.'
        />
      )}
      <UnlinkDialog open={unlinking} onClose={() => setUnlinking(false)} />
    </Flex>
  );
}
