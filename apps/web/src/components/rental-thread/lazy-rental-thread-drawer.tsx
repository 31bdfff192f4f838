import { Suspense, lazy, useState } from 'react';
import type { RentalThreadDrawerProps } from './rental-thread-drawer';

const RentalThreadDrawer = lazy(() =>
  import('./rental-thread-drawer').then((module) => ({ default: module.RentalThreadDrawer })),
);

/**
 * The messages drawer, its code (the thread, the composer, the Markdown renderer) downloaded the
 * first time a thread opens rather than with the rentals list; once opened it stays mounted so
 * closing keeps its animation (the deposit dialog's pattern).
 */
export function LazyRentalThreadDrawer(props: RentalThreadDrawerProps) {
  const [requested, setRequested] = useState(props.rentalId !== null);
  if (props.rentalId !== null && !requested) setRequested(true);
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <RentalThreadDrawer {...props} />
    </Suspense>
  );
}
