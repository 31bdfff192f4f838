import { Component, type ReactNode } from 'react';
import { Button } from 'antd';
import { reloadPage } from '../lib/page-reload';
import { readModuleReloadAt, storeModuleReloadAt } from '../lib/storage';
import { LazyResult } from './lazy-result';
import { isModuleLoadError } from './module-load-error';

/** Spec: after a module load error the page reloads once, 1 second later. */
const MODULE_RELOAD_DELAY_MS = 1000;
/** A second module load error within this time of the automatic reload is left to the visitor. */
const MODULE_RELOAD_GUARD_MS = 60_000;

interface ErrorBoundaryProps {
  children: ReactNode;
}

interface ErrorBoundaryState {
  error: Error | null;
  reloading: boolean;
}

function mayReloadAutomatically(now: number): boolean {
  const lastReloadAt = readModuleReloadAt();
  return lastReloadAt === null || now - lastReloadAt > MODULE_RELOAD_GUARD_MS;
}

/**
 * Catches render errors below it and offers a refresh. A failed lazy import (usually a new
 * deploy) reloads the page once by itself; session storage keeps that from becoming a loop.
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: null, reloading: false };

  private reloadTimer: ReturnType<typeof setTimeout> | undefined;

  static getDerivedStateFromError(error: Error): Partial<ErrorBoundaryState> {
    return { error };
  }

  override componentDidCatch(error: Error): void {
    const now = Date.now();
    if (!isModuleLoadError(error) || !mayReloadAutomatically(now)) return;
    storeModuleReloadAt(now);
    this.setState({ reloading: true });
    this.reloadTimer = setTimeout(reloadPage, MODULE_RELOAD_DELAY_MS);
  }

  override componentWillUnmount(): void {
    clearTimeout(this.reloadTimer);
  }

  override render(): ReactNode {
    const { error, reloading } = this.state;
    if (!error) return this.props.children;
    return (
      <LazyResult
        status="error"
        title="Something went wrong"
        subTitle={
          reloading
            ? 'A newer version of CrimsonHost is available. Reloading the page...'
            : 'An unexpected error stopped this page. Refreshing usually fixes it.'
        }
        extra={
          <Button type="primary" onClick={reloadPage}>
            Refresh Page
          </Button>
        }
      />
    );
  }
}
