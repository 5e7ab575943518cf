import Stripe from 'stripe';
import { HttpError } from './http';
import { serviceConfig, ServiceNotConfiguredError } from './server-env';

/**
 * Stripe on the server (docs/api.md, "create-payment-intent (Online)"): the client made from
 * STRIPE_SECRET_KEY, the webhook secret, the amount limits, the body reader
 * of the webhook, and the one way a Stripe failure is logged and answered.
 * Neither the keys nor a stack ever reach a log line or an answer.
 */

/** Stripe's smallest charge in EUR, in cents. */
export const STRIPE_MIN_AMOUNT_CENTS = 50;
/** Default largest charge accepted, in cents (5000 €); STRIPE_MAX_AMOUNT_CENTS overrides it. */
export const DEFAULT_MAX_AMOUNT_CENTS = 500_000;
/** Largest webhook body read, in bytes: Stripe's events are a few KB. */
export const MAX_WEBHOOK_BYTES = 256 * 1024;

/** Italian messages of the card payment functions. */
export const STRIPE_MESSAGES = {
  stripeFailed: 'Il servizio di pagamento non ha risposto correttamente. Riprova tra qualche istante.',
  belowMinimum: `L'importo minimo per un pagamento con carta è ${STRIPE_MIN_AMOUNT_CENTS} centesimi.`,
  aboveMaximum: (max: number) => `L'importo supera il massimo consentito (${max} centesimi).`,
} as const;

/**
 * The Stripe client of STRIPE_SECRET_KEY (by default one network retry, 20 s
 * timeout; `options` for a caller that must answer sooner).
 * @throws ServiceNotConfiguredError('stripe') when the key is missing or not
 * an sk_/rk_ key: responseForError answers 503 'Il pagamento con carta non è configurato.'
 */
export function stripeFromEnv(
  env: NodeJS.ProcessEnv = process.env,
  { timeoutMs = 20_000, retries = 1 }: { timeoutMs?: number; retries?: number } = {},
): Stripe {
  const { secretKey } = serviceConfig('stripe', env);
  return new Stripe(secretKey, { maxNetworkRetries: retries, timeout: timeoutMs });
}

/**
 * True when Stripe answered a request with a definite refusal, so nothing
 * was done: a 4xx (a card error, an invalid request, an idempotency
 * error…), except 409 (a request with the same key still running) and 429
 * (too many requests), which say nothing yet. A timeout, a connection
 * error or a 5xx leave the outcome unknown.
 */
export function isDefiniteStripeRefusal(error: unknown): boolean {
  if (!(error instanceof Stripe.errors.StripeError)) return false;
  const status = error.statusCode ?? 0;
  return status >= 400 && status < 500 && status !== 409 && status !== 429;
}

/**
 * The webhook signing secret STRIPE_WEBHOOK_SECRET ('whsec_...').
 * @throws ServiceNotConfiguredError('stripe') (503) when it, or the secret key, is missing or malformed.
 */
export function webhookSecretFromEnv(env: NodeJS.ProcessEnv = process.env): string {
  const { webhookSecret } = serviceConfig('stripe', env);
  if (!webhookSecret) throw new ServiceNotConfiguredError('stripe', ['STRIPE_WEBHOOK_SECRET']);
  return webhookSecret;
}

/**
 * The largest charge accepted in cents: STRIPE_MAX_AMOUNT_CENTS (a positive
 * integer) or {@link DEFAULT_MAX_AMOUNT_CENTS} when unset.
 * @throws ServiceNotConfiguredError('stripe') (503) when Stripe is not configured or the value is malformed.
 */
export function maxAmountCents(env: NodeJS.ProcessEnv = process.env): number {
  return serviceConfig('stripe', env).maxAmountCents ?? DEFAULT_MAX_AMOUNT_CENTS;
}

/**
 * Checks a charge of `cents` integer euro cents against Stripe's minimum
 * (50 cents) and the configured maximum.
 * @throws HttpError 400 with an Italian message naming the limit.
 */
export function checkAmountLimits(cents: number, env: NodeJS.ProcessEnv = process.env): void {
  if (cents < STRIPE_MIN_AMOUNT_CENTS) throw new HttpError(400, STRIPE_MESSAGES.belowMinimum);
  const max = maxAmountCents(env);
  if (cents > max) throw new HttpError(400, STRIPE_MESSAGES.aboveMaximum(max));
}

/** Anything that looks like a Stripe key or secret, to blank out of log lines. */
const SECRET_PATTERN = /\b(?:sk|rk|pk)_(?:live|test)_[A-Za-z0-9_*]+|\bwhsec_[A-Za-z0-9_*]+/g;

/** Blanks out of `text` the configured Stripe secrets and anything shaped like a Stripe key. */
export function redactSecrets(text: string, env: NodeJS.ProcessEnv = process.env): string {
  const configured = [env.STRIPE_SECRET_KEY, env.STRIPE_WEBHOOK_SECRET]
    .map((value) => value?.trim())
    .filter((value): value is string => Boolean(value));
  return configured.reduce((redacted, secret) => redacted.split(secret).join('[redacted]'), text).replace(SECRET_PATTERN, '[redacted]');
}

/**
 * One log line for a Stripe failure: `type: message` of a StripeError (the
 * error's name otherwise), with the secrets blanked out ({@link redactSecrets}).
 * Never the stack, never the request.
 */
export function describeStripeError(error: unknown): string {
  const detail =
    error instanceof Stripe.errors.StripeError
      ? `${error.type}: ${error.message}`
      : error instanceof Error
        ? `${error.name}: ${error.message}`
        : 'unexpected error';
  return redactSecrets(detail);
}

/**
 * Logs a failed Stripe call of `functionName` and returns the error to throw.
 * @returns HttpError 502 with an Italian message.
 */
export function stripeFailure(functionName: string, error: unknown): HttpError {
  console.error(`${functionName}: Stripe request failed: ${describeStripeError(error)}`);
  return new HttpError(502, STRIPE_MESSAGES.stripeFailed);
}

/** True when Stripe answered that the object asked for does not exist (404, resource_missing). */
export function isStripeNotFound(error: unknown): boolean {
  return error instanceof Stripe.errors.StripeError && (error.statusCode === 404 || error.code === 'resource_missing');
}
