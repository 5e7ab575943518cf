/** Where the browser asks for a PaymentIntent (SPEC.md section 7). */
export const CREATE_PAYMENT_INTENT_URL = '/.netlify/functions/create-payment-intent';

/**
 * Asks our function for a PaymentIntent of `amountCents` integer euro cents
 * and resolves with its client secret.
 * @throws Error with an Italian message (the function's `{error}` when it
 * gave one) when the request fails or the answer has no client secret.
 */
export async function requestClientSecret(amountCents: number, fetchImpl: typeof fetch = fetch): Promise<string> {
  let response: Response;
  try {
    response = await fetchImpl(CREATE_PAYMENT_INTENT_URL, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ amount: amountCents }),
    });
  } catch (error) {
    console.error('Errore durante il fetch:', error);
    throw new Error('Il servizio di pagamento non è raggiungibile. Controlla la connessione e riprova.');
  }
  const body = (await response.json().catch(() => null)) as { checkoutSessionClientSecret?: unknown; error?: unknown } | null;
  if (!response.ok || typeof body?.checkoutSessionClientSecret !== 'string') {
    console.error('Errore durante il fetch:', response.status, body);
    throw new Error(typeof body?.error === 'string' ? body.error : 'Non è stato possibile avviare il pagamento. Riprova.');
  }
  return body.checkoutSessionClientSecret;
}
