import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { HoursPicker, hoursOf } from './hours-picker';

function Picker({ start = 2 }: { start?: number | null }) {
  const [hours, setHours] = useState<number | null>(start);
  return (
    <>
      <label htmlFor="hours">How many hours?</label>
      <HoursPicker id="hours" value={hours} onChange={setHours} />
      <output>{hours === null ? 'no choice' : `${hours} chosen`}</output>
    </>
  );
}

describe('the hours picker', () => {
  it('reads whole hours from 1 to 720 only', () => {
    expect(hoursOf('1')).toBe(1);
    expect(hoursOf(' 720 ')).toBe(720);
    expect(hoursOf('0')).toBeNull();
    expect(hoursOf('721')).toBeNull();
    expect(hoursOf('1.5')).toBeNull();
    expect(hoursOf('')).toBeNull();
  });

  it('keeps what was typed and marks it wrong while it is no choice', async () => {
    const user = userEvent.setup();
    render(<Picker />);
    const field = screen.getByRole('spinbutton', { name: 'How many hours?' });
    expect(field).toHaveValue(2);

    await user.clear(field);
    await user.type(field, '0');
    expect(field).toHaveValue(0);
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('no choice');

    await user.type(field, '36');
    expect(field).toHaveValue(36);
    expect(field).not.toHaveAttribute('aria-invalid');
    expect(screen.getByRole('status')).toHaveTextContent('36 chosen');
  });

  it('shows a quick pick in the box and presses its button', async () => {
    const user = userEvent.setup();
    render(<Picker start={null} />);
    await user.click(screen.getByRole('button', { name: '12 h' }));
    expect(screen.getByRole('spinbutton', { name: 'How many hours?' })).toHaveValue(12);
    expect(screen.getByRole('button', { name: '12 h' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('12 chosen');
  });
});
