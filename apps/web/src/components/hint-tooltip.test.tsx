import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { HintTooltip } from './hint-tooltip';
import { PlayerBar } from './player-bar';

function renderSwitch() {
  render(
    <>
      <HintTooltip title="Switch to dark theme">
        <button type="button" aria-label="Switch to dark theme" />
      </HintTooltip>
      <button type="button">Elsewhere</button>
    </>,
  );
  return screen.getByRole('button', { name: 'Switch to dark theme' });
}

const hint = () => screen.queryByText('Switch to dark theme');

describe('the hint under a control', () => {
  it('shows while the pointer is over the control, and Escape hides it', async () => {
    const user = userEvent.setup();
    const control = renderSwitch();
    expect(hint()).toBeNull();
    await user.hover(control);
    expect(hint()).toBeInTheDocument();
    // For eyes only: the control already carries the words as its name.
    expect(hint()).toHaveAttribute('aria-hidden', 'true');
    await user.keyboard('{Escape}');
    expect(hint()).toBeNull();
    await user.unhover(control);
    await user.hover(control);
    expect(hint()).toBeInTheDocument();
    await user.unhover(control);
    expect(hint()).toBeNull();
  });

  it('shows while the keyboard has focused the control', async () => {
    const user = userEvent.setup();
    renderSwitch();
    await user.tab();
    expect(hint()).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(hint()).toBeNull();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Elsewhere' })).toHaveFocus();
    expect(hint()).toBeNull();
  });
});

describe('the hint and a click', () => {
  it('does not stay after a click once the pointer has left', async () => {
    const user = userEvent.setup();
    const control = renderSwitch();
    await user.click(control);
    expect(control).toHaveFocus();
    expect(hint()).toBeInTheDocument();
    await user.unhover(control);
    expect(hint()).toBeNull();
  });
});

describe('the players bar', () => {
  it('is a progress bar of the players against the maximum, named in words', () => {
    render(<PlayerBar current={15} max={20} />);
    const bar = screen.getByRole('progressbar', { name: '15 of 20 players' });
    expect(bar).toHaveAttribute('aria-valuenow', '75');
    expect(bar).toHaveAttribute('aria-valuemin', '0');
    expect(bar).toHaveAttribute('aria-valuemax', '100');
    expect(bar).toHaveAttribute('data-level', 'warning');
    expect(screen.getByText('15 / 20 players')).toBeInTheDocument();
  });
});
