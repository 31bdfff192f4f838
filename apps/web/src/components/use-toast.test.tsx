import { act, render, screen } from '@testing-library/react';
import { Button } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from './toast-provider';
import { useToast } from './use-toast';

function SaveButton() {
  const toast = useToast();
  return <Button onClick={() => toast('success', 'Settings saved')}>Save</Button>;
}

describe('useToast', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows a toast for 5 seconds', async () => {
    vi.useFakeTimers();
    render(
      <ToastProvider>
        <SaveButton />
      </ToastProvider>,
    );

    act(() => {
      screen.getByRole('button', { name: 'Save' }).click();
    });
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(screen.getByText('Settings saved')).toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(4800));
    expect(screen.getByText('Settings saved')).toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(1500));
    expect(screen.queryByText('Settings saved')).not.toBeInTheDocument();
  });
});
