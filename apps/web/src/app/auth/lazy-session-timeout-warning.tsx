import { Suspense, lazy, useState, type ComponentProps } from 'react';

// Ant Design's Modal is about 8 KB brotli and the idle warning is the entry's only dialog: it loads
// when the warning first opens (decision 020), then stays mounted so it can animate closed.
const SessionTimeoutWarningChunk = lazy(() =>
  import('./session-timeout-warning').then((module) => ({
    default: module.SessionTimeoutWarning,
  })),
);

export function SessionTimeoutWarning(props: ComponentProps<typeof SessionTimeoutWarningChunk>) {
  const [opened, setOpened] = useState(props.open);
  if (props.open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <SessionTimeoutWarningChunk {...props} />
    </Suspense>
  );
}
