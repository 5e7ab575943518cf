import { surnameFilterKey } from '@domain/orders/admin-orders';
import type { OrderLine } from '@domain/catalogue/order-line';
import type { CatalogueProduct } from '@domain/catalogue/product';
import type { FamilyDocument } from '@domain/roster/family-schema';
import type { PaymentDocument } from '@domain/payments/payment-schema';
import type { StripePaymentIntentDocument } from '@domain/payments/stripe-payment-intent-schema';
import { sumEuros } from '@domain/money';
import { itemFieldsOf, paymentLineFieldsOf } from '@domain/orders/order-line-fields';
import type { RecordedMethod } from '@domain/payments/payment-method';
import { holdsProduct, PAYMENT_STATUS, processingStatus, type PaymentStatus, type RecordedStatus } from '@domain/payments/payment-status';
import { cardFieldsOf } from '../payments/stripe-refund-events';

/**
 * The pure part of recording an order (docs/data-model.md, "Writing an
 * order"): from what recordOrder's transaction read, the status the order
 * is recorded with ({@link orderOutcome}) and every document it writes
 * ({@link orderDocuments}). No Firestore here: recordOrder reads, plans and
 * writes.
 */

/** An order to record under a known id. */
export interface OrderToPlan {
  /** The order's document id: derived from the idempotency key (Bonifico, cash) or the PaymentIntent id (Online). */
  orderId: string;
  familyId: string;
  /** The product's catalogue entry: its plan on the payment, its letters on a Bonifico's reference code. */
  product: Pick<CatalogueProduct, 'plan' | 'names'>;
  method: RecordedMethod;
  /** The status it is recorded with: 'Confermato' or 'Da Verificare'; 'In elaborazione' for a debit Stripe reported processing. */
  status: RecordedStatus;
  /** A debit's `payment_intent.processing` event, Unix seconds (with status 'In elaborazione'): a failure Stripe reported at or after it records the order 'Non riuscito' (processingStatus). */
  processingAt?: number;
  /** The camp year the order belongs to: `SEASON.campYear` (src/config/season.ts). */
  season: number;
  /**
   * What to do when a child already holds the product this season
   * (docs/data-model.md, "One product per child and season"): 'refuse' (a
   * Bonifico, cash: nothing is written, 409) or 'record-to-verify' (a card
   * payment already taken: recorded all the same, 'Da Verificare', so the
   * treasurer sees it and refunds); 'instalment' for the payment of a rata,
   * whose child holds the product by design (its item takes a fresh id).
   */
  whenHeld: 'refuse' | 'record-to-verify' | 'instalment';
  /** The number of the rata a Bonifico or cash order pays (whenHeld 'instalment'): claimed once (./instalment-claims.ts). */
  instalmentNumber?: number;
  /** In tick order, priced (priceOrder). */
  lines: OrderLine[];
  /** The parent whose session placed the order (the receipt's 'Ricevuto da'); null when unknown. */
  parentId: string | null;
  /** The card service fee in euros the parent paid on top of the lines (0 for a Bonifico or cash): printed on the receipt. */
  serviceFeeEuros: number;
  /** 'Contributo al fondo di solidarietà' in euros the parent added to a card payment, kept apart from the lines; 0 or absent for none. */
  solidarityContributionEuros?: number;
}

/** How the order is recorded, decided from the transaction's reads. */
export interface OrderOutcome {
  /** The lines whose child already holds the product this season (their season item exists). */
  heldLines: OrderLine[];
  /** The status before anything Stripe reported: 'Da Verificare' when a line is held. */
  recordedStatus: RecordedStatus;
  /** A card payment's fields from what Stripe reported before it was recorded; null for another method or nothing reported. */
  card: Pick<PaymentDocument, 'status' | 'refunded_amount' | 'dispute'> | null;
  status: PaymentStatus;
}

/** Thrown by {@link orderOutcome} when the order is refused: a held child with `whenHeld` 'refuse'. */
export class HeldProductError extends Error {
  constructor(readonly names: readonly string[]) {
    super(`Already held by ${names.join(', ')}`);
    this.name = 'HeldProductError';
  }
}

/**
 * The status of a new order: the lines whose season item exists (`held[i]`)
 * hold the product already, which refuses the order (`whenHeld` 'refuse':
 * {@link HeldProductError}) or records it 'Da Verificare'; a card payment
 * then takes what Stripe reported before (`stripeState`: a refund, a
 * dispute; cardFieldsOf). A debit 'In elaborazione' stays so (its held
 * lines make it 'Da Verificare' once it succeeds), or is 'Non riuscito'
 * when Stripe reported its failure first (processingStatus).
 * @throws HeldProductError naming the children who hold the product.
 */
