import { useId, useState } from 'react';
import { Flex, InputNumber, Typography } from 'antd';
import type { PriceUnit } from '@crimsonhost/shared/catalog';
import { formatUsdt, parseUsdt } from '@crimsonhost/shared/money';

const MAX_UNITS = 720;

/** The price of a number of hours (or the listing's unit), computed exactly on micro-USDT. */
export function estimateCost(price: string, units: number): string {
  return formatUsdt(parseUsdt(price) * BigInt(units));
}

/** 'How long?' and what it costs at this server's price. */
export function CostEstimate({ price, unit }: { price: string; unit: PriceUnit }) {
  const [units, setUnits] = useState(1);
  const inputId = useId();
  return (
    <Flex vertical gap={8}>
      <label htmlFor={inputId}>
        <Typography.Text strong>Estimate the cost</Typography.Text>
      </label>
      <Flex align="center" gap={12} wrap>
        <InputNumber
          id={inputId}
          min={1}
          max={MAX_UNITS}
          precision={0}
          value={units}
          onChange={(value) => setUnits(value ?? 1)}
          suffix={`${unit}s`}
          style={{ width: 140 }}
        />
        <Typography.Text aria-live="polite">
          = <Typography.Text strong>{estimateCost(price, units)} USDT</Typography.Text> for {units}{' '}
          {units === 1 ? unit : `${unit}s`}
        </Typography.Text>
      </Flex>
    </Flex>
  );
}
