import { Suspense, lazy, useState } from 'react';
import type { DepositDialogProps } from './deposit-dialog';

const DepositDialog = lazy(() =>
  import('./deposit-dialog').then((module) => ({ default: module.DepositDialog })),
);

/**
 * The deposit dialog, its code (steps, forms, QR code) downloaded the first time it opens rather
 * than with the page that offers it (about 30 KB with brotli, a tenth of a page's first visit).
 * Nothing shows during the fraction of a second it takes to arrive, so the dialog appears once,
 * whole, with its first field focused; once opened it stays mounted so closing keeps its animation.
 */
export function LazyDepositDialog(props: DepositDialogProps) {
  const [requested, setRequested] = useState(props.open);
  if (props.open && !requested) setRequested(true);
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <DepositDialog {...props} />
    </Suspense>
  );
}
