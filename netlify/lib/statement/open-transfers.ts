import type { Firestore } from 'firebase-admin/firestore';
import type { NamedFamily, OpenTransfer } from '@domain/statement/bank-statement';
import { COLLECTION } from '@domain/collections';
import { paymentDocument, type PaymentDocument } from '@domain/payments/payment-schema';
import { transferReferenceDocument } from '@domain/payments/transfer-reference-schema';
import { PAYMENT_STATUS } from '@domain/payments/payment-status';
import { readSnapshot } from '../platform/snapshots';

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

/** How many orders of one amount a line offers to pick by hand: a few, whatever the season holds. */
export const CANDIDATES_PER_AMOUNT = 5;

/**
 * The season's open Bonifico orders whose total is `euros`: those of the
 * families `surnameKeys` names (surnameKeysIn; every one of them), then the
 * first {@link CANDIDATES_PER_AMOUNT} of any family. Equality queries:
 * single-field indexes suffice, and the reads stay a handful per line.
 */
export async function openTransfersOfAmount(
  db: Firestore,
  season: number,
  euros: number,
  surnameKeys: readonly string[] = [],
): Promise<OpenTransfer[]> {
  const open = db
    .collection(COLLECTION.payments)
    .where('season', '==', season)
    .where('method', '==', 'Bonifico')
    .where('status', '==', PAYMENT_STATUS.toVerify)
    .where('total_amount', '==', euros);
  const [named, any] = await Promise.all([
    surnameKeys.length > 0 ? open.where('surname_key', 'in', surnameKeys).limit(30).get() : null,
    open.limit(CANDIDATES_PER_AMOUNT).get(),
  ]);
  const found = new Map<string, OpenTransfer>();
  for (const doc of [...(named?.docs ?? []), ...any.docs]) {
    const payment = readSnapshot(paymentDocument, doc);
    if (isOpen(payment, season)) found.set(payment.id, openTransferOf(payment));
  }
  return [...found.values()];
}

/** How many open orders of the families a line names are read: a few families' worth. */
export const FAMILY_ORDERS_READ = 60;

/**
 * The season's open Bonifico orders of the families whose surname key a
 * line without a code names (surnameKeysIn), grouped by family with the
 * surnames each goes by (the family's, its children's on the orders), for a
 * combined transfer (combinedMatch). One equality query, at most
 * {@link FAMILY_ORDERS_READ} documents.
 */
export async function openTransfersOfFamilies(db: Firestore, season: number, surnameKeys: readonly string[]): Promise<NamedFamily[]> {
  if (surnameKeys.length === 0) return [];
  const snapshot = await db
    .collection(COLLECTION.payments)
    .where('season', '==', season)
    .where('method', '==', 'Bonifico')
    .where('status', '==', PAYMENT_STATUS.toVerify)
    .where('surname_key', 'in', surnameKeys)
    .limit(FAMILY_ORDERS_READ)
    .get();
  const families = new Map<string, { familyId: string; surname: string; surnames: Set<string>; open: OpenTransfer[] }>();
  for (const doc of snapshot.docs) {
    const payment = readSnapshot(paymentDocument, doc);
    if (!isOpen(payment, season)) continue;
    const family = families.get(payment.family_id) ?? {
      familyId: payment.family_id,
      surname: payment.family_surname,
      surnames: new Set([payment.family_surname]),
      open: [],
    };
    for (const line of payment.lines) family.surnames.add(line.surname);
    family.open.push(openTransferOf(payment));
    families.set(payment.family_id, family);
  }
  return [...families.values()].map((family) => ({ ...family, surnames: [...family.surnames] }));
}
