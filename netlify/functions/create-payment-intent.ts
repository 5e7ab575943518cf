import type { Config } from '@netlify/functions';
import { createHash } from 'node:crypto';
import { onlineTotal } from '@domain/service-fee';
import { fiscalCodeFunction } from '../lib/fiscal-code-budget';
import { getDb } from '../lib/firestore';
import { orderMetadata, type OrderMetadata } from '../lib/fulfil-payment';
import { HttpError, jsonResponse } from '../lib/http';
import { ORDER_MESSAGES, orderRequestSchema, parseBody, resolveOrder } from '../lib/order-request';
import { requireSession } from '../lib/session';
import { checkAmountLimits, STRIPE_MESSAGES, stripeFailure, stripeFromEnv } from '../lib/stripe';
import { COLLECTION, parentDocument } from '@domain/documents';
import { readSnapshot } from '../lib/documents';
import { readSeasonSettings } from '../lib/season-settings';
import { SEASON } from '@config/season';

/**
 * The Stripe idempotency key of one payment attempt with one cart: a hash
 * of the request's idempotency key, the family, the metadata (product and
 * children with sizes in tick order) and the total in cents. The same
 * attempt with the same cart gets the same PaymentIntent back; a changed
 * cart (or price) gets a new one, and a key cannot reach another family's
 * PaymentIntent.
 */
export function paymentIntentIdempotencyKey(idempotencyKey: string, metadata: OrderMetadata, totalCents: number): string {
  const material = [
    idempotencyKey,
    metadata.family_id,
    metadata.parent_id,
    metadata.product,
    metadata.children,
    metadata.card_fee,
    String(totalCents),
  ].join('\n');
  return `create-payment-intent-${createHash('sha256').update(material).digest('hex')}`;
}

/**
 * POST /.netlify/functions/create-payment-intent (docs/api.md).
 * Body: the order request `{ cf, product, children: [{ id, size? }],
 * idempotencyKey }`, children in tick order; any other field (an amount, a
 * price, a status) is ignored. The order is checked against Firestore and
 * priced on the server (src/domain), the card service fee added
 * (onlineTotal) unless the season's settings have it off (readSeasonSettings;
 * metadata `card_fee`), and a Stripe PaymentIntent created in EUR with automatic
 * payment methods, `amount` = the total in integer cents, metadata
 * `{ family_id, product, children }` (docs/api.md, "PaymentIntent
 * metadata") and a Stripe idempotency key derived from the request
 * ({@link paymentIntentIdempotencyKey}).
 *
 * Answers 200 `{ checkoutSessionClientSecret, amountEuros, feeEuros,
 * totalEuros }` (euros, two decimals). 400 with an Italian `{error}` naming
 * the problem (malformed request, invalid fiscal code, child of another
 * family, felpa for a non-Reparto child, missing or unexpected size, a total
 * under Stripe's 50 cents or over STRIPE_MAX_AMOUNT_CENTS); 404 for an
 * unknown fiscal code; 409 when a chosen child already holds the product
 * this season, paid or awaiting a transfer (docs/data-model.md, "One
 * product per child and season"), answered before Stripe is called, so no
 * PaymentIntent is made; 405 for other methods; 503 when STRIPE_SECRET_KEY (or
 * Firebase) is not configured; 502 when Stripe fails (logged as
 * `type: message`, never the key or a stack).
 */
export default fiscalCodeFunction('create-payment-intent', async (body, httpRequest) => {
  const session = await requireSession(httpRequest);
  const request = parseBody(orderRequestSchema, body, ORDER_MESSAGES.malformed);
  const stripe = stripeFromEnv();
  const db = getDb();
  const [resolved, parent] = await Promise.all([
    resolveOrder(db, request, { session }),
    db.collection(COLLECTION.parents).doc(session.parentId).get(),
  ]);
  // Stripe's own receipt goes to the parent who verified the session.
  const receiptEmail = readSnapshot(parentDocument, parent)?.email ?? undefined;
  const settings = await readSeasonSettings(db, SEASON.campYear);
  const total = onlineTotal(resolved.amountEuros, settings.cardFee);
  checkAmountLimits(total.totalCents);
  const metadata = orderMetadata(
    resolved.family.id,
    session.parentId,
    resolved.product.id,
    resolved.lines.map((line) => ({ id: line.child.id, size: line.size })),
    settings.cardFee,
  );

  let clientSecret: string | null;
  try {
    const paymentIntent = await stripe.paymentIntents.create(
      {
        amount: total.totalCents,
        currency: 'eur',
        automatic_payment_methods: { enabled: true },
        metadata: { ...metadata },
        ...(receiptEmail ? { receipt_email: receiptEmail } : {}),
      },
      { idempotencyKey: paymentIntentIdempotencyKey(request.idempotencyKey, metadata, total.totalCents) },
    );
    clientSecret = paymentIntent.client_secret;
  } catch (error) {
    throw stripeFailure('create-payment-intent', error);
  }
  if (!clientSecret) {
    console.error('create-payment-intent: Stripe answered a PaymentIntent without a client secret');
    throw new HttpError(502, STRIPE_MESSAGES.stripeFailed);
  }
  return jsonResponse(200, {
    checkoutSessionClientSecret: clientSecret,
    amountEuros: total.amountEuros,
    feeEuros: total.feeEuros,
    totalEuros: total.totalEuros,
  });
});

/**
 * Netlify's rate limit: 20 requests a minute per address and domain. The
 * function answers 404 for an unknown fiscal code like lookup-family does,
 * so it must not be a faster way to probe codes.
 */
export const config: Config = { rateLimit: { windowLimit: 20, windowSize: 60, aggregateBy: ['ip', 'domain'] } };
