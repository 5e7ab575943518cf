import type { Firestore } from 'firebase-admin/firestore';
import type Stripe from 'stripe';
import { RECORD_PAYMENT_MESSAGES } from '@contracts/record-payment';
import { SEASON } from '@config/season';
import type { OrderLine } from '@domain/catalogue/order-line';
import { familyProductBalance } from '@domain/families/family-balance';
import { nextInstalmentLine, priceOrderWithPlan } from '@domain/payments/instalments';
import { italianDay } from '@domain/italian-time';
import { findProduct, type CatalogueProduct } from '@domain/catalogue/product';
import type { ChildDocument } from '@domain/roster/child-schema';
import { centsToEuros, roundEuros, sumEuros } from '@domain/money';
import { PAYMENT_STATUS } from '@domain/payments/payment-status';
import { onlineTotal, type OnlineTotal } from '@domain/payments/service-fee';
import { findFamilyById, type FamilyWithChildren } from '../families/families';
import { readBalanceInputs } from '../families/family-reductions';
import { HttpError } from '../platform/http';
import type { MailContext } from '../platform/mail/layout';
import { confirmDebit, debitNotice, payAgainUrl } from './stripe-debit-events';
import { cardPaymentNotice } from '../orders/order-mails';
import { readOrderMetadata, UnfulfillableOrderError, type ReadMetadata } from '../orders/order-metadata';
import { matchOrderChildren, type ChildProblem } from '../orders/order-request';
import { recordOrder, type OrderToRecord, type RecordedOrder, type RecordOrderResult } from '../orders/record-order';
import { catalogueOf, readSeasonSettings } from '../season/season-settings';

/**
 * Recording a card payment once paid (docs/api.md, "stripe-webhook" and
 * "record-payment"): stripe-webhook and record-payment both record a succeeded
 * PaymentIntent through here, so both record the same order the same way.
 */

/** The fields of a PaymentIntent this module reads. */
export type PaymentIntentToFulfil = Pick<Stripe.PaymentIntent, 'id' | 'status' | 'amount_received' | 'currency' | 'metadata'>;

/** A PaymentIntent Stripe reported 'processing' (a debit): `amount` is what it will take, `amount_received` is 0 until it succeeds. */
export type PaymentIntentProcessing = PaymentIntentToFulfil & Pick<Stripe.PaymentIntent, 'amount'>;

/** A recorded card payment: `created` false when it had been recorded before. */
export interface FulfilledPayment {
  created: boolean;
  order: RecordedOrder;
  /** The 'Pagamento ricevuto' e-mail written with a new order (send it with deliverMail), or null. */
  mailId: string | null;
}

/**
 * Records the order of a succeeded PaymentIntent: rebuilt from its metadata
 * and Firestore ({@link rebuildCardOrder}), recorded through recordOrder
 * with the PaymentIntent id as order id and method 'Online' (one
 * transaction; a second delivery, a replay or two calls at once record it
 * once), 'Confermato', or 'Da Verificare' when the money taken cannot be
 * trusted to match the order (the reasons go to the log as a warning; a
 * child who already holds the product this season: paid twice, the
 * treasurer refunds). A new order writes 'Pagamento ricevuto' to the
 * outbox for the family's parents; the caller sends it. An order recorded
 * before as a debit 'In elaborazione' is confirmed (confirmDebit,
 * ./debit-events.ts: its receipt and e-mail). `functionName`
 * prefixes the log lines; no secret and no personal data beyond ids is logged.
 * @throws HttpError 409 when the PaymentIntent has not succeeded;
 * UnfulfillableOrderError (422, logged) when the order cannot be rebuilt.
 */
