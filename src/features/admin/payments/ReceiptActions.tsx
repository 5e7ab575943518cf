import { useState } from 'react';
import type { RowDocument } from '@domain/orders/admin-orders';
import { CLIENT_MESSAGES, UserFacingError } from '@/lib/api/functions-client';
import { downloadReceipt, resendReceipt } from './api/receipts';

/** What the admin last did with the row's documents, as the row says it. */
type Outcome = { kind: 'sent'; to: string[] } | { kind: 'error'; message: string } | null;

const BUTTON = 'min-h-11 rounded-lg px-3 text-sm font-semibold whitespace-nowrap text-brand-700 ring-1 ring-brand-600/40 hover:bg-brand-50';

/** 'Ricevuta n. {year}/7' or 'Nota di credito n. {year}/3', with '(annullata)' when it is. */
const nameOf = (document: RowDocument) =>
  `${document.kind === 'receipt' ? 'Ricevuta' : 'Nota di credito'} n. ${document.number}${document.annulled ? ' (annullata)' : ''}`;

/** Props of {@link ReceiptActions}. */
export interface ReceiptActionsProps {
  paymentId: string;
  /** The payment's current receipt, null when it has none. */
  receiptNumber: string | null;
  /** Every receipt and credit note of the payment (AdminOrderRow's `documents`); the current receipt alone when absent. */
  documents?: readonly RowDocument[];
}

/**
 * A payment's receipts and credit notes on its row (docs/admin.md,
 * "Receipts" and "Credit notes"): 'Ricevuta n. {number}' (with
 * '(annullata)' once a credit note annulled it), 'Ricevuta' (the PDF) and
 * 'Invia di nuovo' (to the family's parents, with its credit notes,
 * audited); then each credit note and earlier receipt by name, a button
 * that downloads its PDF; then 'Inviata a …' or the error in Italian.
 * Nothing for a payment without a receipt.
 */
export function ReceiptActions({ paymentId, receiptNumber, documents }: ReceiptActionsProps) {
  const [busy, setBusy] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  if (!receiptNumber) return null;
  const current = documents?.find((document) => document.kind === 'receipt' && document.number === receiptNumber);
  const others = (documents ?? []).filter((document) => document !== current);

  const run = async (action: string, work: () => Promise<string[] | void>) => {
    setBusy(action);
    setOutcome(null);
    try {
      const sentTo = await work();
      if (sentTo) setOutcome({ kind: 'sent', to: sentTo });
    } catch (error) {
      setOutcome({ kind: 'error', message: error instanceof UserFacingError ? error.message : CLIENT_MESSAGES.unexpected });
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="mt-1 flex flex-wrap items-center justify-end gap-2">
      <span className="text-sm text-gray-600">{current ? nameOf(current) : `Ricevuta n. ${receiptNumber}`}</span>
      <button
        type="button"
        className={BUTTON}
        disabled={busy !== null}
        aria-label={`Scarica la ricevuta n. ${receiptNumber}`}
        onClick={() => void run('download', () => downloadReceipt(paymentId, receiptNumber))}
      >
        {busy === 'download' ? 'Scarico…' : 'Ricevuta'}
      </button>
      <button type="button" className={BUTTON} disabled={busy !== null} onClick={() => void run('resend', () => resendReceipt(paymentId))}>
        {busy === 'resend' ? 'Invio…' : 'Invia di nuovo'}
      </button>
      {others.map((document) => {
        const key = `${document.kind}:${document.number}`;
        return (
          <button
            key={key}
            type="button"
            className={BUTTON}
            disabled={busy !== null}
            aria-label={`Scarica la ${document.kind === 'receipt' ? 'ricevuta' : 'nota di credito'} n. ${document.number}`}
            onClick={() => void run(key, () => downloadReceipt(paymentId, document.number, document.kind))}
          >
            {busy === key ? 'Scarico…' : nameOf(document)}
          </button>
        );
      })}
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
