import { Flex, Radio, Tag, Typography, theme } from 'antd';
import { ExperimentOutlined } from '@ant-design/icons';
import type { Network } from '@crimsonhost/shared/constants';
import type { DepositNetwork } from '@crimsonhost/shared/wallet';
import { readableColor } from '../../lib/readable-color';

export const DEMO_NETWORK_LABEL = 'Demo network';

/** '0.50' -> '0.5%', '1.00' -> '1%'. */
export function formatFeePercent(fee: string): string {
  const trimmed = fee.includes('.') ? fee.replace(/\.?0+$/, '') : fee;
  return `${trimmed || '0'}%`;
}

export interface NetworkChoiceProps {
  networks: DepositNetwork[];
  value?: Network;
  onChange?: (network: Network) => void;
  id?: string;
}

/**
 * The networks as cards: name, fee, processing time and confirmations in the network's colour,
 * darkened or lightened so that it reads on the theme's background. The offline demo chain says so.
 */
export function NetworkChoice({ networks, value, onChange, id }: NetworkChoiceProps) {
  const { token } = theme.useToken();
  return (
    <Radio.Group
      id={id}
      aria-label="Network"
      value={value}
      onChange={(event) => onChange?.(event.target.value as Network)}
      style={{ width: '100%' }}
    >
      <Flex vertical gap={8}>
        {networks.map((network) => {
          const selected = network.id === value;
          // 5:1 against the dialog leaves room for the faint fill a chosen card gets (4 % in
          // dark, 2 % in light), which brings it closer to the ink: it still reads at 4.5:1.
          const ink = readableColor(network.color, token.colorBgElevated, token.colorText, 5);
          return (
            <Radio
              key={network.id}
              value={network.id}
              style={{
                display: 'flex',
                alignItems: 'flex-start',
                width: '100%',
                margin: 0,
                padding: '10px 12px',
                borderRadius: token.borderRadiusLG,
                border: `1px solid ${selected ? ink : token.colorBorder}`,
                borderInlineStart: `6px solid ${network.color}`,
                background: selected ? token.colorFillQuaternary : undefined,
              }}
            >
              <Flex vertical gap={2}>
                <Flex align="center" gap={8} wrap>
                  <Typography.Text strong style={{ color: ink }}>
                    {network.displayName}
                  </Typography.Text>
                  {network.demo && (
                    <Tag icon={<ExperimentOutlined aria-hidden />} style={{ marginInlineEnd: 0 }}>
                      {DEMO_NETWORK_LABEL}
                    </Tag>
                  )}
                </Flex>
                <Typography.Text style={{ color: ink, fontSize: 13 }}>
                  Fee {formatFeePercent(network.fee)} · {network.processingTime} ·{' '}
                  {network.confirmations} confirmations
                </Typography.Text>
              </Flex>
            </Radio>
          );
        })}
      </Flex>
    </Radio.Group>
  );
}
