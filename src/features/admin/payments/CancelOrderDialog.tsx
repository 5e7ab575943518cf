import { Description, Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { useState } from 'react';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { formatEuros } from '@domain/money';
import type { AdminOrderRow } from '@domain/orders/admin-orders';
import { useCancelOrder } from './api/admin-orders-queries';
import { transferErrorMessage } from './TransferDialog';

/** Props of {@link CancelOrderDialog}. */
export interface CancelOrderDialogProps {
  /** The Bonifico to cancel; null when the dialog is closed. */
  row: AdminOrderRow | null;
  onClose: () => void;
}

/**
 * 'Annulla ordine' (docs/admin-orders.md, "Annulla ordine"): the reason
 * (required, 3 characters at least) and 'Avvisa la famiglia' (off: the
 * family gets no e-mail). 'Annulla ordine' writes through useCancelOrder;
 * the dialog closes once the list is read again, or stays open with the
 * Italian error and nothing changed.
 */
export function CancelOrderDialog({ row, onClose }: CancelOrderDialogProps) {
  const mutation = useCancelOrder();
  const [reason, setReason] = useState('');
  const [notifyFamily, setNotifyFamily] = useState(false);
  const [missingReason, setMissingReason] = useState(false);
  const close = () => {
    if (mutation.isPending) return;
    mutation.reset();
    setReason('');
    setNotifyFamily(false);
    setMissingReason(false);
    onClose();
  };
  const run = () => {
    if (!row) return;
    if (reason.trim().length < 3) return setMissingReason(true);
    setMissingReason(false);
    mutation.mutate({ paymentId: row.paymentId, reason: reason.trim(), notifyFamily }, { onSuccess: close });
  };

  return (
    <Dialog open={row !== null} onClose={close} className="relative z-50">
      <div className="fixed inset-0 bg-black/30" aria-hidden="true" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel className="w-full max-w-md space-y-4 rounded-xl bg-white p-6 shadow-xl">
          <DialogTitle className="text-lg font-bold text-brand-800">Annulla ordine</DialogTitle>
          <Description className="text-gray-800">
            {row &&
              `Annullare l’ordine di ${formatEuros(row.totalAmount)} della famiglia ${row.familySurname} da pagare con bonifico? I prodotti tornano liberi: la famiglia potrà ordinarli di nuovo.`}
          </Description>
          <div className="space-y-1">
            <label htmlFor="cancel-reason" className="block text-sm font-semibold">
              Motivo
            </label>
            <textarea
              id="cancel-reason"
              rows={2}
              maxLength={300}
              value={reason}
              aria-invalid={missingReason}
              aria-describedby={missingReason ? 'cancel-reason-error' : undefined}
              onChange={(event) => setReason(event.target.value)}
              className="w-full rounded-lg border border-gray-300 p-2"
            />
            {missingReason && (
              <p id="cancel-reason-error" className="text-sm text-red-700">
                Scrivi il motivo dell’annullamento.
              </p>
            )}
          </div>
          <label className="flex min-h-11 items-center gap-2">
            <input type="checkbox" checked={notifyFamily} onChange={(event) => setNotifyFamily(event.target.checked)} className="size-5" />
            Avvisa la famiglia
          </label>
          {mutation.isError && <Alert kind="error">{transferErrorMessage(mutation.error)}</Alert>}
          <div className="flex flex-wrap justify-end gap-3">
            <Button variant="secondary" className="min-h-11" onClick={close} disabled={mutation.isPending}>
              Indietro
            </Button>
            <Button className="min-h-11" onClick={run} loading={mutation.isPending}>
              Annulla ordine
            </Button>
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
