import { Description, Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { useState } from 'react';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { TextField } from '@/components/ui/TextField';
import { refundViewOf, type AdminOrderRow } from '@domain/orders/admin-orders';
import { italianDay } from '@domain/italian-time';
import { formatEuros, readTypedEuros } from '@domain/money';
import { refundableEuros } from '@domain/payments/payment-status';
import { UserFacingError } from '@/lib/api/functions-client';
import { useRefundPayment } from './api/admin-orders-queries';
import { transferErrorMessage } from './TransferDialog';

/** Props of {@link RefundDialog}. */
export interface RefundDialogProps {
  /** The payment to refund; null when the dialog is closed. */
  row: AdminOrderRow | null;
  onClose: () => void;
}

/** The euros as the field shows them: '180,00'. */
const typed = (euros: number) => euros.toFixed(2).replace('.', ',');

/**
 * The Italian sentence for a failed refund: when the answer says nothing
 * is known yet (Stripe did not answer: 504; or no answer reached the
 * browser), that pressing again retries it safely; otherwise the
 * function's reason, nothing changed (transferErrorMessage).
 */
export function refundErrorMessage(error: unknown): string {
  if (error instanceof UserFacingError && error.status === 504) return error.message;
  if (error instanceof UserFacingError && (error.status === 0 || (error.status >= 500 && error.status !== 503))) {
    return 'Nessuna risposta dal servizio: il rimborso potrebbe essere partito o no. Premi di nuovo «Rimborsa» per riprovare: non sarà fatto due volte.';
  }
  return transferErrorMessage(error);
}

/**
 * 'Rimborsa' (docs/admin-orders.md, "Rimborsa"): the amount (what is left
 * to refund, less for a partial refund) and, for a Bonifico, the day the
 * group's transfer left ('Rimborso con bonifico'). One idempotency key per
 * opening of the dialog, kept until the server says the request was
 * refused (422: a new key may ask again): a second tap, or a retry after
 * Stripe or the network did not answer, refunds once. A card refund still
 * waiting for Stripe (`refundPending`) is offered again with its own key
 * and amount. A card refund shows in the row once Stripe reports it.
 */
export function RefundDialog({ row, onClose }: RefundDialogProps) {
  return (
    <Dialog open={row !== null} onClose={onClose} className="relative z-50">
      <div className="fixed inset-0 bg-black/30" aria-hidden="true" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        {/* Keyed by the payment: each opening starts with its own amount and idempotency key. */}
        {row && <RefundForm key={row.paymentId} row={row} onClose={onClose} />}
      </div>
    </Dialog>
  );
}

function RefundForm({ row, onClose }: { row: AdminOrderRow; onClose: () => void }) {
  const mutation = useRefundPayment();
  const pending = row.refundPending;
  const left = refundableEuros(refundViewOf(row));
  const byTransfer = row.method === 'Bonifico';
  const [amount, setAmount] = useState(typed(pending?.amountEuros ?? left));
  const [transferDate, setTransferDate] = useState(italianDay(new Date()));
  const [idempotencyKey, setIdempotencyKey] = useState(() => pending?.key ?? crypto.randomUUID());
  const [problem, setProblem] = useState<string | null>(null);

  const close = () => {
    if (!mutation.isPending) onClose();
  };
  const run = () => {
    const euros = pending ? pending.amountEuros : readTypedEuros(amount);
    if (euros === null || euros <= 0) return setProblem('Scrivi un importo in euro, es. 50,00.');
    if (!pending && euros > left) return setProblem(`Si possono rimborsare al massimo ${formatEuros(left)}.`);
    if (byTransfer && !transferDate) return setProblem('Indica la data del bonifico di rimborso.');
    setProblem(null);
    mutation.mutate(
      { paymentId: row.paymentId, amountEuros: euros, idempotencyKey, ...(byTransfer ? { transferDate } : {}) },
      {
        onSuccess: onClose,
        // Only a refusal frees the request: a new key may then ask again. Without an answer the same key retries it, never twice.
        onError: (error) => {
          if (error instanceof UserFacingError && error.status === 422) setIdempotencyKey(crypto.randomUUID());
        },
      },
    );
  };

  return (
    <DialogPanel className="w-full max-w-md space-y-4 rounded-xl bg-white p-6 shadow-xl">
      <DialogTitle className="text-lg font-bold text-brand-800">{byTransfer ? 'Rimborso con bonifico' : 'Rimborsa con carta'}</DialogTitle>
      <Description className="text-gray-800">
        {byTransfer
          ? `Registra il bonifico con cui il gruppo ha restituito alla famiglia ${row.familySurname} parte o tutto dei ${formatEuros(row.totalAmount)} ricevuti.`
          : `Stripe restituisce l’importo sulla carta della famiglia ${row.familySurname}. Rimborsabili: ${formatEuros(left)}.`}
      </Description>
      {pending && (
        <Alert kind="warning">
          {`Stripe non ha ancora confermato il rimborso di ${formatEuros(pending.amountEuros)}. Premi «Rimborsa» per riprovarlo: non sarà fatto due volte.`}
        </Alert>
      )}
      <TextField
        label="Importo da rimborsare (€)"
        inputMode="decimal"
        value={amount}
        readOnly={pending !== null}
        error={problem ?? undefined}
        onChange={(event) => setAmount(event.target.value)}
      />
      {byTransfer && (
        <TextField label="Data del bonifico" type="date" value={transferDate} onChange={(event) => setTransferDate(event.target.value)} />
      )}
      {mutation.isError && <Alert kind="error">{refundErrorMessage(mutation.error)}</Alert>}
      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="secondary" className="min-h-11" onClick={close} disabled={mutation.isPending}>
          Indietro
        </Button>
        <Button className="min-h-11" onClick={run} loading={mutation.isPending}>
          Rimborsa
        </Button>
      </div>
    </DialogPanel>
  );
}
