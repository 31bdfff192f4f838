import { Form, type FormInstance } from 'antd';
import { staffReasonSchema } from '@crimsonhost/shared/admin';
import { applyFieldErrors, zodRule } from '../../../components/app-form';
import { TextArea } from '../../../components/text-input';
import { ApiError, toApiError } from '../../../lib/api-client';
import { describeApiError } from '../../../lib/error-messages';

export const REASON_MAX = 500;

/**
 * Why the action is taken, 5 to 500 characters on one line: recorded in the audit log and, where
 * it concerns them, told to the person. A line break typed or pasted becomes a space.
 */
export function ReasonField({ extra }: { extra?: string }) {
  return (
    <Form.Item
      name="reason"
      label="Reason"
      // Clear of the character count, which sits at the end of the same line.
      extra={extra && <span style={{ display: 'block', paddingInlineEnd: 72 }}>{extra}</span>}
      rules={[{ required: true }, zodRule(staffReasonSchema)]}
      normalize={(value: string) => value.replace(/[\r\n]+/g, ' ')}
    >
      <TextArea rows={3} maxLength={REASON_MAX} showCount />
    </Form.Item>
  );
}

/**
 * An action's failure, said where it belongs: a refused field under the field itself, anything
 * else as a sentence for the dialog. Returns that sentence, or null when the fields told it. The
 * API lists refused fields as `details.fields`; a bare list in `details` is read the same way.
 */
export function showActionError<Values>(
  form: FormInstance<Values>,
  caught: unknown,
): string | null {
  const error = toApiError(caught);
  const fields = Array.isArray(error.details)
    ? new ApiError(error.status, error.code, error.message, { fields: error.details })
    : error;
  return applyFieldErrors(form, fields) ? null : describeApiError(error);
}
