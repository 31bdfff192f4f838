import { Alert, Button, Flex, Form, Input } from 'antd';
import { useState } from 'react';
import {
  PANEL_URL_MAX,
  panelLinkInputSchema,
  type PanelLink,
  type PanelLinkInput,
} from '@crimsonhost/shared/vendor-panels';
import { AppForm, contractRule } from '../../../components/app-form';
import { TextInput } from '../../../components/text-input';
import { toApiError } from '../../../lib/api-client';
import { describeApiError } from '../../../lib/error-messages';
import { fieldIssuesOf } from '../application-problems';

type PanelField = keyof PanelLinkInput;
type PanelFormValues = Partial<Record<PanelField, string>>;

const { shape } = panelLinkInputSchema;
const FIELDS = Object.keys(shape) as PanelField[];
const ruleOf = (field: PanelField) => [contractRule(shape[field])];

/**
 * The panel link's fields: the panel's address, the server identifier and a client API key. The
 * key is typed again on every save: the saved one is never sent back. The API's refusals (an
 * address not https or not on the public internet, a field it judges) land under their field.
 */
export function PanelLinkForm({
  link,
  saving,
  save,
  onSaved,
  onCancel,
  demo = null,
}: {
  /** The saved link, when the vendor changes it: its address and identifier to start from. */
  link: PanelLink | null;
  saving: boolean;
  save: (input: PanelLinkInput) => Promise<PanelLink>;
  onSaved: (link: PanelLink) => void;
  onCancel?: () => void;
  /** The demo panel's link for a listing of a spare demo game server, to fill in at a click. */
  demo?: PanelLinkInput | null;
}) {
  const [form] = Form.useForm<PanelFormValues>();
  const [formError, setFormError] = useState<string | null>(null);

  const refused = (raw: unknown) => {
    const error = toApiError(raw);
    const issues = fieldIssuesOf(error.details);
    const fields = (issues ?? []).flatMap(({ field, message }) => {
      const name = FIELDS.find((candidate) => candidate === field);
      return name ? [{ name, errors: [message] }] : [];
    });
    if (fields.length > 0) form.setFields(fields);
    else setFormError(describeApiError(error));
  };

  const submit = (values: PanelFormValues) => {
    setFormError(null);
    const parsed = panelLinkInputSchema.safeParse(values);
    if (!parsed.success) return;
    save(parsed.data).then((saved) => {
      form.setFieldValue('apiKey', '');
      onSaved(saved);
    }, refused);
  };

  return (
    <AppForm<PanelFormValues>
      name="panel-link"
      form={form}
      initialValues={
        link ? { url: link.url, serverIdentifier: link.serverIdentifier, apiKey: '' } : undefined
      }
      onFinish={submit}
    >
      {demo && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title="This listing is one of the demo’s game servers"
          description={
            <Flex vertical gap={8} align="flex-start">
              <span>
                The demo runs its own Pterodactyl panel on this machine. Fill in its address, the
                server’s identifier and the demo key, then save.
              </span>
              <Button size="small" onClick={() => form.setFieldsValue(demo)}>
                Fill in the demo panel
              </Button>
            </Flex>
          }
        />
      )}
      <Form.Item
        name="url"
        label="Panel address"
        extra="The address of your Pterodactyl panel, as it starts in your browser: https://…"
        rules={ruleOf('url')}
      >
        <TextInput
          maxLength={PANEL_URL_MAX}
          autoComplete="url"
          inputMode="url"
          placeholder="https://panel.example.com"
        />
      </Form.Item>
      <Form.Item
        name="serverIdentifier"
        label="Server identifier"
        extra="8 characters, from the server's address on the panel: /server/1a7ce997"
        rules={ruleOf('serverIdentifier')}
      >
        <TextInput autoComplete="off" spellCheck={false} placeholder="1a7ce997" />
      </Form.Item>
      <Form.Item
        name="apiKey"
        label="Client API key"
        extra={
          link
            ? 'Enter the key again to save a change: the saved key is never shown.'
            : 'Made on the panel under Account → API Credentials. It is stored encrypted and never shown again.'
        }
        rules={ruleOf('apiKey')}
      >
        <Input.Password autoComplete="new-password" spellCheck={false} placeholder="ptlc_…" />
      </Form.Item>
      {formError && (
        <Alert type="error" showIcon role="alert" title={formError} style={{ marginBottom: 16 }} />
      )}
      <Flex wrap gap={8}>
        <Button type="primary" htmlType="submit" loading={saving}>
          Save panel link
        </Button>
        {onCancel && <Button onClick={onCancel}>Cancel</Button>}
      </Flex>
    </AppForm>
  );
}
