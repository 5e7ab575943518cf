import { appEnv } from '@config/env';
import type { Stripe } from '@stripe/stripe-js';

const publishableKey = () => appEnv().stripePublishableKey ?? '';

/** True when the build has a Stripe publishable key (VITE_STRIPE_PUBLISHABLE_KEY). */
export function isStripeConfigured(): boolean {
  return publishableKey().length > 0;
}

let stripe: Promise<Stripe | null> | null = null;

/**
 * Stripe.js, loaded on first call (never with the page): the script is
 * fetched from Stripe only when the checkout panel opens.
 * Resolves null when Stripe is not configured.
 * @throws Error when Stripe.js cannot be loaded (offline, blocked).
 */
export function getStripe(): Promise<Stripe | null> {
  if (!isStripeConfigured()) return Promise.resolve(null);
  stripe ??= import('@stripe/stripe-js/pure')
    .then(({ loadStripe }) => loadStripe(publishableKey()))
    .catch((error: unknown) => {
      stripe = null;
      throw error;
    });
  return stripe;
}
