import { lazy, type ComponentType, type ReactElement } from 'react';
import { loadAgainOnFailure } from './load-again';

export interface PreloadableComponent<P extends object> {
  (props: P): ReactElement;
  /** Loads the component's module; once it has, the component renders without suspending. */
  preload: () => Promise<void>;
}

/**
 * `React.lazy` that can be loaded ahead of its first render. A lazy component always suspends on
 * its first render, even when its module is already in memory, and its Suspense fallback would
 * replace the page the build prerendered (decision 060) with a spinner for a frame: once
 * `preload()` has resolved, this renders the loaded component directly.
 */
export function lazyPreloadable<P extends object>(
  load: () => Promise<ComponentType<P>>,
): PreloadableComponent<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const loadOnce = () => {
    loading ??= loadAgainOnFailure(load).then(
      (component) => (loaded = component),
      (error: unknown) => {
        // A failed download may pass on the next try (the error boundary offers one).
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const Lazy = lazy(() => loadOnce().then((component) => ({ default: component })));
  function Preloadable(props: P) {
    const Component = loaded ?? Lazy;
    return <Component {...props} />;
  }
  Preloadable.preload = () => loadOnce().then(() => undefined);
  return Preloadable;
}

/** Whether a route's element is a component that can be loaded ahead. */
export function preloadableOf(element: unknown): PreloadableComponent<object> | null {
  if (typeof element !== 'object' || element === null || !('type' in element)) return null;
  const { type } = element;
  return typeof type === 'function' && 'preload' in type
    ? (type as PreloadableComponent<object>)
    : null;
}
