import { FieldValue, type DocumentReference, type Firestore } from 'firebase-admin/firestore';
import { COLLECTION, paymentDocument, seasonTotalsDocument } from '@domain/documents';
import { totalsChanges, totalsDifferences, totalsOf, type CountedPayment, type TotalsRows } from '@domain/season-totals';
import { readAllSnapshots, readSnapshot } from './documents';

/** What writes the totals: the payment's transaction, or the seed's batch. */
export interface TotalsWriter {
  set(ref: DocumentReference, data: FirebaseFirestore.DocumentData, options: FirebaseFirestore.SetOptions): unknown;
}

const totalsRef = (db: Firestore, season: number) => db.collection(COLLECTION.seasonTotals).doc(String(season));

/**
 * Adds a payment's change to its season's totals (src/domain/season-totals.ts)
 * through `writer`, the transaction that writes the payment: increments, so
 * nothing is read and two payments at once both count. `before` null for a
 * new payment; nothing is written when the cell and amount stay the same.
 */
export function countPaymentChange(db: Firestore, writer: TotalsWriter, before: CountedPayment | null, after: CountedPayment | null): void {
  const bySeason = new Map<number, Record<string, { count: FieldValue; total: FieldValue }>>();
  for (const change of totalsChanges(before, after)) {
    const rows = bySeason.get(change.season) ?? {};
    rows[change.key] = { count: FieldValue.increment(change.count), total: FieldValue.increment(change.total) };
    bySeason.set(change.season, rows);
  }
  for (const [season, rows] of bySeason) {
    writer.set(totalsRef(db, season), { season, rows, updated_at: FieldValue.serverTimestamp() }, { merge: true });
  }
}

/** A season's totals as kept, and as counted from its payments. */
export interface TotalsCheck {
  season: number;
  kept: TotalsRows;
  counted: TotalsRows;
  /** One line per cell that differs (totalsDifferences); empty when the totals are exact. */
  differences: string[];
  /** How many payments were read. */
  payments: number;
}

/**
 * Recomputes `season`'s totals from its payments (one `season ==` query)
 * and compares them with the kept document; with `fix`, writes the counted
 * ones in their place. Used by `npm run repair:totals`.
 */
export async function checkSeasonTotals(db: Firestore, season: number, fix = false): Promise<TotalsCheck> {
  const [snapshot, payments] = await Promise.all([
    totalsRef(db, season).get(),
    db.collection(COLLECTION.payments).where('season', '==', season).get(),
  ]);
  const kept = readSnapshot(seasonTotalsDocument, snapshot)?.rows ?? {};
  const counted = totalsOf(readAllSnapshots(paymentDocument, payments.docs));
  const differences = totalsDifferences(kept, counted);
  if (fix && differences.length > 0) {
    await totalsRef(db, season).set({ season, rows: counted, updated_at: FieldValue.serverTimestamp() });
  }
  return { season, kept, counted, differences, payments: payments.size };
}
