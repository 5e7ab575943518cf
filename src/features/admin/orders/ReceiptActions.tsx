import { useState } from 'react';
import { CLIENT_MESSAGES, UserFacingError } from '@/lib/api/functions-client';
import { downloadReceipt, resendReceipt } from '../api/receipts';

/** What the admin last did with the row's receipt, as the row says it. */
type Outcome = { kind: 'sent'; to: string[] } | { kind: 'error'; message: string } | null;

const BUTTON = 'min-h-11 rounded-lg px-3 text-sm font-semibold whitespace-nowrap text-brand-700 ring-1 ring-brand-600/40 hover:bg-brand-50';

/**
 * A confirmed payment's receipt on its row (docs/admin.md, "Receipts"):
 * 'Ricevuta n. {number}', 'Ricevuta' (the PDF) and 'Invia di nuovo' (to the
 * family's parents, audited); then 'Inviata a …' or the error in Italian.
 * Nothing for a payment without a receipt.
 */
export function ReceiptActions({ paymentId, receiptNumber }: { paymentId: string; receiptNumber: string | null }) {
  const [busy, setBusy] = useState<'download' | 'resend' | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  if (!receiptNumber) return null;

  const run = async (action: 'download' | 'resend') => {
    setBusy(action);
    setOutcome(null);
    try {
      if (action === 'download') await downloadReceipt(paymentId, receiptNumber);
      else setOutcome({ kind: 'sent', to: await resendReceipt(paymentId) });
    } catch (error) {
      setOutcome({ kind: 'error', message: error instanceof UserFacingError ? error.message : CLIENT_MESSAGES.unexpected });
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="mt-1 flex flex-wrap items-center justify-end gap-2">
      <span className="text-sm text-gray-600">Ricevuta n. {receiptNumber}</span>
      <button
        type="button"
        className={BUTTON}
        disabled={busy !== null}
        aria-label={`Scarica la ricevuta n. ${receiptNumber}`}
        onClick={() => void run('download')}
      >
        {busy === 'download' ? 'Scarico…' : 'Ricevuta'}
      </button>
      <button type="button" className={BUTTON} disabled={busy !== null} onClick={() => void run('resend')}>
        {busy === 'resend' ? 'Invio…' : 'Invia di nuovo'}
      </button>
      {outcome && (
        <p
          role={outcome.kind === 'error' ? 'alert' : 'status'}
          className={`w-full text-right text-sm ${outcome.kind === 'error' ? 'text-red-700' : 'text-green-800'}`}
        >
          {outcome.kind === 'error' ? outcome.message : `Ricevuta inviata a ${outcome.to.join(', ')}.`}
        </p>
      )}
    </div>
  );
}
