import { Alert, Button, Card, Flex, Form, Select, Switch } from 'antd';
import { useEffect } from 'react';
import {
  TICKET_CATEGORIES,
  TICKET_CATEGORY_LABELS,
  type SupportSettings,
} from '@crimsonhost/shared/support';
import { useAuth } from '../../../app/auth/auth-context';
import { AppForm } from '../../../components/app-form';
import { LoadErrorResult } from '../../../components/load-error-result';
import { ListSkeleton } from '../../../components/skeleton-loaders';
import { useToast } from '../../../components/use-toast';
import { toApiError } from '../../../lib/api-client';
import { describeApiError } from '../../../lib/error-messages';
import { useSaveSupportSettings, useSupportSettings } from '../api/settings';
import { VisitorPrompt } from '../components/visitor-prompt';

const SWITCHES: { name: keyof SupportSettings; label: string }[] = [
  { name: 'notifyStaffReply', label: 'A support agent replies' },
  { name: 'notifyStatusChange', label: "My ticket's status changes" },
  { name: 'notifyResolved', label: 'My ticket is resolved' },
  { name: 'weeklyDigest', label: 'Weekly digest of open tickets' },
];

/** /support/settings: which support mails I get, and the category a new ticket starts with. */
export function SupportSettingsPage() {
  const { status } = useAuth();
  const signedIn = status === 'authenticated';
  const settings = useSupportSettings({ enabled: signedIn });
  const save = useSaveSupportSettings();
  const toast = useToast();
  const [form] = Form.useForm<SupportSettings>();
  useEffect(() => {
    if (settings.data) form.setFieldsValue(settings.data);
  }, [settings.data, form]);

  if (status === 'loading') return <ListSkeleton rows={3} />;
  if (!signedIn)
    return (
      <VisitorPrompt text="Sign in to choose which support mails you get." guestTicket={false} />
    );
  if (settings.isPending) return <ListSkeleton rows={4} />;
  if (settings.isError)
    return <LoadErrorResult title="Your support settings could not be loaded" query={settings} />;

  return (
    <>
      <title>Support settings · CrimsonHost</title>
      <Card title="Mail me when" style={{ maxWidth: 560 }}>
        <AppForm<SupportSettings>
          name="support-settings"
          form={form}
          initialValues={settings.data}
          onFinish={(values) =>
            save.mutate(values, { onSuccess: () => toast('success', 'Support settings saved') })
          }
        >
          <Flex vertical gap={4}>
            {SWITCHES.map((item) => (
              <Form.Item
                key={item.name}
                name={item.name}
                label={item.label}
                valuePropName="checked"
                layout="horizontal"
                labelCol={{ flex: 'auto' }}
                wrapperCol={{ flex: 'none' }}
                colon={false}
                style={{ marginBottom: 8 }}
              >
                <Switch checkedChildren="On" unCheckedChildren="Off" />
              </Form.Item>
            ))}
          </Flex>
          <Form.Item name="defaultCategory" label="Default category of a new ticket">
            <Select
              options={TICKET_CATEGORIES.map((c) => ({
                value: c,
                label: TICKET_CATEGORY_LABELS[c],
              }))}
            />
          </Form.Item>
          {save.error && (
            <Alert
              style={{ marginBottom: 12 }}
              type="error"
              showIcon
              title={describeApiError(toApiError(save.error))}
            />
          )}
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            Save
          </Button>
        </AppForm>
      </Card>
    </>
  );
}
