import { Alert, Button, Card, Form, Select, Switch, Typography } from 'antd';
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
import { useSupportSettings } from '../api/get-support-settings';
import { useSaveSupportSettings } from '../api/save-support-settings';
import { VisitorPrompt } from '../components/visitor-prompt';

const TITLE = <title>Support settings · CrimsonHost</title>;

const SWITCHES: { name: keyof SupportSettings; label: string }[] = [
  { name: 'notifyStaffReply', label: 'A support agent replies' },
  { name: 'notifyStatusChange', label: "My ticket's status changes" },
  { name: 'notifyResolved', label: 'My ticket is resolved' },
  { name: 'weeklyDigest', label: 'Weekly digest of open tickets' },
];

const CATEGORY_OPTIONS = TICKET_CATEGORIES.map((category) => ({
  value: category,
  label: TICKET_CATEGORY_LABELS[category],
}));

/** /support/settings: which support mails I get, and the category a new ticket starts with. */
export function SupportSettingsPage() {
  const { status } = useAuth();
  const signedIn = status === 'authenticated';
  const settings = useSupportSettings({ enabled: signedIn });
  const save = useSaveSupportSettings();
  const toast = useToast();

  if (status === 'loading') return <ListSkeleton rows={3} />;
  if (!signedIn) {
    return (
      <>
        {TITLE}
        <VisitorPrompt
          register
          text="Sign in to choose which support mails you get and the category a new ticket starts with."
        />
      </>
    );
  }
  if (settings.isPending) return <ListSkeleton rows={4} />;
  if (settings.isError) {
    return (
      <>
        {TITLE}
        <LoadErrorResult title="Your support settings could not be loaded" query={settings} />
      </>
    );
  }

  return (
    <>
      {TITLE}
      <Card
        title={<h2 style={{ fontSize: 'inherit', margin: 0 }}>Support settings</h2>}
        style={{ maxWidth: 560 }}
      >
        {/* The saved settings fill the form once: a later refresh never overwrites what is being changed. */}
        <AppForm<SupportSettings>
          name="support-settings"
          initialValues={settings.data}
          onFinish={(values) =>
            save.mutate(values, { onSuccess: () => toast('success', 'Support settings saved') })
          }
        >
          <fieldset style={{ border: 0, margin: 0, padding: 0 }}>
            <legend style={{ marginBottom: 8 }}>
              <Typography.Text strong>Mail me when</Typography.Text>
            </legend>
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
          </fieldset>
          <Form.Item
            name="defaultCategory"
            label="Default category"
            extra="A new ticket starts with this category; you can change it on the ticket."
            style={{ marginTop: 8 }}
          >
            <Select options={CATEGORY_OPTIONS} />
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
