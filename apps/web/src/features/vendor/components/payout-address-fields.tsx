import { Form, Typography, theme } from 'antd';
import type { Rule } from 'antd/es/form';
import { NETWORKS, type Network } from '@crimsonhost/shared/constants';
import { payoutAddressShapeProblem } from '@crimsonhost/shared/vendors';
import { TextInput } from '../../../components/text-input';
import { NETWORK_NAMES } from '../../../lib/network-names';

const PLACEHOLDERS: Record<Network, string> = {
  TRC20: 'T…',
  ERC20: '0x…',
  BEP20: '0x…',
};

/**
 * The shape of an address as the network writes it; the API also checks its checksum (base58check
 * for Tron, EIP-55 for Ethereum and BNB Smart Chain) and answers under the same field.
 */
function shapeRule(network: Network): Rule {
  return {
    validator: async (_rule, value: unknown) => {
      const address = typeof value === 'string' ? value.trim() : '';
      if (!address) return;
      const problem = payoutAddressShapeProblem(network, address);
      if (problem) throw new Error(problem);
    },
  };
}

export const PAYOUT_HELP_ID = 'vendor-application-payout-help';
export const PAYOUT_ERROR_ID = 'vendor-application-payout-error';

/**
 * A payout address for each network, at least one given. `missing` is the problem of the group
 * as a whole (none was given), shown under its heading and announced.
 */
export function PayoutAddressFields({ missing }: { missing: string | null }) {
  const { token } = theme.useToken();
  return (
    <fieldset
      aria-describedby={missing ? `${PAYOUT_HELP_ID} ${PAYOUT_ERROR_ID}` : PAYOUT_HELP_ID}
      style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}
    >
      <legend
        style={{
          padding: 0,
          marginBottom: token.marginXXS,
          border: 0,
          fontSize: token.fontSize,
          color: token.colorTextHeading,
        }}
      >
        Payout addresses
      </legend>
      <Typography.Paragraph id={PAYOUT_HELP_ID} type="secondary" style={{ marginBottom: 8 }}>
        Give an address for at least one network. Payouts are sent in USDT to the address of the
        network you choose when you ask for one.
      </Typography.Paragraph>
      {missing && (
        <div
          id={PAYOUT_ERROR_ID}
          role="alert"
          style={{ color: token.colorError, marginBottom: token.marginSM }}
        >
          {missing}
        </div>
      )}
      {NETWORKS.map((network) => (
        <Form.Item
          key={network}
          name={['payoutAddresses', network]}
          label={NETWORK_NAMES[network]}
          rules={[shapeRule(network)]}
        >
          <TextInput
            placeholder={PLACEHOLDERS[network]}
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            status={missing ? 'error' : undefined}
            style={{ fontFamily: token.fontFamilyCode }}
          />
        </Form.Item>
      ))}
    </fieldset>
  );
}