export async function fulfilPayment(
  db: Firestore,
  paymentIntent: PaymentIntentToFulfil,
  functionName: string,
  mail: MailContext,
): Promise<FulfilledPayment> {
  if (paymentIntent.status !== 'succeeded') throw new HttpError(409, RECORD_PAYMENT_MESSAGES.notSucceeded(paymentIntent.status));
  try {
    const rebuilt = await rebuildCardOrder(db, paymentIntent);
    const result = await recordCardOrder(db, paymentIntent.id, rebuilt, functionName, {
      status: rebuilt.toVerify.length === 0 ? PAYMENT_STATUS.confirmed : PAYMENT_STATUS.toVerify,
      // The e-mail tells what the card was charged: what Stripe received.
      notify: cardPaymentNotice(
        centsToEuros(paymentIntent.amount_received),
        rebuilt.expected.feeEuros,
        mail,
        rebuilt.metadata.contributionEuros,
      ),
    });
    if (result.created || (result.order.status !== PAYMENT_STATUS.processing && result.order.status !== PAYMENT_STATUS.failed))
      return result;
    const confirmed = await confirmDebit(db, paymentIntent, rebuilt, mail);
    if (confirmed.mailId) logRecorded(functionName, paymentIntent.id, confirmed.order, rebuilt.toVerify);
    return confirmed;
  } catch (error) {
    if (error instanceof UnfulfillableOrderError) {
      console.error(`${functionName}: PaymentIntent ${paymentIntent.id} succeeded but its order cannot be rebuilt: ${error.reason}`);
    }
    throw error;
  }
}

/**
 * Records the order of a PaymentIntent Stripe reported 'processing' (a SEPA
 * debit; docs/data-model.md, "Asynchronous payments"), rebuilt as
 * {@link fulfilPayment} rebuilds it, its amount checked against `amount`:
 * through recordOrder, 'In elaborazione' (its items hold the children's
 * products, no receipt, 'Pagamento in elaborazione' to the family), or
 * 'Non riuscito' when Stripe reported the debit failed first (the product
 * held by nobody, 'Pagamento non riuscito' with the product's page).
 * `processingAt` is the event's `created` (Unix seconds). An order
 * recorded before (succeeded first, a second delivery) is answered as it is.
 * @throws UnfulfillableOrderError (422, logged) when the order cannot be rebuilt.
 */
export async function recordProcessing(
  db: Firestore,
  paymentIntent: PaymentIntentProcessing,
  processingAt: number,
  functionName: string,
  mail: MailContext,
): Promise<FulfilledPayment> {
  try {
    // amount_received is 0 while the debit runs: the amount checked is what it will take.
    const rebuilt = await rebuildCardOrder(db, { ...paymentIntent, amount_received: paymentIntent.amount });
    const payUrl = await payAgainUrl(db, rebuilt.product.id, mail);
    return await recordCardOrder(db, paymentIntent.id, rebuilt, functionName, {
      status: PAYMENT_STATUS.processing,
      processingAt,
      notify: debitNotice(centsToEuros(paymentIntent.amount), rebuilt.expected.feeEuros, payUrl, mail, rebuilt.metadata.contributionEuros),
    });
  } catch (error) {
    if (error instanceof UnfulfillableOrderError) {
      console.error(`${functionName}: PaymentIntent ${paymentIntent.id} is processing but its order cannot be rebuilt: ${error.reason}`);
    }
    throw error;
  }
}

/**
 * Records a rebuilt card order through recordOrder (docs/api.md,
 * "stripe-webhook"): the PaymentIntent id as order id, method 'Online', this
 * season, the rebuilt metadata, product, lines, fee and contribution, with
 * `how`'s status, `processingAt` (Unix seconds, a debit) and e-mail. A child
 * who already held the product this season adds a reason to
 * `rebuilt.toVerify`; a new order is logged (logRecorded).
 */
