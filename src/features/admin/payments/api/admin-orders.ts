import {
  collection,
  doc,
  getCount,
  getDoc,
  getDocs,
  limit,
  orderBy,
  query,
  startAfter,
  where,
  type QueryConstraint,
} from 'firebase/firestore/lite';
import { buildOrderRow, ORDERS_PAGE_SIZE, type AdminOrderRow, type OrderQuery, type SummaryEntry } from '@domain/orders/admin-orders';
import { COLLECTION } from '@domain/collections';
import { seasonTotalsDocument } from '@domain/season/season-totals-schema';
import type { PaymentDocument } from '@domain/payments/payment-schema';
import { countMatching, summaryEntriesOf, type TotalsRows } from '@domain/season/season-totals';
import type { RecordedMethod } from '@domain/payments/payment-method';
import { adminCancelOrderContract } from '@contracts/admin-cancel-order';
import { adminConfirmTransferContract } from '@contracts/admin-confirm-transfer';
import type { RequestOf } from '@contracts/contract';
import { adminRefundContract } from '@contracts/admin-refund';
import { converterOf, documentConverter, readDocuments, type ListPage, type PageCursor } from '@/lib/db/documents';
import { getFirebase } from '@/lib/firebase';
import { callAdminContract } from '@/features/admin/shell/api/admin-functions';

/**
 * What the orders desk reads in Firestore (docs/admin-orders.md): bounded
 * queries on `payments` and aggregation queries for the summary; and the
 * admin function that confirms a Bonifico. Every call
 * needs a signed-in admin (docs/security.md) and throws
 * ServiceNotConfiguredError without Firebase settings, or a FirebaseError
 * (e.g. 'permission-denied', 'unavailable') when Firestore refuses or cannot
 * be reached. The query options and hooks over these are in
 * ./admin-orders-queries.ts.
 */

/** Where the next page starts: the last payment read. */
export type OrdersCursor = PageCursor<PaymentDocument>;

/** One page of the orders' list. */
export type OrdersPage = ListPage<AdminOrderRow, PaymentDocument>;

const payments = () => collection(getFirebase().db, COLLECTION.payments).withConverter(converterOf(COLLECTION.payments));

/** The filters of `description` as constraints (no ordering, no limit): what the count and the page share. */
function filtersOf(description: OrderQuery): QueryConstraint[] {
  const constraints = description.equals.map(({ field, value }) => where(field, '==', value));
  if (description.surnamePrefix) {
    constraints.push(where('surname_key', '>=', description.surnamePrefix.atLeast));
    constraints.push(where('surname_key', '<=', description.surnamePrefix.atMost));
  }
  return constraints;
}

/**
 * Reads one page of the list (docs/admin-orders.md, "Reads"): at most
 * {@link ORDERS_PAGE_SIZE} payments matching `description`, in its order,
 * after `after`; each payment carries its order's lines, so a page is one
 * query and at most {@link ORDERS_PAGE_SIZE} document reads. A payment that
 * does not match its schema is logged and left out (its path in `unreadable`).
 */
export async function fetchOrdersPage(description: OrderQuery, after: OrdersCursor | null): Promise<OrdersPage> {
  const constraints = [
    ...filtersOf(description),
    ...description.orderBy.map(({ field, direction }) => orderBy(field, direction)),
    ...(after ? [startAfter(after)] : []),
    limit(ORDERS_PAGE_SIZE),
  ];
  const snapshot = await getDocs(query(payments(), ...constraints));
  const read = readDocuments(snapshot.docs);
  return {
    rows: read.documents.map((payment) => buildOrderRow(payment)),
    unreadable: read.invalid.map((error) => error.path),
    next: snapshot.docs.length === ORDERS_PAGE_SIZE ? (snapshot.docs.at(-1) ?? null) : null,
  };
}

/**
 * How many payments match `description`: without a surname, from the
 * season's kept totals (one document read, countMatching); with one, an
 * aggregation query (`count()`), one read per 1,000 payments matched.
 */
