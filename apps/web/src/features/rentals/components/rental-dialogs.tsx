import { createContext, useCallback, useContext, useState, type ReactNode } from 'react';
import type { RentalView } from '../../../lib/rentals/get-rentals';
import { CancelRentalDialog } from './cancel-rental-dialog';
import { DisputeRentalDialog } from './dispute-rental-dialog';
import { ExtendRentalDialog } from './extend-rental-dialog';

type DialogKind = 'extend' | 'cancel' | 'dispute';
type OpenDialog = (kind: DialogKind, rental: RentalView) => void;

const RentalDialogsContext = createContext<OpenDialog | null>(null);

/**
 * The Extend, Cancel and Dispute dialogs of the rentals page, one of each for the whole list: they stay
 * open while the list refreshes or switches between table and cards, and show the rental as it
 * is now.
 */
export function RentalDialogs({
  rentals,
  children,
}: {
  rentals: RentalView[];
  children: ReactNode;
}) {
  const [dialog, setDialog] = useState<{
    kind: DialogKind;
    rental: RentalView;
    open: boolean;
  } | null>(null);
  const open = useCallback<OpenDialog>(
    (kind, rental) => setDialog({ kind, rental, open: true }),
    [],
  );
  const close = () => setDialog((current) => current && { ...current, open: false });
  const rental = dialog && (rentals.find((item) => item.id === dialog.rental.id) ?? dialog.rental);

  return (
    <RentalDialogsContext value={open}>
      {children}
      {dialog && rental && (
        <>
          <ExtendRentalDialog
            key={`extend-${rental.id}`}
            rental={rental}
            open={dialog.open && dialog.kind === 'extend'}
            onClose={close}
          />
          <CancelRentalDialog
            key={`cancel-${rental.id}`}
            rental={rental}
            open={dialog.open && dialog.kind === 'cancel'}
            onClose={close}
          />
          <DisputeRentalDialog
            key={`dispute-${rental.id}`}
            rental={rental}
            open={dialog.open && dialog.kind === 'dispute'}
            onClose={close}
          />
        </>
      )}
    </RentalDialogsContext>
  );
}

/** Opens the page's Extend, Cancel or Dispute dialog for a rental. */
export function useRentalDialogs(): OpenDialog {
  const open = useContext(RentalDialogsContext);
  if (!open) throw new Error('useRentalDialogs must be used within RentalDialogs');
  return open;
}
