import { Suspense, lazy, useState } from 'react';
import type { PaymentDialogProps } from './payment-dialog';

const PaymentDialog = lazy(() =>
  import('./payment-dialog').then((module) => ({ default: module.PaymentDialog })),
);

/**
 * A waiting deposit's payment step shown again, its code (the step, the QR code) downloaded the
 * first time it opens, as the deposit dialog's is (see LazyDepositDialog).
 */
export function LazyPaymentDialog(props: PaymentDialogProps) {
  const [requested, setRequested] = useState(props.open);
  if (props.open && !requested) setRequested(true);
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <PaymentDialog {...props} />
    </Suspense>
  );
}
