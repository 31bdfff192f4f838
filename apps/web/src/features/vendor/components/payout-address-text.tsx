import { Typography, theme } from 'antd';

/** A chain address: in the code font, broken anywhere on a narrow screen, with a copy button. */
export function PayoutAddressText({ address }: { address: string }) {
  const { token } = theme.useToken();
  return (
    <Typography.Text
      copyable={{ text: address, tooltips: ['Copy address', 'Copied'] }}
      style={{ fontFamily: token.fontFamilyCode, overflowWrap: 'anywhere' }}
    >
      {address}
    </Typography.Text>
  );
}
