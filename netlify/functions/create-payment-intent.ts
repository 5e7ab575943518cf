import type { Config } from '@netlify/functions';
import { createHash } from 'node:crypto';
import { createPaymentIntentContract } from '@contracts/create-payment-intent';
import { sumEuros } from '@domain/money';
import { onlineTotal } from '@domain/payments/service-fee';
import { fiscalCodeContractFunction } from '../lib/platform/fiscal-code-budget';
import { getDb } from '../lib/platform/firestore';
import { orderMetadata, type OrderMetadata } from '../lib/orders/order-metadata';
import { HttpError } from '../lib/platform/http';
import { resolveOrder } from '../lib/orders/order-request';
import { requireSession } from '../lib/platform/session';
import { checkAmountLimits, STRIPE_MESSAGES, stripeFailure, stripeFromEnv } from '../lib/platform/stripe';
import { COLLECTION } from '@domain/collections';
import { parentDocument } from '@domain/roster/parent-schema';
import { readSnapshot } from '../lib/platform/snapshots';
import { readSeasonSettings } from '../lib/season/season-settings';
import { SEASON } from '@config/season';

/**
 * The Stripe idempotency key of one payment attempt with one cart: a hash
 * of the request's idempotency key, the family, the metadata (product,
 * children with sizes in tick order, contribution) and the total in cents. The same
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
    metadata.solidarity_contribution,
    metadata.instalment ?? '',
    String(totalCents),
  ].join('\n');
  return `create-payment-intent-${createHash('sha256').update(material).digest('hex')}`;
}

/**
 * create-payment-intent (createPaymentIntentContract; docs/api.md,
 * "create-payment-intent (Online)"): the order request checked and priced
 * on the server (resolveOrder), the card service fee added unless the
 * season has it off (onlineTotal, on the lines plus the parent's
 * 'Contributo al fondo di solidarietà'), and a Stripe PaymentIntent of the total
 * in cents with the order in its metadata (orderMetadata) and an
 * idempotency key of the attempt and the cart
 * ({@link paymentIntentIdempotencyKey}). A child who holds the product is
 * refused before Stripe is asked. Stripe's failures are logged as `type:
 * message`, never the key or a stack.
 */
export default fiscalCodeContractFunction(createPaymentIntentContract, async (request, httpRequest) => {
  const session = await requireSession(httpRequest);
  const stripe = stripeFromEnv();
  const db = getDb();
  const [resolved, parent] = await Promise.all([
    resolveOrder(db, request, { session }),
    db.collection(COLLECTION.parents).doc(session.parentId).get(),
  ]);
  // Stripe's own receipt goes to the parent who verified the session.
  const receiptEmail = readSnapshot(parentDocument, parent)?.email ?? undefined;
  const settings = await readSeasonSettings(db, SEASON.campYear);
  const contributionEuros = request.solidarityContributionEuros;
  // The fee covers what the card is charged, contribution included: the fund gets all of it.
  const total = onlineTotal(sumEuros([resolved.amountEuros, contributionEuros]), settings.cardFee);
  checkAmountLimits(total.totalCents);
  const metadata = orderMetadata(
    resolved.family.id,
    session.parentId,
    resolved.product.id,
    resolved.lines.map((line) => ({ id: line.child.id, size: line.size })),
    settings.cardFee,
    contributionEuros,
    request.instalment === true,
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
  return {
    body: {
      checkoutSessionClientSecret: clientSecret,
      amountEuros: resolved.amountEuros,
      contributionEuros,
      feeEuros: total.feeEuros,
      totalEuros: total.totalEuros,
    },
  };
});

/**
 * Netlify's rate limit: 20 requests a minute per address and domain. The
 * function answers 404 for an unknown fiscal code like lookup-family does,
 * so it must not be a faster way to probe codes.
 */
export const config: Config = { rateLimit: { windowLimit: 20, windowSize: 60, aggregateBy: ['ip', 'domain'] } };
