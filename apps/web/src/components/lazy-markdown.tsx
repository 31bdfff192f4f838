import { Suspense, lazy } from 'react';
import { LoadBoundary } from './load-boundary';

const Markdown = lazy(() => import('./markdown').then((module) => ({ default: module.Markdown })));

/**
 * Markdown (`markdown.tsx`: no raw HTML, safe links) on a page whose first visit is counted: the
 * renderer (about 31 KB brotli) loads with the first text that needs it, and until it arrives, or
 * if it cannot, the text is shown as written with its line breaks.
 */
export function LazyMarkdown({ children }: { children: string }) {
  const plain = <div style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{children}</div>;
  return (
    <LoadBoundary fallback={plain}>
      <Suspense fallback={plain}>
        <Markdown>{children}</Markdown>
      </Suspense>
    </LoadBoundary>
  );
}
