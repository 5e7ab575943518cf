import { historyLine } from '../audit-log';
import type { PaymentDocument, PaymentHistoryEntry } from '../payments/payment-schema';
import { sumEuros } from '../money';
import { holdsProduct, PAYMENT_STATUS, PAYMENT_STATUSES, type PaymentStatus, type RefundablePayment } from '../payments/payment-status';
import { annullingCreditNote, receiptAmount } from '../receipts/credit-note';
import type { OrderLine } from '../catalogue/order-line';
import { linesOfPayment } from './order-line-fields';
import { RECORDED_METHODS, type RecordedMethod } from '../payments/payment-method';
import { spreadsheetDate, spreadsheetEuros } from '../spreadsheet-format';

/**
 * The treasurer's orders desk at /admin/check-pagamenti, its pure part
 * (docs/admin-orders.md): the filters kept in the address, the Firestore
 * query they describe, the rows built from a page of payments and their
 * items, the summary table and the CSV export. No Firestore, no React: the
 * reads are in src/features/admin/payments/api/admin-orders.ts.
 */

/** Payments per page of the list (docs/admin-orders.md, "Reads"). */
export const ORDERS_PAGE_SIZE = 50;

/** The plans of a season's catalogue, in its order, for the 'Prodotto' filter and the summary's rows. */
export function seasonPlans(catalogue: ReadonlyArray<{ plan: string }>): string[] {
  return [...new Set(catalogue.map((entry) => entry.plan))];
}

/** The statuses, in the order of the 'Stato' filter and the summary's columns. */
export const ORDER_STATUSES: readonly PaymentStatus[] = PAYMENT_STATUSES;

/**
 * Normalises a surname for the admin filter: spaces removed, lower case
 * (docs/product.md, "Screens": the order list filters by surname, ignoring
 * spaces and case). "De Rossi" -> "derossi". Payments store it as
 * `surname_key` (docs/data-model.md), which the filter matches by prefix.
 */
export function surnameFilterKey(surname: string): string {
  return surname.replace(/\s+/g, '').toLowerCase();
}

/** The list's filters; `null` is 'Tutti'. `surname` is as typed (the query uses its {@link surnameFilterKey}). */
export interface OrderFilters {
  surname: string;
  plan: string | null;
  method: RecordedMethod | null;
  status: PaymentStatus | null;
}

/** The search parameters that keep the filters in the address (the season's `stagione` is the shell's). */
export const FILTER_PARAM = { surname: 'cognome', plan: 'prodotto', method: 'metodo', status: 'stato' } as const;

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | null =>
  values.find((candidate) => candidate === value) ?? null;

/** Reads the filters from the address: a missing or unknown value is 'Tutti' (a product's name is kept as written: it filters by equality). */
export function readOrderFilters(params: URLSearchParams): OrderFilters {
  return {
    surname: params.get(FILTER_PARAM.surname) ?? '',
    plan: params.get(FILTER_PARAM.plan) || null,
    method: oneOf(RECORDED_METHODS, params.get(FILTER_PARAM.method)),
    status: oneOf(ORDER_STATUSES, params.get(FILTER_PARAM.status)),
  };
}

/** A change of the filters as the screen's fields give it: raw strings, '' or null for 'Tutti'. */
export type FilterChange = Partial<Record<keyof OrderFilters, string | null>>;

/**
 * A copy of `params` with `change` applied: a filter set to 'Tutti' ('' or
 * null) or a blank surname is removed; every other parameter (`stagione`)
 * is kept. Values are written as given: {@link readOrderFilters} ignores
 * unknown ones.
 */
export function writeOrderFilters(params: URLSearchParams, change: FilterChange): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(change) as Array<[keyof OrderFilters, string | null | undefined]>) {
    if (value === undefined) continue;
    if (value?.trim()) next.set(FILTER_PARAM[key], value);
    else next.delete(FILTER_PARAM[key]);
  }
  return next;
}

/** A `payments` field the list filters on with `==`. */
export type EqualityField = 'season' | 'plan' | 'method' | 'status';