async function recordCardOrder(
  db: Firestore,
  paymentIntentId: string,
  rebuilt: RebuiltCardOrder,
  functionName: string,
  how: Pick<OrderToRecord, 'status' | 'processingAt' | 'notify'>,
): Promise<RecordOrderResult> {
  const result = await recordOrder(db, {
    orderId: paymentIntentId,
    familyId: rebuilt.metadata.familyId,
    product: rebuilt.product,
    method: 'Online',
    ...how,
    season: SEASON.campYear,
    whenHeld: rebuilt.metadata.instalment ? 'instalment' : 'record-to-verify',
    parentId: rebuilt.metadata.parentId,
    serviceFeeEuros: rebuilt.expected.feeEuros,
    solidarityContributionEuros: rebuilt.metadata.contributionEuros,
    lines: rebuilt.lines,
  });
  if (result.held.length > 0) rebuilt.toVerify.push(`children ${result.held.join(', ')} already hold ${rebuilt.product.id} this season`);
  if (result.created) logRecorded(functionName, paymentIntentId, result.order, rebuilt.toVerify);
  return result;
}

function logRecorded(functionName: string, paymentIntentId: string, order: RecordedOrder, toVerify: readonly string[]): void {
  if (toVerify.length > 0) console.warn(`${functionName}: order ${paymentIntentId} recorded as '${order.status}': ${toVerify.join('; ')}`);
  else console.info(`${functionName}: order ${paymentIntentId} recorded as '${order.status}'`);
}

/** A card order rebuilt: its metadata, product, priced lines, the online total they and the contribution make, and why it is to verify (none: 'Confermato'). */
export interface RebuiltCardOrder {
  metadata: ReadMetadata;
  product: CatalogueProduct;
  lines: OrderLine[];
  expected: OnlineTotal;
  toVerify: string[];
}

/**
 * The order of a PaymentIntent rebuilt from Firestore by its metadata's
 * ids: the product in the season's catalogue (one closed since is still
 * recorded: the parent has paid), the family and its children, priced
 * again with src/domain as create-payment-intent priced it: the family's
 * balance with the metadata's children (priceBalancedOrder), its 'Riduzione' applied.
 * @throws UnfulfillableOrderError when the metadata is malformed, the
 * product or the family is gone, or a child is not in it, named twice, or
 * has a size it must not have (or lacks one it must have).
 */
export async function rebuildCardOrder(db: Firestore, paymentIntent: PaymentIntentToFulfil): Promise<RebuiltCardOrder> {
  const metadata = readOrderMetadata(paymentIntent);
  const unfulfillable = (reason: string) => new UnfulfillableOrderError(paymentIntent.id, reason);
  const product = findProduct(catalogueOf(await readSeasonSettings(db, SEASON.campYear)), metadata.product);
  if (!product) throw unfulfillable(`product ${metadata.product} is not in the season's catalogue`);
  const found = await findFamilyById(db, metadata.familyId);
  if (!found) throw unfulfillable(`family ${metadata.familyId} does not exist`);
  if (metadata.instalment) return rebuildInstalmentPayment(db, paymentIntent, { metadata, product, found }, unfulfillable);
  const { chosen, problems } = matchOrderChildren(found.children, metadata.children, product);
  const toVerify = childrenToVerify(problems, chosen, { productId: product.id, familyId: metadata.familyId }, unfulfillable);
  const { items, reduction } = await readBalanceInputs(db, metadata.familyId, product.id, SEASON.campYear);
  // An order recorded meanwhile for one of these children (a second tab) did not exist when the PaymentIntent was priced.
  const chosenIds = new Set(chosen.map((child) => child.id));
  const meanwhile = new Set(
    items.filter(({ item }) => item.plan === product.plan && chosenIds.has(item.son_info.id)).map(({ item }) => item.payment_id),
  );
  const balance = familyProductBalance(
    product,
    items.filter(({ item }) => !meanwhile.has(item.payment_id)),
    found.children,
    reduction,
    paymentIntent.id,
  );
  // A price changed in 'Impostazioni stagione' while the parent paid makes the amount differ: 'Da Verificare', never a silent loss.
  const { lines, amountEuros } = priceOrderWithPlan(product, balance, chosen, italianDay(new Date()));
  // The contribution is charged with the lines (create-payment-intent): the card total is both, with the fee on both.
  const expected = onlineTotal(sumEuros([amountEuros, metadata.contributionEuros]), metadata.cardFee);
  return { metadata, product, lines, expected, toVerify: [...toVerify, ...amountToVerify(paymentIntent, expected)] };
}

