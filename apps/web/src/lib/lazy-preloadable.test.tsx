import { Suspense } from 'react';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LOAD_AGAIN_AFTER_MS } from './load-again';
import { lazyPreloadable, preloadableOf } from './lazy-preloadable';

function Greeting({ name }: { name: string }) {
  return <p>Hello, {name}</p>;
}

const inSuspense = (node: React.ReactNode) => (
  <Suspense fallback={<p>Loading...</p>}>{node}</Suspense>
);

describe('lazyPreloadable', () => {
  it('renders in place, without a fallback, once preloaded', async () => {
    const load = vi.fn(() => Promise.resolve(Greeting));
    const Page = lazyPreloadable(load);
    await Page.preload();
    render(inSuspense(<Page name="Ada" />));
    expect(screen.getByText('Hello, Ada')).toBeInTheDocument();
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('suspends like React.lazy when not preloaded, and loads its module once', async () => {
    const load = vi.fn(() => Promise.resolve(Greeting));
    const Page = lazyPreloadable(load);
    render(inSuspense(<Page name="Grace" />));
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(await screen.findByText('Hello, Grace')).toBeInTheDocument();
    await Page.preload();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries once more after a pause before it says the download failed', async () => {
    vi.useFakeTimers();
    try {
      const load = vi
        .fn<() => Promise<typeof Greeting>>()
        .mockRejectedValueOnce(new Error('Failed to fetch dynamically imported module'))
        .mockResolvedValueOnce(Greeting);
      const Page = lazyPreloadable(load);
      let settled = false;
      const preloading = Page.preload().then(() => (settled = true));
      await vi.advanceTimersByTimeAsync(LOAD_AGAIN_AFTER_MS - 1);
      // A page being left is gone before the pause ends: nothing has failed or loaded yet.
      expect(settled).toBe(false);
      expect(load).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(1);
      await preloading;
      expect(load).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('says the download failed when the second try fails too, and tries again when asked', async () => {
    vi.useFakeTimers();
    try {
      const load = vi
        .fn<() => Promise<typeof Greeting>>()
        .mockRejectedValueOnce(new Error('Failed to fetch dynamically imported module'))
        .mockRejectedValueOnce(new Error('Failed to fetch dynamically imported module'))
        .mockResolvedValueOnce(Greeting);
      const Page = lazyPreloadable(load);
      const failed = expect(Page.preload()).rejects.toThrow('Failed to fetch');
      await vi.advanceTimersByTimeAsync(LOAD_AGAIN_AFTER_MS);
      await failed;
      expect(load).toHaveBeenCalledTimes(2);
      await act(() => Page.preload());
      render(inSuspense(<Page name="Linus" />));
      expect(screen.getByText('Hello, Linus')).toBeInTheDocument();
      expect(load).toHaveBeenCalledTimes(3);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('preloadableOf', () => {
  it("finds a route element's preloadable component, and nothing in other elements", () => {
    const Page = lazyPreloadable(() => Promise.resolve(Greeting));
    expect(preloadableOf(<Page name="x" />)).toBe(Page);
    expect(preloadableOf(<Greeting name="x" />)).toBeNull();
    expect(preloadableOf(<div />)).toBeNull();
    expect(preloadableOf(undefined)).toBeNull();
  });
});
