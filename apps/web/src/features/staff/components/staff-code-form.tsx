import { Button, Form, theme } from 'antd';
import { toApiError } from '../../../lib/api-client';
import { AppForm } from '../../../components/app-form';
import { TextInput } from '../../../components/text-input';
import {
  APP_CODE_MESSAGE,
  BACKUP_CODE_MESSAGE,
  describeStaffCodeError,
  isWholeStaffCode,
  normaliseStaffCode,
  type StaffCodeKind,
} from '../staff-code';

interface CodeValues {
  code: string;
}

const LABELS: Record<StaffCodeKind, string> = {
  app: APP_CODE_MESSAGE,
  backup: 'Enter one of your backup codes',
};

/**
 * One code, from the authenticator app or a backup code: the field takes focus, and what the API
 * refuses is said in words under it. `onSubmit` rejects with the API's error.
 */
export function StaffCodeForm({
  kind,
  submitLabel,
  pending,
  disabled = false,
  autoFocus = true,
  onSubmit,
}: {
  kind: StaffCodeKind;
  submitLabel: string;
  pending: boolean;
  disabled?: boolean;
  /** On its own page the field takes focus; within steps to read first, it does not. */
  autoFocus?: boolean;
  onSubmit: (code: string) => Promise<unknown>;
}) {
  const { token } = theme.useToken();
  const [form] = Form.useForm<CodeValues>();
  const message = kind === 'app' ? APP_CODE_MESSAGE : BACKUP_CODE_MESSAGE;

  const submit = async ({ code }: CodeValues) => {
    try {
      await onSubmit(normaliseStaffCode(code, kind));
    } catch (caught) {
      form.setFields([
        { name: 'code', errors: [describeStaffCodeError(toApiError(caught), kind)] },
      ]);
      form.focusField('code');
    }
  };

  return (
    <AppForm<CodeValues>
      form={form}
      name={`staff-code-${kind}`}
      size="large"
      onFinish={submit}
      // A half-typed code is not an error yet: the field is checked on leaving it or on submit,
      // and typing again clears what the API said.
      validateTrigger={['onBlur']}
      onValuesChange={() => form.setFields([{ name: 'code', errors: [] }])}
    >
      <Form.Item
        name="code"
        label={LABELS[kind]}
        extra={kind === 'backup' ? 'Each backup code works once, e.g. K7QP-M2XD-9RTF.' : undefined}
        rules={[
          { required: true, message },
          {
            validator: async (_rule, value: unknown) => {
              if (typeof value === 'string' && value !== '' && !isWholeStaffCode(value, kind)) {
                throw new Error(message);
              }
            },
          },
        ]}
      >
        {kind === 'app' ? (
          <TextInput
            autoFocus={autoFocus}
            inputMode="numeric"
            autoComplete="one-time-code"
            spellCheck={false}
            maxLength={9}
            disabled={disabled}
            style={{ fontFamily: token.fontFamilyCode, letterSpacing: '0.2em' }}
          />
        ) : (
          <TextInput
            autoFocus={autoFocus}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={20}
            disabled={disabled}
            style={{ fontFamily: token.fontFamilyCode, letterSpacing: '0.08em' }}
          />
        )}
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={pending} disabled={disabled}>
        {submitLabel}
      </Button>
    </AppForm>
  );
}
