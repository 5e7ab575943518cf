import { Timestamp, type Firestore, type Transaction } from 'firebase-admin/firestore';
import { COLLECTION } from '@domain/collections';
import { receiptCounterDocument } from '@domain/receipts/receipt-counter-schema';
import { italianYear } from '@domain/italian-time';
import { receiptNumber } from '@domain/receipts/receipt';
import { readSnapshot } from '../platform/snapshots';

/**
 * A numbered sequence per calendar year (Italian time), without gaps:
 * receipts (`receipt_counters/{year}`) and credit notes
 * (`credit_note_counters/{year}`), docs/admin.md, "Receipts". The counter
 * is read in the transaction that issues the numbers and written by it, so
 * a transaction that fails takes no number and two at once get consecutive
 * ones (one is retried).
 */

/** The numbers of one year, read in a transaction. */
export interface NumberSequence {
  /** The issue date whose Italian year picks the counter. */
  readonly now: Date;
  /** Writes the next number to the counter through the transaction and answers it as printed ('{year}/42'). Call it with the transaction's writes. */
  take(): string;
}

/** Reads, in `transaction`, the counter of `collection` for the year of `now`. */
export async function readSequence(
  db: Firestore,
  transaction: Transaction,
  collection: typeof COLLECTION.receiptCounters | typeof COLLECTION.creditNoteCounters,
  now: Date,
): Promise<NumberSequence> {
  const year = italianYear(now);
  const ref = db.collection(collection).doc(String(year));
  let last = readSnapshot(receiptCounterDocument, await transaction.get(ref))?.last ?? 0;
  return {
    now,
    take() {
      last += 1;
      transaction.set(ref, { year, last, updated_at: Timestamp.fromDate(now) });
      return receiptNumber(year, last);
    },
  };
}
