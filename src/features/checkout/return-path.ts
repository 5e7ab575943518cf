/**
 * Where /payment-success sends the parent back when a redirected payment did
 * not go through: the payment screen's own path, carried in the return
 * address Stripe redirects to (docs/api.md, "create-payment-intent (Online)"), so nothing is
 * kept in the browser's storage.
 */

/** The query parameter of the return address that holds the payment screen's path. */
export const RETURN_PATH_PARAM = 'from';

/**
 * A path of this site to go back to: `raw` when it starts with a single
 * '/' (never another site, never '//host' or '/\host'), '/' otherwise.
 */
export function safeReturnPath(raw: string | null | undefined): string {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return '/';
  return raw;
}

/**
 * The address Stripe redirects to after a payment method that leaves the
 * page: `{origin}/payment-success?from={returnPath}` (Stripe appends
 * `payment_intent`, `payment_intent_client_secret` and `redirect_status`).
 */
export function paymentReturnUrl(origin: string, returnPath: string): string {
  const url = new URL('/payment-success', origin);
  url.searchParams.set(RETURN_PATH_PARAM, safeReturnPath(returnPath));
  return url.toString();
}
