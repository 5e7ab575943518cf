import { FieldValue, type DocumentReference, type Firestore } from 'firebase-admin/firestore';
import { COLLECTION } from '@domain/collections';
import { paymentDocument } from '@domain/payments/payment-schema';
import { seasonTotalsDocument } from '@domain/season/season-totals-schema';
import {
  CONTRIBUTIONS_SUMMARY_LABEL,
  contributionChanges,
  contributionTotalsOf,
  totalsChanges,
  totalsDifferences,
  totalsOf,
  type CountedPayment,
  type TotalsChange,
  type TotalsRows,
} from '@domain/season/season-totals';
import { readAllSnapshots, readSnapshot } from '../platform/snapshots';

/** What writes the totals: the payment's transaction, or the seed's batch. */
export interface TotalsWriter {
  set(ref: DocumentReference, data: FirebaseFirestore.DocumentData, options: FirebaseFirestore.SetOptions): unknown;
}

const totalsRef = (db: Firestore, season: number) => db.collection(COLLECTION.seasonTotals).doc(String(season));

type Increments = Record<string, { count: FieldValue; total: FieldValue }>;

/**
 * Adds a payment's change to its season's totals (src/domain/season/season-totals.ts)
 * through `writer`, the transaction that writes the payment: increments, so
 * nothing is read and two payments at once both count; its contribution, if
 * any, to the season's `contributions`. `before` null for a new payment;
 * nothing is written when the cell and amount stay the same.
 */
export function countPaymentChange(db: Firestore, writer: TotalsWriter, before: CountedPayment | null, after: CountedPayment | null): void {
  const bySeason = new Map<number, { rows?: Increments; contributions?: Increments }>();
  const add = (field: 'rows' | 'contributions', changes: readonly TotalsChange[]) => {
    for (const change of changes) {
      const season = bySeason.get(change.season) ?? {};
      (season[field] ??= {})[change.key] = { count: FieldValue.increment(change.count), total: FieldValue.increment(change.total) };
      bySeason.set(change.season, season);
    }
  };
  add('rows', totalsChanges(before, after));
  add('contributions', contributionChanges(before, after));
  for (const [season, fields] of bySeason) {
    writer.set(totalsRef(db, season), { season, ...fields, updated_at: FieldValue.serverTimestamp() }, { merge: true });
  }
}

/** A season's totals as kept, and as counted from its payments. */
export interface TotalsCheck {
  season: number;
  kept: TotalsRows;
  counted: TotalsRows;
  /** The contributions as kept and as counted (`contributions`). */
  contributions: { kept: TotalsRows; counted: TotalsRows };
  /** One line per cell that differs (totalsDifferences), the contributions' prefixed 'Contributi solidarietà: '; empty when the totals are exact. */
  differences: string[];
  /** How many payments were read. */
  payments: number;
}

/**
 * Recomputes `season`'s totals and contributions from its payments (one
 * `season ==` query) and compares them with the kept document; with `fix`, writes the counted
 * ones in their place. Used by `npm run repair:totals`.
 */
export async function checkSeasonTotals(db: Firestore, season: number, fix = false): Promise<TotalsCheck> {
  const [snapshot, payments] = await Promise.all([
    totalsRef(db, season).get(),
    db.collection(COLLECTION.payments).where('season', '==', season).get(),
  ]);
  const stored = readSnapshot(seasonTotalsDocument, snapshot);
  const kept = stored?.rows ?? {};
  const read = readAllSnapshots(paymentDocument, payments.docs);
  const counted = totalsOf(read);
  const contributions = { kept: stored?.contributions ?? {}, counted: contributionTotalsOf(read) };
  const differences = [
    ...totalsDifferences(kept, counted),
    ...totalsDifferences(contributions.kept, contributions.counted).map((line) => `${CONTRIBUTIONS_SUMMARY_LABEL}: ${line}`),
  ];
  if (fix && differences.length > 0) {
    await totalsRef(db, season).set({
      season,
      rows: counted,
      contributions: contributions.counted,
      updated_at: FieldValue.serverTimestamp(),
    });
  }
  return { season, kept, counted, contributions, differences, payments: payments.size };
}