export async function fetchOrdersCount(description: OrderQuery): Promise<number> {
  const season = description.equals.find(({ field }) => field === 'season')?.value;
  if (!description.surnamePrefix && typeof season === 'number')
    return countMatching((await fetchSeasonTotals(season)).rows, description.equals);
  const answer = await getCount(query(payments(), ...filtersOf(description)));
  return answer.data().count;
}

/** The reads of a season's totals on their way: the count and the summary, asked at once, share one. */
const totalsInFlight = new Map<number, Promise<KeptTotals>>();

/** A season's kept totals: the products' cells and the contributions' (`rows`, `contributions`). */
interface KeptTotals {
  rows: TotalsRows;
  contributions: TotalsRows;
}

/**
 * The season's kept totals (`season_totals/{season}`, src/domain/season/season-totals.ts);
 * none yet reads as empty. A read already on its way for `season` is shared,
 * never a finished one: each visit reads the document afresh.
 */
function fetchSeasonTotals(season: number): Promise<KeptTotals> {
  const pending = totalsInFlight.get(season);
  if (pending) return pending;
  const totals = collection(getFirebase().db, COLLECTION.seasonTotals).withConverter(documentConverter(seasonTotalsDocument));
  const read = getDoc(doc(totals, String(season)))
    .then((snapshot) => (snapshot.exists() ? snapshot.data() : { rows: {}, contributions: {} }))
    .finally(() => totalsInFlight.delete(season));
  totalsInFlight.set(season, read);
  return read;
}

/**
 * The summary's figures (docs/admin-orders.md, "Summary"): the season's
 * totals kept in `season_totals/{season}` (src/domain/season/season-totals.ts),
 * one document read whatever the season holds, as entries per product and
 * status (euros rounded to cents) of `method`, or of both when null, then
 * the contributions' entries (marked `contribution`).
 * @throws InvalidDocumentError when the document does not match its schema.
 */
export async function fetchOrderSummary(season: number, method: RecordedMethod | null): Promise<SummaryEntry[]> {
  const { rows, contributions } = await fetchSeasonTotals(season);
  return summaryEntriesOf(rows, method, contributions);
}

/**
 * Confirms a Bonifico received, or sets a confirmed one back to 'Da
 * Verificare' (docs/admin-orders.md, "Confirming a transfer"), through the
 * admin function admin-confirm-transfer: the server checks the admin,
 * writes the payment, its history and the audit log in one transaction.
 * @returns whether this call changed the payment (false when it already had
 * that status: another admin was quicker).
 * @throws UserFacingError with the function's Italian message (a card
 * payment, a payment gone, no admin signed in, …).
 */
export async function setTransferConfirmation(paymentId: string, action: 'confirm' | 'unconfirm'): Promise<boolean> {
  const answer = await callAdminContract(adminConfirmTransferContract, { paymentId, action });
  return answer.changed;
}

/**
 * Cancels a Bonifico 'Da Verificare' that will never be paid ('Annulla
 * ordine', docs/admin-orders.md) through admin-cancel-order: the payment
 * becomes 'Annullato' and its children's products are free again; the
 * family is written to only when `notifyFamily`.
 * @returns whether this call changed the payment (false: already cancelled).
 * @throws UserFacingError with the function's Italian message.
 */
export async function cancelOrder(paymentId: string, reason: string, notifyFamily: boolean): Promise<boolean> {
  const answer = await callAdminContract(adminCancelOrderContract, { paymentId, reason, notifyFamily });
  return answer.changed;
}

/** A refund as 'Rimborsa' asks it: euros, the dialog's idempotency key, and the day of the treasurer's transfer for a Bonifico. */
export type RefundRequest = RequestOf<typeof adminRefundContract>;

/**
 * Refunds a payment through admin-refund ('Rimborsa', docs/admin-orders.md):
 * a card payment through Stripe, a Bonifico recorded as refunded by transfer.
 * @returns whether this request refunded (false: made before with the same key).
 * @throws UserFacingError with the function's Italian message.
 */
export async function refundPayment(refund: RefundRequest): Promise<boolean> {
  return (await callAdminContract(adminRefundContract, refund)).changed;
}
