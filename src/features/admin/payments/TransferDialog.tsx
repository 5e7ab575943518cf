import { Description, Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { formatEuros } from '@domain/money';
import { describeError } from '@/lib/errors';
import { useTransferConfirmation } from './api/admin-orders-queries';
import type { TransferRequest } from './OrderRows';

/** The Italian sentence for a failed confirmation (the function's message, through describeError). */
export function transferErrorMessage(error: unknown): string {
  return `Operazione non riuscita: nulla è stato modificato. ${describeError(error)}`;
}

/** Props of {@link TransferDialog}. */
export interface TransferDialogProps {
  /** The row and action asked for; null when the dialog is closed. */
  request: TransferRequest | null;
  onClose: () => void;
}

/**
 * The confirmation step before a Bonifico's status changes
 * (docs/admin-orders.md, "Confirming a transfer"). Confirm: 'Confermi di
 * aver ricevuto il bonifico di {€} della famiglia {surname}?' with
 * 'Conferma' and 'Annulla'. Undo: 'Annullare la conferma…?' with 'Annulla
 * conferma' and 'Indietro'. The write runs on the first button
 * (useTransferConfirmation); the dialog closes once the list is read again,
 * or stays open with an Italian error when the write fails (nothing on
 * screen changes).
 */
export function TransferDialog({ request, onClose }: TransferDialogProps) {
  const mutation = useTransferConfirmation();
  const close = () => {
    if (mutation.isPending) return;
    mutation.reset();
    onClose();
  };
  const run = () => {
    if (!request) return;
    mutation.mutate(
      { paymentId: request.row.paymentId, action: request.action === 'confirm' ? 'confirm' : 'unconfirm' },
      {
        onSuccess: () => {
          mutation.reset();
          onClose();
        },
      },
    );
  };
  const confirm = request?.action === 'confirm';
  const amount = request ? formatEuros(request.row.totalAmount) : '';
  const surname = request?.row.familySurname ?? '';

  return (
    <Dialog open={request !== null} onClose={close} className="relative z-50">
      <div className="fixed inset-0 bg-black/30" aria-hidden="true" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel className="w-full max-w-md space-y-4 rounded-xl bg-white p-6 shadow-xl">
          <DialogTitle className="text-lg font-bold text-brand-800">{confirm ? 'Conferma bonifico' : 'Annulla conferma'}</DialogTitle>
          <Description className="text-gray-800">
            {confirm
              ? `Confermi di aver ricevuto il bonifico di ${amount} della famiglia ${surname}?`
              : `Annullare la conferma del bonifico di ${amount} della famiglia ${surname}? L’ordine tornerà Da Verificare.`}
          </Description>
          {mutation.isError && <Alert kind="error">{transferErrorMessage(mutation.error)}</Alert>}
          <div className="flex flex-wrap justify-end gap-3">
            <Button variant="secondary" className="min-h-11" onClick={close} disabled={mutation.isPending}>
              {confirm ? 'Annulla' : 'Indietro'}
            </Button>
            <Button className="min-h-11" onClick={run} loading={mutation.isPending}>
              {confirm ? 'Conferma' : 'Annulla conferma'}
            </Button>
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
