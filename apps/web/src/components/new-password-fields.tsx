import { Form, Input } from 'antd';
import { newPasswordSchema, passwordPolicyText } from '@crimsonhost/shared/auth';
import { sameAsRule, zodRule } from './app-form';

/**
 * A new password (field `password`, the name the API's field errors use) with the policy the
 * person is told, and its confirmation.
 */
export function NewPasswordFields({ label = 'New password' }: { label?: string }) {
  return (
    <>
      <Form.Item
        name="password"
        label={label}
        extra={passwordPolicyText}
        rules={[{ required: true }, zodRule(newPasswordSchema)]}
        hasFeedback
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label="Confirm password"
        dependencies={['password']}
        rules={[{ required: true }, sameAsRule('password')]}
        hasFeedback
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
