import type { Firestore } from 'firebase-admin/firestore';
import type Stripe from 'stripe';
import { catalogueOf, readSeasonSettings } from './season-settings';
import { findProduct } from '@domain/catalogue';
import { SEASON } from '@config/season';
import { centsToEuros, sumEuros } from '@domain/money';
import type { RecordedStatus } from '@domain/payment-status';
import { PAYMENT_STATUS, type Size } from '@domain/plans';
import { decodeChildrenMetadata, encodeChildrenMetadata, priceOrder } from '@domain/products';
import { onlineTotal } from '@domain/service-fee';
import { findFamilyById, findFamilyItems } from './families';
import { HttpError } from './http';
import { matchOrderChildren, productHolders } from './order-request';
import { recordOrder, type RecordedOrder } from './record-order';
import type { MailContext } from './mail/layout';
import { cardPaymentNotice } from './mail/order-mails';

/**
 * The order a PaymentIntent carries, and its recording once paid
 * (docs/api.md, "PaymentIntent metadata" and "Recording a card payment").
 * create-payment-intent writes the metadata; stripe-webhook and
 * record-payment read it back, rebuild the order from Firestore and record
 * it through here, so both record the same order the same way.
 */

/** Stripe's limit on one metadata value, in characters. */
export const MAX_METADATA_VALUE_LENGTH = 500;

/** Italian messages of a payment that cannot be recorded. */
export const FULFIL_MESSAGES = {
  notSucceeded: (status: string) => `Il pagamento non risulta completato (stato: ${status}).`,
  notPortalPayment: 'Questo pagamento non riguarda un ordine del portale.',
  unfulfillable: (paymentIntentId: string) =>
    `Il pagamento è stato ricevuto ma non è stato possibile ricostruire l'ordine. Contatta il gruppo indicando il codice ${paymentIntentId}.`,
} as const;

/**
 * What a PaymentIntent keeps of its order: `{ family_id, parent_id, product,
 * children, card_fee }` (children: `id` or `id:size`, comma-separated, tick
 * order; parent_id: whose session placed it; card_fee: '1' when the
 * 'Commissioni Servizio' was charged, '0' when the season had it off).
 */
export interface OrderMetadata {
  family_id: string;
  parent_id: string;
  product: string;
  children: string;
  card_fee: '1' | '0';
}

/** The fields of a PaymentIntent this module reads. */
export type PaymentIntentToFulfil = Pick<Stripe.PaymentIntent, 'id' | 'status' | 'amount_received' | 'currency' | 'metadata'>;

/** A paid order whose metadata cannot be turned back into an order: 422 with an Italian message; `reason` (English) is for the log. */
export class UnfulfillableOrderError extends HttpError {
  constructor(
    paymentIntentId: string,
    readonly reason: string,
  ) {
    super(422, FULFIL_MESSAGES.unfulfillable(paymentIntentId));
    this.name = 'UnfulfillableOrderError';
  }
}

/**
 * The metadata of an order's PaymentIntent: the family id, the product and
 * the children with their sizes in tick order (encodeChildrenMetadata).
 * @throws HttpError 400 when the children do not fit Stripe's 500-character
 * limit of a metadata value (many children with long ids).
 */
export function orderMetadata(
  familyId: string,
  parentId: string,
  product: string,
  children: ReadonlyArray<{ id: string; size?: Size | '' }>,
  cardFee: boolean,
): OrderMetadata {
  const encoded = encodeChildrenMetadata(children);
  if (encoded.length > MAX_METADATA_VALUE_LENGTH) {
    throw new HttpError(400, "Troppi figli in un unico pagamento con carta: dividi l'ordine in due pagamenti.");
  }
  return { family_id: familyId, parent_id: parentId, product, children: encoded, card_fee: cardFee ? '1' : '0' };
}

/** True when the PaymentIntent was made by create-payment-intent (it names a family, a product or children). */
export function isPortalPayment(paymentIntent: Pick<Stripe.PaymentIntent, 'metadata'>): boolean {
  const metadata = paymentIntent.metadata ?? {};
  return ['family_id', 'product', 'children'].some((key) => key in metadata);
}

