import { Flex, Radio, Typography } from 'antd';
import type { PaymentMethod } from '@crimsonhost/shared/paypal';

/** The radios' shared name: the dialog puts the focus on the chosen one when it opens. */
export const METHOD_FIELD_NAME = 'deposit-method';
const LABEL_ID = 'deposit-method-label';

export interface MethodChoiceProps {
  value: PaymentMethod;
  onChange: (method: PaymentMethod) => void;
  /** Focus the chosen method once it shows (the dialog's first field). */
  autoFocus?: boolean;
  disabled?: boolean;
}

/**
 * USDT or PayPal, as two halves of one control: native radios, so Tab reaches the chosen one and
 * the arrow keys move between them.
 */
export function MethodChoice({ value, onChange, autoFocus = false, disabled }: MethodChoiceProps) {
  return (
    <Flex vertical gap={8} style={{ marginBottom: 20 }}>
      <Typography.Text id={LABEL_ID} strong>
        Payment method
      </Typography.Text>
      <Radio.Group
        name={METHOD_FIELD_NAME}
        aria-labelledby={LABEL_ID}
        optionType="button"
        buttonStyle="solid"
        block
        disabled={disabled}
        value={value}
        onChange={(event) => onChange(event.target.value as PaymentMethod)}
      >
        <Radio.Button value="crypto" autoFocus={autoFocus && value === 'crypto'}>
          USDT
        </Radio.Button>
        <Radio.Button value="paypal" autoFocus={autoFocus && value === 'paypal'}>
          PayPal
        </Radio.Button>
      </Radio.Group>
    </Flex>
  );
}
