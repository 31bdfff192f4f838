import { Button, Flex, InputNumber } from 'antd';
import { MAX_RENTAL_HOURS } from '@crimsonhost/shared/rentals';

/** The durations most renters pick, one click away. */
export const QUICK_HOURS = [1, 2, 6, 12, 24] as const;

export interface HoursPickerProps {
  id: string;
  /** Whole hours, or null while the field is empty. */
  value: number | null;
  onChange: (hours: number | null) => void;
  disabled?: boolean;
}

/** 1 to 720 whole hours: a number field and the quick picks beside it. */
export function HoursPicker({ id, value, onChange, disabled }: HoursPickerProps) {
  return (
    <Flex vertical gap={8}>
      <InputNumber
        id={id}
        min={1}
        max={MAX_RENTAL_HOURS}
        precision={0}
        step={1}
        value={value}
        disabled={disabled}
        onChange={(next) => onChange(typeof next === 'number' ? next : null)}
        suffix="hours"
        style={{ width: '100%', maxWidth: 200 }}
      />
      <Flex gap={6} wrap role="group" aria-label="Quick picks, in hours">
        {QUICK_HOURS.map((hours) => (
          <Button
            key={hours}
            size="small"
            disabled={disabled}
            type={value === hours ? 'primary' : 'default'}
            aria-pressed={value === hours}
            onClick={() => onChange(hours)}
          >
            {hours} h
          </Button>
        ))}
      </Flex>
    </Flex>
  );
}