/**
 * A Firestore query on `payments`, described (docs/admin-orders.md,
 * "Reads"): equality filters, an optional prefix range on `surname_key`
 * (`>= atLeast` and `<= atMost`) and the ordering. It is also the query's
 * cache key, so two spellings of one surname share their pages.
 */
export interface OrderQuery {
  equals: Array<{ field: EqualityField; value: string | number }>;
  surnamePrefix: { atLeast: string; atMost: string } | null;
  orderBy: Array<{ field: 'surname_key' | 'created_at'; direction: 'asc' | 'desc' }>;
}

/**
 * The query of the orders of `season` matching `filters`: `season ==` and
 * one `==` per chosen plan, method and status, newest first (`created_at`
 * desc). A surname becomes a prefix range on `surname_key`, so Firestore
 * orders by `surname_key` first, then newest first within a family. Each
 * shape has its composite index in firestore.indexes.json.
 */
export function describeOrderQuery(season: number, filters: OrderFilters): OrderQuery {
  const equals: OrderQuery['equals'] = [{ field: 'season', value: season }];
  if (filters.plan) equals.push({ field: 'plan', value: filters.plan });
  if (filters.method) equals.push({ field: 'method', value: filters.method });
  if (filters.status) equals.push({ field: 'status', value: filters.status });
  const key = surnameFilterKey(filters.surname);
  const newestFirst = { field: 'created_at', direction: 'desc' } as const;
  return key
    ? {
        equals,
        surnamePrefix: { atLeast: key, atMost: `${key}\uf8ff` },
        orderBy: [{ field: 'surname_key', direction: 'asc' }, newestFirst],
      }
    : { equals, surnamePrefix: null, orderBy: [newestFirst] };
}

/** One order (one payment) of the list (docs/admin-orders.md, "The list"). */
export interface AdminOrderRow {
  paymentId: string;
  orderId: string;
  familySurname: string;
  createdAt: Date;
  plan: string;
  method: RecordedMethod;
  status: PaymentStatus;
  /** Euros. */
  totalAmount: number;
  confirmedAt: Date | null;
  /** The e-mail of the admin who confirmed the Bonifico. */
  confirmedBy: string | null;
  /** Euros refunded so far: by Stripe for a card, by the treasurer's transfer for a Bonifico (0 when none). */
  refundedAmount: number;
  /** Euros asked of Stripe through 'Rimborsa', reported or not yet by its webhook. */
  refundRequested: number;
  /** The card service fee charged on top of the items (0 without it), as its receipt says. */
  serviceFee: number;
  /** 'Contributo al fondo di solidarietà' charged with the items, not in `totalAmount` (0 without it). */
  solidarityContribution: number;
  /** What admins and Stripe did to it, oldest first (docs/security.md, "Audit log"). */
  history: PaymentHistoryEntry[];
  /** The receipt's number ('{year}/42'), null until the payment is confirmed (docs/admin.md, "Receipts"). */
  receiptNumber: string | null;
  /**
   * Every receipt and credit note of the payment, oldest first (docs/admin.md,
   * "Credit notes"): which, its number, its euros, and whether it is annulled
   * (a receipt by a credit note, a credit note by a failed refund).
   */
  documents: RowDocument[];
  /** A card refund asked of Stripe with no answer yet: its idempotency key and euros ('Rimborsa' retries it); null when none. */
  refundPending: { key: string; amountEuros: number } | null;
  /** A Bonifico's reference code in its reason ('CE25-7K3Q'); null for a card payment or an older order. */
  reference: string | null;
  /** The order's lines, in tick order, each with its item's id. */
  lines: OrderLine[];
}

/** A receipt or credit note on a row. */
export interface RowDocument {
  kind: 'receipt' | 'credit-note';
  number: string;
  amountEuros: number;
  annulled: boolean;
}

/** The payment fields a row shows (its credit notes, earlier receipts and pending refund none when absent). */
export type RowPayment = Partial<
  Pick<PaymentDocument, 'credit_notes' | 'earlier_receipts' | 'refund_pending' | 'solidarity_contribution'>
