import Stripe from 'stripe';
import { z } from 'zod';
import { errorResponse, jsonResponse, methodNotAllowed, readJsonBody } from './lib/http';

/** Stripe's smallest charge in EUR, in cents. */
export const STRIPE_MIN_AMOUNT_CENTS = 50;
/** Default largest charge accepted, in cents (5000 €); STRIPE_MAX_AMOUNT_CENTS overrides it. */
export const DEFAULT_MAX_AMOUNT_CENTS = 500_000;

const MESSAGES = {
  malformed: 'Richiesta non valida: il corpo deve essere JSON con il campo "amount".',
  notInteger: "L'importo deve essere un numero intero di centesimi di euro.",
  notPositive: "L'importo deve essere maggiore di zero.",
  belowMinimum: `L'importo minimo per un pagamento con carta è ${STRIPE_MIN_AMOUNT_CENTS} centesimi.`,
  aboveMaximum: (max: number) => `L'importo supera il massimo consentito (${max} centesimi).`,
  notConfigured: 'Il pagamento con carta non è configurato.',
  stripeFailed: 'Il servizio di pagamento non ha risposto correttamente. Riprova tra qualche istante.',
};

function maxAmountCents(): number {
  const configured = Number(process.env.STRIPE_MAX_AMOUNT_CENTS);
  return Number.isInteger(configured) && configured > 0 ? configured : DEFAULT_MAX_AMOUNT_CENTS;
}

const bodySchema = z.object({
  amount: z.number({ error: MESSAGES.notInteger }).int({ error: MESSAGES.notInteger }).positive({ error: MESSAGES.notPositive }),
});

/**
 * POST /.netlify/functions/create-payment-intent (SPEC.md section 7).
 * Body `{ amount }`: integer euro cents (the order total with the service fee).
 * Creates a Stripe PaymentIntent in EUR with automatic payment methods and
 * answers `{ checkoutSessionClientSecret }` (its client secret).
 * Answers 405 to other methods; 400 `{error}` to malformed JSON, a
 * non-integer, zero or negative amount, one under Stripe's minimum (50
 * cents) or over STRIPE_MAX_AMOUNT_CENTS; 503 when STRIPE_SECRET_KEY is not
 * set; 502 when Stripe fails. Never returns a stack or the key.
 */
export default async function createPaymentIntent(request: Request): Promise<Response> {
  if (request.method !== 'POST') return methodNotAllowed();
  const secretKey = process.env.STRIPE_SECRET_KEY?.trim();
  if (!secretKey) return errorResponse(503, MESSAGES.notConfigured);

  const body = await readJsonBody(request);
  if (!body.ok || typeof body.value !== 'object' || body.value === null || !('amount' in body.value)) {
    return errorResponse(400, MESSAGES.malformed);
  }
  const parsed = bodySchema.safeParse(body.value);
  if (!parsed.success) return errorResponse(400, parsed.error.issues[0]?.message ?? MESSAGES.malformed);
  const { amount } = parsed.data;
  if (amount < STRIPE_MIN_AMOUNT_CENTS) return errorResponse(400, MESSAGES.belowMinimum);
  const max = maxAmountCents();
  if (amount > max) return errorResponse(400, MESSAGES.aboveMaximum(max));

  try {
    const stripe = new Stripe(secretKey, { maxNetworkRetries: 1, timeout: 20_000 });
    const paymentIntent = await stripe.paymentIntents.create({
      amount,
      currency: 'eur',
      automatic_payment_methods: { enabled: true },
    });
    if (!paymentIntent.client_secret) return errorResponse(502, MESSAGES.stripeFailed);
    return jsonResponse(200, { checkoutSessionClientSecret: paymentIntent.client_secret });
  } catch (error) {
    const detail = error instanceof Stripe.errors.StripeError ? `${error.type}: ${error.message}` : 'unexpected error';
    console.error('create-payment-intent: Stripe request failed:', detail);
    return errorResponse(502, MESSAGES.stripeFailed);
  }
}
