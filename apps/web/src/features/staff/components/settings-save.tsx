import { Alert, Button, Modal, Typography, type FormInstance } from 'antd';
import { useState } from 'react';
import type { SettingsKind } from '@crimsonhost/shared/admin-settings';
import { SETTINGS_KIND_LABELS } from '@crimsonhost/shared/admin-settings';
import { fieldIssueSchema } from '@crimsonhost/shared/errors';
import { z } from 'zod';
import { useToast } from '../../../components/use-toast';
import { toApiError, type ApiError } from '../../../lib/api-client';
import { describeApiError } from '../../../lib/error-messages';
import { useSettings } from '../api/get-settings';
import { useSaveSettings, type SaveRequests } from '../api/save-settings';
import { describeSettingsChange } from '../settings-change';

const fieldIssuesSchema = z.object({ fields: z.array(fieldIssueSchema) });

/**
 * Puts the API's field errors under their fields: 'networks.1.feePercent' is the form's
 * ['networks', 1, 'feePercent']. Answers whether any landed.
 */
function showFieldErrors(form: FormInstance, error: ApiError): boolean {
  const parsed = fieldIssuesSchema.safeParse(error.details);
  if (!parsed.success) return false;
  const fields = parsed.data.fields.map((issue) => ({
    name: issue.field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part)),
    errors: [issue.message],
  }));
  // A list's own error (at least one network enabled) has no input of its own: its value tells.
  const known = fields.filter((field) => form.getFieldValue(field.name) !== undefined);
  if (known.length === 0) return false;
  form.setFields(known);
  return true;
}

export const CONFLICT_MESSAGE = 'Someone else saved these settings a moment ago';

/**
 * How each settings card saves: `ask` with the request opens a confirmation that lists what
 * changes; once confirmed the save is sent. A refused field shows under the field, a save over a
 * newer version as a warning with Reload, anything else as a sentence above the button.
 */
export function useSettingsSave<K extends SettingsKind>(
  kind: K,
  form: FormInstance,
  before: Record<string, unknown>,
) {
  const save = useSaveSettings(kind);
  const settings = useSettings();
  const toast = useToast();
  const [asking, setAsking] = useState<{
    request: SaveRequests[K];
    changes: string[];
  } | null>(null);
  const [conflict, setConflict] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const label = SETTINGS_KIND_LABELS[kind];

  const ask = (request: SaveRequests[K]) => {
    setFailure(null);
    const changes = describeSettingsChange(kind, before, request);
    if (changes.length === 0) {
      toast('info', `Nothing to save: the ${label.toLowerCase()} settings are unchanged.`);
      return;
    }
    setAsking({ request, changes });
  };

  const confirm = () => {
    if (!asking) return;
    save.mutate(asking.request, {
      onSuccess: () => {
        setAsking(null);
        toast('success', `${label} settings saved.`);
      },
      onError: (cause) => {
        setAsking(null);
        const error = toApiError(cause);
        if (error.status === 409) setConflict(true);
        else if (!showFieldErrors(form, error)) setFailure(describeApiError(error));
      },
    });
  };

  const ui = (
    <>
      {conflict && (
        <Alert
          type="warning"
          showIcon
          role="alert"
          style={{ marginBottom: 16 }}
          title={CONFLICT_MESSAGE}
          description="Reload to see their values, then make your change again."
          action={
            <Button
              size="small"
              loading={settings.isFetching}
              onClick={() => void settings.refetch().then(() => setConflict(false))}
            >
              Reload
            </Button>
          }
        />
      )}
      {failure && (
        <Alert type="error" showIcon role="alert" style={{ marginBottom: 16 }} title={failure} />
      )}
      <Modal
        open={asking !== null}
        title={`Save the ${label.toLowerCase()} settings?`}
        okText="Save"
        confirmLoading={save.isPending}
        onOk={confirm}
        onCancel={() => setAsking(null)}
        destroyOnHidden
      >
        <Typography.Paragraph>This takes effect at once for everyone:</Typography.Paragraph>
        <ul style={{ paddingInlineStart: 20, margin: 0 }}>
          {asking?.changes.map((change) => (
            <li key={change}>{change}</li>
          ))}
        </ul>
      </Modal>
    </>
  );
  return { ask, ui, saving: save.isPending };
}
