import { Component, type ReactNode } from 'react';

/**
 * Shows `fallback` instead of its children once they fail: a lazy part of a page that could not
 * load (offline after a deploy, say) gives way to a plainer version of itself, and the page stays.
 */
export class LoadBoundary extends Component<
  { fallback: ReactNode; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
