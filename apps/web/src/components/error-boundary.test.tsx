import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reloadPage } from '../lib/page-reload';
import { MODULE_RELOAD_STORAGE_KEY } from '../lib/storage';
import { ErrorBoundary } from './error-boundary';

vi.mock('../lib/page-reload', () => ({ reloadPage: vi.fn() }));

function Thrower({ error }: { error: Error }): never {
  throw error;
}

const moduleLoadError = () =>
  new TypeError(
    'Failed to fetch dynamically imported module: https://crimsonhost.test/assets/home-page-1a2b3c.js',
  );

function renderWithError(error: Error) {
  return render(
    <ErrorBoundary>
      <Thrower error={error} />
    </ErrorBoundary>,
  );
}

describe('ErrorBoundary', () => {
  beforeEach(() => {
    // React reports every caught render error on the console; these errors are the point here.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('renders its children while nothing fails', () => {
    render(
      <ErrorBoundary>
        <p>Server list</p>
      </ErrorBoundary>,
    );
    expect(screen.getByText('Server list')).toBeInTheDocument();
  });

  it('shows Something went wrong and reloads when Refresh Page is pressed', async () => {
    renderWithError(new Error('Cannot read properties of undefined'));

    expect(screen.getByText('Something went wrong')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Refresh Page' }));
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it('does not reload by itself after an ordinary error', () => {
    vi.useFakeTimers();
    renderWithError(new Error('Cannot read properties of undefined'));
    vi.advanceTimersByTime(5000);
    expect(reloadPage).not.toHaveBeenCalled();
  });

  it('reloads once, 1 second after a module load error', () => {
    vi.useFakeTimers();
    renderWithError(moduleLoadError());

    expect(screen.getByText('Something went wrong')).toBeInTheDocument();
    vi.advanceTimersByTime(999);
    expect(reloadPage).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(reloadPage).toHaveBeenCalledTimes(1);
    expect(window.sessionStorage.getItem(MODULE_RELOAD_STORAGE_KEY)).not.toBeNull();
  });

  it('does not reload a second time when the module still fails after the reload', () => {
    vi.useFakeTimers();
    const first = renderWithError(moduleLoadError());
    vi.advanceTimersByTime(1000);
    expect(reloadPage).toHaveBeenCalledTimes(1);
    first.unmount();

    // The reloaded page (same tab session) fails to load the module again.
    vi.advanceTimersByTime(2000);
    renderWithError(moduleLoadError());
    vi.advanceTimersByTime(10_000);

    expect(reloadPage).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Refresh Page' })).toBeInTheDocument();
  });

  it('treats a ChunkLoadError like a module load error', () => {
    vi.useFakeTimers();
    const chunkError = new Error('Loading chunk 42 failed.');
    chunkError.name = 'ChunkLoadError';
    renderWithError(chunkError);
    vi.advanceTimersByTime(1000);
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it('cancels the pending reload when it is unmounted', () => {
    vi.useFakeTimers();
    const view = renderWithError(moduleLoadError());
    view.unmount();
    vi.advanceTimersByTime(1000);
    expect(reloadPage).not.toHaveBeenCalled();
  });
});
