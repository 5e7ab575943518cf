import type { Firestore } from 'firebase-admin/firestore';
import type { OpenTransfer } from '../../src/domain/bank-statement';
import { COLLECTION, paymentDocument, transferReferenceDocument, type PaymentDocument } from '../../src/domain/documents';
import { PAYMENT_STATUS } from '../../src/domain/plans';
import { readSnapshot } from './documents';

/**
 * The Bonifico orders a bank statement may pay (docs/admin.md, "Estratto
 * conto"), read by what the statement names: its codes, its amounts. The
 * reads grow with the statement, never with the season's orders.
 */

/** A payment as the matcher sees it. */
export function openTransferOf(payment: PaymentDocument): OpenTransfer {
  return {
    paymentId: payment.id,
    familyId: payment.family_id,
    familySurname: payment.family_surname,
    plan: payment.plan,
    totalEuros: payment.total_amount,
    reference: payment.reference,
  };
}

const isOpen = (payment: PaymentDocument | null, season: number): payment is PaymentDocument =>
  payment !== null && payment.season === season && payment.method === 'Bonifico' && payment.status === PAYMENT_STATUS.toVerify;

/** The season's open Bonifico orders of `codes` (one read per code and per payment found), by code. */
export async function openTransfersByReference(
  db: Firestore,
  season: number,
  codes: readonly string[],
): Promise<Map<string, OpenTransfer>> {
  const found = new Map<string, OpenTransfer>();
  if (codes.length === 0) return found;
  const references = await db.getAll(...codes.map((code) => db.collection(COLLECTION.transferReferences).doc(code)));
  const known = references.flatMap((snapshot) => {
    const reference = readSnapshot(transferReferenceDocument, snapshot);
    return reference ? [reference] : [];
  });
  if (known.length === 0) return found;
  const payments = await db.getAll(...known.map((reference) => db.collection(COLLECTION.payments).doc(reference.payment_id)));
  payments.forEach((snapshot, index) => {
    const payment = readSnapshot(paymentDocument, snapshot);
    if (isOpen(payment, season)) found.set(known[index]!.code, openTransferOf(payment));
  });
  return found;
}

/** The season's open Bonifico orders whose total is `euros`: one equality query (single-field indexes suffice). */
export async function openTransfersOfAmount(db: Firestore, season: number, euros: number): Promise<OpenTransfer[]> {
  const snapshot = await db
    .collection(COLLECTION.payments)
    .where('season', '==', season)
    .where('method', '==', 'Bonifico')
    .where('status', '==', PAYMENT_STATUS.toVerify)
    .where('total_amount', '==', euros)
    .limit(50)
    .get();
  return snapshot.docs.flatMap((doc) => {
    const payment = readSnapshot(paymentDocument, doc);
    return isOpen(payment, season) ? [openTransferOf(payment)] : [];
  });
}