export function orderOutcome(
  order: Pick<OrderToPlan, 'lines' | 'status' | 'whenHeld' | 'processingAt'>,
  held: readonly boolean[],
  stripeState: StripePaymentIntentDocument | null,
): OrderOutcome {
  const heldLines = order.whenHeld === 'instalment' ? [] : order.lines.filter((_, index) => held[index] === true);
  if (heldLines.length > 0 && order.whenHeld === 'refuse') throw new HeldProductError(heldLines.map((line) => line.child.name));
  if (order.status === PAYMENT_STATUS.processing || order.status === PAYMENT_STATUS.failed) {
    const status = processingStatus(order.processingAt ?? 0, stripeState?.debit_failed_at ?? 0);
    return { heldLines, recordedStatus: status, card: null, status };
  }
  const recordedStatus = heldLines.length > 0 ? PAYMENT_STATUS.toVerify : order.status;
  const card = stripeState ? cardFieldsOf(recordedStatus, stripeState) : null;
  return { heldLines, recordedStatus, card, status: card?.status ?? recordedStatus };
}

/** The ids the order's documents take: each line's item (its season id, or a fresh one), the payment's, a Bonifico's reference code. */
export interface OrderIds {
  /** For each line, in order: its season item id when it holds the product, a fresh id otherwise ({@link itemIdsOf}). */
  itemIds: string[];
  paymentId: string;
  /** A Bonifico's reference code ('CE25-7K3Q'), null for card and cash. */
  reference: string | null;
}

/**
 * Which id each line's item takes: its season id (`seasonIds[i]`), which
 * holds the child's product; a fresh id (`fresh()`) for a line already held
 * (a card payment taken twice: the money is recorded, the treasurer sorts
 * it out) and for every line of a payment that holds nothing (refunded
 * before it was recorded).
 */
export function itemIdsOf(outcome: OrderOutcome, seasonIds: readonly string[], held: readonly boolean[], fresh: () => string): string[] {
  return seasonIds.map((id, index) => (held[index] === true || !holdsProduct(outcome.status) ? fresh() : id));
}

/** An order as recorded, as the functions answer it (docs/api.md). */
export interface RecordedOrder {
  orderId: string;
  method: RecordedMethod;
  status: PaymentStatus;
  /** The items' sum in euros. */
  totalEuros: number;
  /** The receipt's number (docs/admin.md, "Receipts"), null until the payment is confirmed. */
  receiptNumber: string | null;
  /** In tick order, each with its item's id. */
  lines: OrderLine[];
  /** A Bonifico's reference code ('CE25-7K3Q'), null for a card or cash payment. */
  reference: string | null;
}

/**
 * The documents of a new order (docs/data-model.md, "Writing an order"):
 * one `order_items` document per line, the `payments` document (the plan,
 * family and surname the admin's list filters by, a copy of the lines,
 * the card fields, the receipt and credit notes it was issued with), the
 * `orders` document, a Bonifico's `transfer_references` document, and the
 * order as the functions answer it. `now` is what the timestamps are
 * written as (the server's time).
 */
export function orderDocuments<T, R extends { number: string }, N>(
  order: OrderToPlan,
  outcome: OrderOutcome,
  ids: OrderIds,
  family: Pick<FamilyDocument, 'surname'>,
  issued: { receipt: R | null; creditNotes: N[] | null },
  now: T,
) {
  const lines = order.lines.map((line, index) => ({ ...line, itemId: ids.itemIds[index] ?? '' }));
  const totalEuros = sumEuros(lines.map((line) => line.priceEuros));
  const { season, familyId, orderId } = order;
  const items = lines.map((line) => ({
    id: line.itemId,
    created_at: now,
    season,
    family_id: familyId,
    payment_id: ids.paymentId,
    ...itemFieldsOf(line),
  }));
  const payment = {
    id: ids.paymentId,
    created_at: now,
    season,
    order_id: orderId,
    family_id: familyId,
    family_surname: family.surname,
    surname_key: surnameFilterKey(family.surname),
    plan: order.product.plan,
    method: order.method,
    status: outcome.status,
    total_amount: totalEuros,
    solidarity_contribution: order.solidarityContributionEuros ?? 0,
    lines: lines.map((line) => paymentLineFieldsOf(line, line.itemId)),
    confirmed_at: null,
    confirmed_by: null,
    recorded_status: outcome.recordedStatus,
    refunded_amount: outcome.card?.refunded_amount ?? 0,
    dispute: outcome.card?.dispute ?? null,
    history: [],
    parent_id: order.parentId,
    receipt: issued.receipt,
    reference: ids.reference,
    ...(issued.creditNotes ? { credit_notes: issued.creditNotes } : {}),
  };
  const orderDocument = { id: orderId, created_at: now, season, family_id: familyId, order_items: ids.itemIds, payment_id: ids.paymentId };
  const reference = ids.reference
    ? { code: ids.reference, payment_id: ids.paymentId, order_id: orderId, family_id: familyId, season }
    : null;
  const recorded: RecordedOrder = {
    orderId,
    method: order.method,
    status: outcome.status,
    totalEuros,
    receiptNumber: issued.receipt?.number ?? null,
    lines,
    reference: ids.reference,
  };
  return { items, payment, order: orderDocument, reference, recorded };
}