> &
  Pick<
    PaymentDocument,
    | 'id'
    | 'order_id'
    | 'family_surname'
    | 'created_at'
    | 'plan'
    | 'method'
    | 'status'
    | 'total_amount'
    | 'lines'
    | 'confirmed_at'
    | 'confirmed_by'
    | 'refunded_amount'
    | 'refund_requested'
    | 'history'
    | 'receipt'
    | 'reference'
  >;

/** The row of `payment`: its fields, and its `lines` (the order's items, in tick order). */
export function buildOrderRow(payment: RowPayment): AdminOrderRow {
  return {
    paymentId: payment.id,
    orderId: payment.order_id,
    familySurname: payment.family_surname,
    createdAt: payment.created_at,
    plan: payment.plan,
    method: payment.method,
    status: payment.status,
    totalAmount: payment.total_amount,
    confirmedAt: payment.confirmed_at,
    confirmedBy: payment.confirmed_by,
    refundedAmount: payment.refunded_amount,
    refundRequested: payment.refund_requested,
    serviceFee: payment.receipt?.service_fee ?? 0,
    solidarityContribution: payment.solidarity_contribution ?? 0,
    history: payment.history,
    receiptNumber: payment.receipt?.number ?? null,
    documents: rowDocuments(payment),
    refundPending: payment.refund_pending ? { key: payment.refund_pending.key, amountEuros: payment.refund_pending.amount } : null,
    reference: payment.reference,
    lines: linesOfPayment(payment),
  };
}

/** The receipts (earlier ones first) and then the credit notes of a row's payment. */
function rowDocuments(payment: RowPayment): RowDocument[] {
  const notes = payment.credit_notes ?? [];
  const receipts = [...(payment.earlier_receipts ?? []), ...(payment.receipt ? [payment.receipt] : [])];
  return [
    ...receipts.map((receipt) => ({
      kind: 'receipt' as const,
      number: receipt.number,
      amountEuros: receiptAmount(payment, receipt),
      annulled: annullingCreditNote({ credit_notes: notes }, receipt.number) !== null,
    })),
    ...notes.map((note) => ({
      kind: 'credit-note' as const,
      number: note.number,
      amountEuros: note.amount,
      annulled: note.cancelled !== null,
    })),
  ];
}

/** A row's history in Italian, oldest first: 'Confermato da admin@example.com il dd/mm/yyyy', … (historyLine). */
export function historyLines(row: Pick<AdminOrderRow, 'history'>): string[] {
  return row.history.map((entry) => historyLine({ action: entry.action, by: entry.by, date: spreadsheetDate(entry.at), note: entry.note }));
}

/**
 * What the admin may do with a row's transfer (docs/admin-orders.md,
 * "Confirming a transfer"): confirm a Bonifico 'Da Verificare', undo a
 * confirmed Bonifico; nothing for an Online payment or any other status.
 */
export function transferAction(row: Pick<AdminOrderRow, 'method' | 'status'>): 'confirm' | 'undo' | null {
  if (row.method !== 'Bonifico') return null;
  if (row.status === PAYMENT_STATUS.toVerify) return 'confirm';
  return row.status === PAYMENT_STATUS.confirmed ? 'undo' : null;
}

/** Count and sum (euros) of the payments of one summary cell. */
export interface SummaryCell {
  count: number;
  total: number;
}

/** One aggregation answer: the payments of `plan` with `status`. */
export interface SummaryEntry extends SummaryCell {
  plan: string;
  status: PaymentStatus;
  /** True for the 'Contributo al fondo di solidarietà' of the plan's payments (counted apart, not in the plan's euros). */
  contribution?: boolean;
}

/** One row of the summary: a cell per status, and `held`, the orders that still hold their products (all but Rimborsato). */
export interface SummaryRow {
  cells: Record<PaymentStatus, SummaryCell>;
  held: SummaryCell;
}

/** The summary table over the list (docs/admin-orders.md, "Summary"): one row per plan, then the totals, then the contributions apart. */
export interface OrderSummary {
  rows: Array<SummaryRow & { plan: string }>;
  totals: SummaryRow;
  /** 'Contributi solidarietà': the payments with a contribution and its euros, not in `totals`; null when the season has none. */
  contributions: SummaryRow | null;
}