/** A Firestore document id: no '/', not '.' or '..', not `__...__`, at most 128 characters here. */
const DOCUMENT_ID = /^(?!\.\.?$)(?!__.*__$)[^/]{1,128}$/;
/** A catalogue product id: the spec's or a season product's slug (productSlug). */
const PRODUCT_ID = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/**
 * Reads {@link orderMetadata}'s fields back.
 * @throws UnfulfillableOrderError naming the field that is missing or malformed.
 */
export function readOrderMetadata(paymentIntent: Pick<Stripe.PaymentIntent, 'id' | 'metadata'>): {
  familyId: string;
  /** Null for a PaymentIntent made before the parent was kept, or a malformed one: the receipt then names the family's first parent. */
  parentId: string | null;
  /** False only when the PaymentIntent says the fee was off ('0'); older ones charged it. */
  cardFee: boolean;
  /** A product id of the season's catalogue (checked against it when the order is rebuilt). */
  product: string;
  children: Array<{ id: string; size?: Size }>;
} {
  const metadata = paymentIntent.metadata ?? {};
  const familyId = metadata.family_id ?? '';
  if (!DOCUMENT_ID.test(familyId))
    throw new UnfulfillableOrderError(paymentIntent.id, `metadata.family_id is missing or not a document id: "${familyId}"`);
  const product = metadata.product;
  if (!PRODUCT_ID.test(product ?? '')) {
    throw new UnfulfillableOrderError(paymentIntent.id, `metadata.product is missing or unknown: "${product ?? ''}"`);
  }
  let children: Array<{ id: string; size?: Size }>;
  try {
    children = decodeChildrenMetadata(metadata.children ?? '');
  } catch (error) {
    throw new UnfulfillableOrderError(
      paymentIntent.id,
      `metadata.children is malformed: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const parentId = DOCUMENT_ID.test(metadata.parent_id ?? '') ? (metadata.parent_id ?? null) : null;
  return { familyId, parentId, cardFee: metadata.card_fee !== '0', product: product as string, children };
}

/** A recorded card payment: `created` false when it had been recorded before. */
export interface FulfilledPayment {
  created: boolean;
  order: RecordedOrder;
  /** The 'Pagamento ricevuto' e-mail written with a new order (send it with deliverMail), or null. */
  mailId: string | null;
}

/**
 * Records the order of a succeeded PaymentIntent (docs/api.md, "Recording a
 * card payment"): the family and children are read from Firestore by the
 * metadata's ids, priced again with src/domain in the metadata's tick
 * order, and recorded through recordOrder with the PaymentIntent id as
 * order id and method 'Online' (one transaction; a second delivery, a
 * replay or two calls at once record it once).
 *
 * Status 'Confermato', or 'Da Verificare' when the money taken cannot be
 * trusted to match the order: `amount_received` (cents) differs from the
 * recomputed online total, the currency is not EUR, a child may no longer
 * buy the product, or already holds it this season (paid twice: the
 * treasurer refunds). The order is recorded all the same (the money was
 * taken) and the reason goes to the log as a warning.
 *
 * A new order writes 'Pagamento ricevuto' to the outbox for the family's
 * parents (`mail`: the messages' context); the caller sends it.
 *
 * `functionName` prefixes the log lines. No secret and no personal data
 * beyond ids is logged.
 * @throws HttpError 409 when the PaymentIntent has not succeeded;
 * UnfulfillableOrderError (422, logged) when the metadata is malformed, the
 * family is gone, or a child is not in it, named twice, or has a size it
 * must not have (or lacks one it must have).
 */
export async function fulfilPayment(
  db: Firestore,
  paymentIntent: PaymentIntentToFulfil,
  functionName: string,
  mail: MailContext,
): Promise<FulfilledPayment> {
  if (paymentIntent.status !== 'succeeded') throw new HttpError(409, FULFIL_MESSAGES.notSucceeded(paymentIntent.status));
  try {
    return await rebuildAndRecord(db, paymentIntent, functionName, mail);
  } catch (error) {
    if (error instanceof UnfulfillableOrderError) {
      console.error(`${functionName}: PaymentIntent ${paymentIntent.id} succeeded but its order cannot be rebuilt: ${error.reason}`);
    }
    throw error;
  }
}

async function rebuildAndRecord(
  db: Firestore,
  paymentIntent: PaymentIntentToFulfil,
  functionName: string,
  mail: MailContext,
): Promise<FulfilledPayment> {
  const { familyId, parentId, cardFee, product, children } = readOrderMetadata(paymentIntent);
  const unfulfillable = (reason: string) => new UnfulfillableOrderError(paymentIntent.id, reason);

  const settings = await readSeasonSettings(db, SEASON.campYear);
  // A product closed since the PaymentIntent was made is still recorded: the parent has paid.
  const entry = findProduct(catalogueOf(settings), product);
  if (!entry) throw unfulfillable(`product ${product} is not in the season's catalogue`);
  const found = await findFamilyById(db, familyId);
  if (!found) throw unfulfillable(`family ${familyId} does not exist`);
  const { chosen, problems } = matchOrderChildren(found.children, children, entry);
  const toVerify: string[] = [];
  for (const problem of problems) {
    switch (problem.kind) {
      case 'notOfFamily':
        throw unfulfillable(`child ${problem.id} is not in family ${familyId}`);
      case 'duplicate':
        throw unfulfillable(`child ${problem.id} is named twice`);
      case 'sizeRequired':
        throw unfulfillable(`child ${problem.child.id}: no size for ${product}`);
      case 'sizeRefused':
        throw unfulfillable(`child ${problem.child.id}: a size on ${product}`);
      case 'mayNotBuy':
        toVerify.push(`child ${problem.child.id} (${problem.child.branch}) may not buy ${product}`);
    }
  }

  for (const child of chosen) {
    if (child.archived_at !== null) toVerify.push(`child ${child.id} was archived before the payment was recorded`);
  }
  // Priced as create-payment-intent priced it: after the siblings holding the product from other orders.
  const items = await findFamilyItems(db, familyId, SEASON.campYear);
  const chosenIds = new Set(chosen.map((child) => child.id));
  const siblingsHolding = [...productHolders(entry, items, paymentIntent.id)].filter((id) => !chosenIds.has(id)).length;
  // A price changed in 'Impostazioni stagione' while the parent paid makes the amount differ: 'Da Verificare', never a silent loss.
  const lines = priceOrder(entry, chosen, siblingsHolding);
  const expected = onlineTotal(sumEuros(lines.map((line) => line.priceEuros)), cardFee);
  if (paymentIntent.currency?.toLowerCase() !== 'eur') toVerify.push(`currency is ${paymentIntent.currency}, not eur`);
  if (paymentIntent.amount_received !== expected.totalCents) {
    toVerify.push(
      `amount_received ${paymentIntent.amount_received} cents differs from the order's online total ${expected.totalCents} cents`,
    );
  }
  const status: RecordedStatus = toVerify.length === 0 ? PAYMENT_STATUS.confirmed : PAYMENT_STATUS.toVerify;

  const result = await recordOrder(db, {
    orderId: paymentIntent.id,
    familyId,
    method: 'Online',
    status,
    season: SEASON.campYear,
    whenHeld: 'record-to-verify',
    parentId,
    serviceFeeEuros: expected.feeEuros,
    lines: lines.map((line) => ({
      child: { id: line.child.id, name: line.child.name, surname: line.child.surname },
      plan: line.plan,
      size: line.size,
      priceEuros: line.priceEuros,
    })),
    // The e-mail tells what the card was charged: what Stripe received.
    notify: cardPaymentNotice(centsToEuros(paymentIntent.amount_received), expected.feeEuros, mail),
  });
  if (result.held.length > 0) toVerify.push(`children ${result.held.join(', ')} already hold ${product} this season`);
  if (result.created && toVerify.length > 0) {
    console.warn(`${functionName}: order ${paymentIntent.id} recorded as '${result.order.status}': ${toVerify.join('; ')}`);
  } else if (result.created) {
    console.info(`${functionName}: order ${paymentIntent.id} recorded as '${result.order.status}'`);
  }
  return result;
}