/**
 * The payment of a rata rebuilt ('Paga la rata'; docs/product.md,
 * "Instalments"): the family's next rata of the product, priced again
 * without this PaymentIntent's own order (nextInstalmentLine), for the
 * metadata's child. When no rata is left (a Bonifico of it recorded
 * meanwhile), the money taken is recorded all the same, 'Da Verificare',
 * for the treasurer to refund.
 * @throws what `unfulfillable` makes when the child is not the family's.
 */
async function rebuildInstalmentPayment(
  db: Firestore,
  paymentIntent: PaymentIntentToFulfil,
  { metadata, product, found }: { metadata: ReadMetadata; product: CatalogueProduct; found: FamilyWithChildren },
  unfulfillable: (reason: string) => Error,
): Promise<RebuiltCardOrder> {
  const child = found.children.find((each) => each.id === metadata.children[0]?.id);
  if (!child) throw unfulfillable(`child ${metadata.children[0]?.id ?? ''} is not in family ${metadata.familyId}`);
  const { items, reduction } = await readBalanceInputs(db, metadata.familyId, product.id, SEASON.campYear);
  const balance = familyProductBalance(product, items, found.children, reduction, paymentIntent.id);
  const next = nextInstalmentLine(product, balance, child, italianDay(new Date()));
  if (!next) {
    // All the money taken but the contribution, kept apart as on any card payment.
    const priceEuros = roundEuros(centsToEuros(paymentIntent.amount_received) - metadata.contributionEuros);
    const line = { child, plan: product.plan, size: '' as const, priceEuros };
    const reason = `no rata of ${product.id} is left to pay for family ${metadata.familyId}`;
    return { metadata, product, lines: [line], expected: onlineTotal(line.priceEuros, false), toVerify: [reason] };
  }
  const expected = onlineTotal(sumEuros([next.line.priceEuros, metadata.contributionEuros]), metadata.cardFee);
  return { metadata, product, lines: [next.line], expected, toVerify: amountToVerify(paymentIntent, expected) };
}

/**
 * What the children of a paid order say about it: a child of another
 * family, named twice, or with a size it must not have (or without one) makes
 * it unfulfillable; a child who may not buy the product, or was archived
 * since, makes it 'Da Verificare' (the reasons, for the log).
 * @throws what `unfulfillable` makes.
 */
function childrenToVerify(
  problems: readonly ChildProblem[],
  chosen: readonly ChildDocument[],
  { productId, familyId }: { productId: string; familyId: string },
  unfulfillable: (reason: string) => Error,
): string[] {
  const toVerify: string[] = [];
  for (const problem of problems) {
    if (problem.kind === 'notOfFamily') throw unfulfillable(`child ${problem.id} is not in family ${familyId}`);
    if (problem.kind === 'duplicate') throw unfulfillable(`child ${problem.id} is named twice`);
    if (problem.kind === 'sizeRequired') throw unfulfillable(`child ${problem.child.id}: no size for ${productId}`);
    if (problem.kind === 'sizeRefused') throw unfulfillable(`child ${problem.child.id}: a size on ${productId}`);
    toVerify.push(`child ${problem.child.id} (${problem.child.branch}) may not buy ${productId}`);
  }
  for (const child of chosen) {
    if (child.archived_at !== null) toVerify.push(`child ${child.id} was archived before the payment was recorded`);
  }
  return toVerify;
}

/** Why the money taken may not match the order: not euros, or `amount_received` (cents) not the recomputed online total. */
function amountToVerify(paymentIntent: PaymentIntentToFulfil, expected: OnlineTotal): string[] {
  const reasons: string[] = [];
  if (paymentIntent.currency?.toLowerCase() !== 'eur') reasons.push(`currency is ${paymentIntent.currency}, not eur`);
  if (paymentIntent.amount_received !== expected.totalCents) {
    reasons.push(
      `amount_received ${paymentIntent.amount_received} cents differs from the order's online total ${expected.totalCents} cents`,
    );
  }
  return reasons;
}
