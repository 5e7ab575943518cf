import type { SummaryEntry } from '../orders/admin-orders';
import { roundEuros, sumEuros } from '../money';
import type { RecordedMethod } from '../payments/payment-method';
import { PAYMENT_STATUS, type PaymentStatus } from '../payments/payment-status';

/**
 * The season's totals kept, not computed (docs/admin-orders.md, "Summary"):
 * one document per season, `season_totals/{season}`, holding for each
 * method, product and status how many payments and how many euros
 * (`total_amount`). Every transaction that records a payment or changes its
 * status adds the change ({@link totalsChanges}); the summary reads one
 * document; the repair script recomputes them from the payments
 * ({@link totalsOf}) and lists the differences ({@link totalsDifferences}).
 * A card payment's 'Contributo al fondo di solidarietà' is not in its
 * product's euros: it is counted apart, in `contributions`, by the same
 * keys ({@link contributionChanges}, {@link contributionTotalsOf}).
 */

/** What the totals count of a payment. */
export interface CountedPayment {
  season: number;
  plan: string;
  method: RecordedMethod;
  status: PaymentStatus;
  /** Euros. */
  total_amount: number;
  /** 'Contributo al fondo di solidarietà' in euros, apart from `total_amount`; 0 or absent for none. */
  solidarity_contribution?: number;
}

/** One cell of the totals: how many payments, how many euros. */
export interface TotalsCell {
  count: number;
  total: number;
}

/** A season's cells by {@link totalsKey}. */
export type TotalsRows = Record<string, TotalsCell>;

const SEPARATOR = '|';

/** The cell a payment counts in: '{method}|{plan}|{status}' (no product name holds a '|': productNameField). */
export function totalsKey(payment: Pick<CountedPayment, 'method' | 'plan' | 'status'>): string {
  return [payment.method, payment.plan, payment.status].join(SEPARATOR);
}

/** A change to one cell of one season's totals. */
export interface TotalsChange {
  season: number;
  key: string;
  count: number;
  total: number;
}

/**
 * What a payment's change does to the totals: out of the cell it was in
 * (`before`, null when new), into the one it is in (`after`, null when
 * gone). Nothing when neither the cell nor the amount changed.
 */
export function totalsChanges(before: CountedPayment | null, after: CountedPayment | null): TotalsChange[] {
  const out = before ? { season: before.season, key: totalsKey(before), count: -1, total: -before.total_amount } : null;
  const into = after ? { season: after.season, key: totalsKey(after), count: 1, total: after.total_amount } : null;
  if (out && into && out.season === into.season && out.key === into.key && out.total === -into.total) return [];
  return [out, into].filter((change): change is TotalsChange => change !== null);
}

/**
 * What a payment's change does to the season's contributions (counted apart
 * from the products, by the same {@link totalsKey}): a payment counts there
 * only with a contribution above 0, its euros the contribution's.
 */
export function contributionChanges(before: CountedPayment | null, after: CountedPayment | null): TotalsChange[] {
  const counted = (payment: CountedPayment | null) =>
    payment && (payment.solidarity_contribution ?? 0) > 0 ? { ...payment, total_amount: payment.solidarity_contribution ?? 0 } : null;
  return totalsChanges(counted(before), counted(after));
}

/** The contributions of `payments` (of one season), computed: the payments with one, by {@link totalsKey}. */
export function contributionTotalsOf(payments: readonly CountedPayment[]): TotalsRows {
  return totalsOf(
    payments.flatMap((payment) =>
      (payment.solidarity_contribution ?? 0) > 0 ? [{ ...payment, total_amount: payment.solidarity_contribution ?? 0 }] : [],
    ),
  );
}

/** The totals of `payments` (of one season), computed. */
export function totalsOf(payments: readonly CountedPayment[]): TotalsRows {
  const rows: TotalsRows = {};
  for (const payment of payments) {
    const cell = (rows[totalsKey(payment)] ??= { count: 0, total: 0 });
    cell.count += 1;
    cell.total = sumEuros([cell.total, payment.total_amount]);
  }
  return rows;
}

/**
 * The summary's entries from a season's totals, for `method` or both (null);
 * then those of its `contributions`, marked `contribution`.
 */
export function summaryEntriesOf(rows: TotalsRows, method: RecordedMethod | null, contributions: TotalsRows = {}): SummaryEntry[] {
  const entries = (cells: TotalsRows, contribution: boolean) =>
    Object.entries(cells).flatMap(([key, cell]) => {
      const [rowMethod, plan, status] = key.split(SEPARATOR) as [RecordedMethod, string, PaymentStatus];
      if ((method && rowMethod !== method) || !Object.values(PAYMENT_STATUS).includes(status)) return [];
      return [{ plan, status, count: cell.count, total: roundEuros(cell.total), ...(contribution ? { contribution } : {}) }];
    });
  return [...entries(rows, false), ...entries(contributions, true)];
}

/** The name of the contributions' row in the summary, under the products' 'Totale' (docs/admin-orders.md, "Summary"). */
export const CONTRIBUTIONS_SUMMARY_LABEL = 'Contributi solidarietà';

/** The cells whose stored count or euros differ from the computed ones: 'Online|Felpa Reparto|Confermato: 3 / 90,00 € kept, 4 / 120,00 € counted'. */
export function totalsDifferences(stored: TotalsRows, computed: TotalsRows): string[] {
  const keys = [...new Set([...Object.keys(stored), ...Object.keys(computed)])].sort();
  return keys.flatMap((key) => {
    const kept = stored[key] ?? { count: 0, total: 0 };
    const counted = computed[key] ?? { count: 0, total: 0 };
    if (kept.count === counted.count && roundEuros(kept.total) === roundEuros(counted.total)) return [];
    return [`${key}: ${kept.count} / ${roundEuros(kept.total)} € kept, ${counted.count} / ${roundEuros(counted.total)} € counted`];
  });
}

/**
 * How many payments of a season match equality filters on `method`, `plan`
 * and `status` (the orders desk's filters but the surname), counted from its
 * totals: the sum of the cells that match.
 */
export function countMatching(rows: TotalsRows, equals: ReadonlyArray<{ field: string; value: string | number }>): number {
  const wanted = new Map(equals.filter(({ field }) => field !== 'season').map(({ field, value }) => [field, String(value)]));
  return Object.entries(rows).reduce((count, [key, cell]) => {
    const [method, plan, status] = key.split(SEPARATOR);
    const cellFields: Record<string, string | undefined> = { method, plan, status };
    return [...wanted].every(([field, value]) => cellFields[field] === value) ? count + cell.count : count;
  }, 0);
}
