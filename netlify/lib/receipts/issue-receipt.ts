import { Timestamp, type Firestore, type Transaction } from 'firebase-admin/firestore';
import { RECEIPT_ISSUER } from '@config/receipt';
import { childDocument } from '@domain/roster/child-schema';
import { COLLECTION } from '@domain/collections';
import { parentDocument } from '@domain/roster/parent-schema';
import type { PaymentReceipt } from '@domain/receipts/receipt-schema';
import { readSnapshot } from '../platform/snapshots';
import { readSequence, type NumberSequence } from './sequence';

/**
 * Issuing a receipt inside the transaction that confirms a payment
 * (docs/admin.md, "Receipts"). Firestore wants every read of a transaction
 * before its writes, so it takes two steps: {@link readReceiptInputs} reads
 * the year's counter, the payer and the children; the step it returns
 * writes the next number and gives the payment's `receipt` field. The
 * counter and the payment change together or not at all: numbers have no
 * gaps, and two confirmations at once get consecutive numbers (one of the
 * transactions is retried).
 */

/** What a receipt is issued for: the family, the parent who placed the order (null: the family's first parent), the children, the fee. */
export interface ReceiptSubject {
  familyId: string;
  parentId: string | null;
  childIds: readonly string[];
  /** The card service fee in euros; 0 for none. */
  serviceFeeEuros: number;
  /** When the money was credited. */
  creditedAt: Date;
}

/** Writes the next number of the year through the transaction and answers the payment's `receipt` field (Timestamps for Firestore). */
export type IssueReceipt = () => Omit<PaymentReceipt, 'issued_at' | 'credited_at'> & { issued_at: Timestamp; credited_at: Timestamp };

/**
 * Reads, in `transaction`, what the receipt of `subject` needs and answers
 * the step that issues it (call it after the transaction's other reads,
 * with its writes). `now` is the issue date; its Italian calendar year
 * picks the counter. Several receipts of one transaction share one
 * `sequence` (readSequence of `receipt_counters`), read once.
 */
export async function readReceiptInputs(
  db: Firestore,
  transaction: Transaction,
  subject: ReceiptSubject,
  now = new Date(),
  sequence?: NumberSequence,
): Promise<IssueReceipt> {
  const [numbers, parentsSnapshot, ...childSnapshots] = await Promise.all([
    sequence ?? readSequence(db, transaction, COLLECTION.receiptCounters, now),
    transaction.get(db.collection(COLLECTION.parents).where('family_id', '==', subject.familyId)),
    ...subject.childIds.map((id) => transaction.get(db.collection(COLLECTION.sons).doc(id))),
  ]);
  const parents = parentsSnapshot.docs
    .flatMap((snapshot) => {
      const parent = readSnapshot(parentDocument, snapshot);
      return parent ? [parent] : [];
    })
    .sort((a, b) => a.id.localeCompare(b.id));
  const payer = parents.find((parent) => parent.id === subject.parentId) ?? parents[0];
  const childFiscalCodes = Object.fromEntries(
    childSnapshots.flatMap((snapshot) => {
      const child = readSnapshot(childDocument, snapshot);
      return child ? [[child.id, child.cf] as const] : [];
    }),
  );
  return () => {
    const issuedAt = Timestamp.fromDate(numbers.now);
    return {
      number: numbers.take(),
      issued_at: issuedAt,
      credited_at: Timestamp.fromDate(subject.creditedAt),
      service_fee: subject.serviceFeeEuros,
      payer: { name: payer?.name ?? '', surname: payer?.surname ?? '', cf: payer?.cf ?? '' },
      child_fiscal_codes: childFiscalCodes,
      // The rule of the day it is issued: a later change of group.config.json does not rewrite it.
      stamp_duty: RECEIPT_ISSUER.stampDuty,
    };
  };
}
