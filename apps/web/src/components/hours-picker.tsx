import { useState } from 'react';
import { Button, Flex } from 'antd';
import { MAX_RENTAL_HOURS } from '@crimsonhost/shared/constants';
import { NumberField } from './native-field';

/** The durations most renters pick, one click away. */
export const QUICK_HOURS = [1, 2, 6, 12, 24] as const;

export interface HoursPickerProps {
  id: string;
  /** Whole hours, or null while the field is empty. */
  value: number | null;
  onChange: (hours: number | null) => void;
  disabled?: boolean;
}

/** Whole hours from 1 to 720 in `text`, or null (empty, a fraction, out of range). */
export function hoursOf(text: string): number | null {
  if (!/^\d{1,4}$/.test(text.trim())) return null;
  const hours = Number(text.trim());
  return hours >= 1 && hours <= MAX_RENTAL_HOURS ? hours : null;
}

/**
 * 1 to 720 whole hours: a number field and the quick picks beside it. The field keeps what was
 * typed; anything but a whole number in range is no choice (null), and the box says so.
 */
export function HoursPicker({ id, value, onChange, disabled }: HoursPickerProps) {
  const [text, setText] = useState(value === null ? '' : String(value));
  // A quick pick, or the owner's reset, shows in the box; what was typed stays while it is valid.
  const shown = hoursOf(text) === value ? text : value === null ? text : String(value);
  const invalid = shown.trim() !== '' && hoursOf(shown) === null;
  return (
    <Flex vertical gap={8}>
      <NumberField
        id={id}
        min={1}
        max={MAX_RENTAL_HOURS}
        step={1}
        inputMode="numeric"
        value={shown}
        disabled={disabled}
        invalid={invalid}
        onChange={(next) => {
          setText(next);
          onChange(hoursOf(next));
        }}
        suffix="hours"
        style={{ maxWidth: 200 }}
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