const addCells = (cells: readonly SummaryCell[]): SummaryCell => ({
  count: cells.reduce((count, cell) => count + cell.count, 0),
  total: sumEuros(cells.map((cell) => cell.total)),
});

/** A summary row from one cell per status; `held` adds those whose orders hold their products (holdsProduct). */
function summaryRow(cell: (status: PaymentStatus) => SummaryCell): SummaryRow {
  const cells = Object.fromEntries(ORDER_STATUSES.map((status) => [status, cell(status)])) as Record<PaymentStatus, SummaryCell>;
  return { cells, held: addCells(ORDER_STATUSES.filter(holdsProduct).map((status) => cells[status])) };
}

/**
 * The summary table from the aggregation answers, one per plan of `plans`
 * and status (a missing one counts 0): each plan's cell per status (Confermato, Da
 * Verificare, Rimborsato, Contestato) and the orders that still hold their
 * products (every status but Rimborsato: money the group has or expects),
 * then the same totals over the plans; the contributions' entries of every
 * plan make a row of their own, outside the totals. Sums are rounded to cents.
 */
export function summarizeOrders(entries: readonly SummaryEntry[], plans: readonly string[]): OrderSummary {
  const products = entries.filter((entry) => !entry.contribution);
  const gifts = entries.filter((entry) => entry.contribution && plans.includes(entry.plan));
  const rows = plans.map((plan) => ({
    plan,
    ...summaryRow((status) => addCells(products.filter((entry) => entry.plan === plan && entry.status === status))),
  }));
  return {
    rows,
    totals: summaryRow((status) => addCells(rows.map((row) => row.cells[status]))),
    contributions: gifts.length > 0 ? summaryRow((status) => addCells(gifts.filter((entry) => entry.status === status))) : null,
  };
}

/** The export's columns (docs/admin-orders.md, "Export"). */
export const ORDER_CSV_HEADER = [
  'Famiglia',
  'Data',
  'Metodo',
  'Stato',
  'Totale ordine',
  'Cognome',
  'Nome',
  'Piano',
  'Taglia',
  'Prezzo',
  'Confermato da',
  'Confermato il',
  'Rimborsato',
  'Riferimento',
  'Contributo solidarietà',
] as const;

/**
 * The export's lines: one per child line of each order, in the rows' order,
 * the order's fields repeated on each (the euros refunded by card, the Bonifico's reference code, then the
 * 'Contributo al fondo di solidarietà', last, empty when none); an order without readable items
 * still gets one line, with the child's columns empty. Dates dd/mm/yyyy,
 * euros with a decimal comma (src/domain/spreadsheet-format.ts).
 */
export function orderCsvRows(rows: readonly AdminOrderRow[]): string[][] {
  return rows.flatMap((row) => {
    const order = [row.familySurname, spreadsheetDate(row.createdAt), row.method, row.status, spreadsheetEuros(row.totalAmount)];
    const confirmation = [
      row.confirmedBy ?? '',
      row.confirmedAt ? spreadsheetDate(row.confirmedAt) : '',
      row.refundedAmount > 0 ? spreadsheetEuros(row.refundedAmount) : '',
      row.reference ?? '',
      row.solidarityContribution > 0 ? spreadsheetEuros(row.solidarityContribution) : '',
    ];
    if (row.lines.length === 0) return [[...order, '', '', '', '', '', ...confirmation]];
    return row.lines.map((line) => [
      ...order,
      line.child.surname,
      line.child.name,
      line.plan,
      line.size,
      spreadsheetEuros(line.priceEuros),
      ...confirmation,
    ]);
  });
}

/** The export's file name: `pagamenti-{season}.csv`. */
export function orderCsvFileName(season: number): string {
  return `pagamenti-${season}.csv`;
}

/** A row as the refund rules read it (RefundablePayment). */
export function refundViewOf(row: AdminOrderRow): RefundablePayment {
  return {
    method: row.method,
    status: row.status,
    totalEuros: row.totalAmount,
    serviceFeeEuros: row.serviceFee,
    solidarityContributionEuros: row.solidarityContribution,
    refundedEuros: row.refundedAmount,
    requestedEuros: row.refundRequested,
  };
}
