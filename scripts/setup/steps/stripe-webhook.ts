import Stripe from 'stripe';
import { STRIPE_WEBHOOK_EVENTS } from '@contracts/stripe-webhook';
import { SetupError, type SetupContext, type SetupStep } from '../types';

/** The events the portal handles: the webhook's contract lists them. */
export { STRIPE_WEBHOOK_EVENTS };

export const webhookUrl = (siteUrl: string) => `${siteUrl.replace(/\/+$/, '')}/.netlify/functions/stripe-webhook`;

const keysPage = (mode: 'test' | 'live') => `https://dashboard.stripe.com/${mode === 'test' ? 'test/' : ''}apikeys`;
const modeOf = (key: string) => /^[ps]k_(test|live)_/.exec(key)?.[1];

/** The Stripe keys into the context, checked against the mode the group chose. */
function keepKeys(context: SetupContext, stripeAnswers: NonNullable<SetupContext['answers']['stripe']>) {
  const { secretKey, publishableKey, mode } = stripeAnswers;
  if (modeOf(secretKey) !== mode || modeOf(publishableKey) !== mode) {
    throw new SetupError(
      `Le chiavi di Stripe devono essere entrambe di ${mode === 'test' ? 'test (sk_test_…, pk_test_…)' : 'produzione (sk_live_…, pk_live_…)'}: copia la coppia giusta.`,
      keysPage(mode),
    );
  }
  context.values.STRIPE_SECRET_KEY = secretKey;
  context.values.VITE_STRIPE_PUBLISHABLE_KEY = publishableKey;
}

/** Every webhook endpoint of the account; a SetupError in Italian when the key is refused. */
async function endpoints(stripe: Stripe, mode: 'test' | 'live'): Promise<Stripe.WebhookEndpoint[]> {
  try {
    return await stripe.webhookEndpoints.list({ limit: 100 }).autoPagingToArray({ limit: 1000 });
  } catch (error) {
    if (error instanceof Stripe.errors.StripeAuthenticationError || error instanceof Stripe.errors.StripePermissionError) {
      throw new SetupError(
        'Stripe non accetta la chiave segreta: copiala di nuovo dalla pagina delle chiavi API (Chiave segreta, "Rivela").',
        keysPage(mode),
      );
    }
    throw new SetupError(`Stripe non risponde come previsto: ${(error as Error).message}`, 'https://status.stripe.com/');
  }
}

const sameEvents = (endpoint: Stripe.WebhookEndpoint) =>
  endpoint.enabled_events.length === STRIPE_WEBHOOK_EVENTS.length &&
  STRIPE_WEBHOOK_EVENTS.every((event) => endpoint.enabled_events.includes(event));

/**
 * Stripe's keys and the webhook endpoint of the site (docs/deploy.md,
 * "Stripe"): `webhookEndpoints.list` first; the endpoint of
 * {@link webhookUrl} created with {@link STRIPE_WEBHOOK_EVENTS} when
 * missing (its signing secret kept: Stripe shows it only then), updated
 * when its events differ or it is disabled. An endpoint that exists while
 * `.env` lacks its secret stops with the page to reveal it.
 */
export const stripeWebhookStep: SetupStep = {
  title: 'Stripe: chiavi ed endpoint del webhook',
  plan: ({ answers, siteUrl }) =>
    answers.stripe
      ? [
          'stripe.webhookEndpoints.list() (GET https://api.stripe.com/v1/webhook_endpoints)',
          `se manca l'endpoint ${webhookUrl(siteUrl ?? answers.siteUrl ?? 'https://SITO')}: webhookEndpoints.create con ${STRIPE_WEBHOOK_EVENTS.join(', ')}`,
          'se diverso: webhookEndpoints.update con gli stessi eventi',
        ]
      : ['nessuna chiamata: Stripe non configurato'],
  apply: async (context) => {
    const stripeAnswers = context.answers.stripe;
    if (!stripeAnswers) return { status: 'saltato', detail: 'pagamenti con carta non configurati (rilancia con le chiavi Stripe)' };
    keepKeys(context, stripeAnswers);
    const stripe = new Stripe(stripeAnswers.secretKey, { maxNetworkRetries: 1 });
    const all = await endpoints(stripe, stripeAnswers.mode);
    if (!context.siteUrl) return { status: 'saltato', detail: "chiavi salvate; l'endpoint aspetta l'indirizzo del sito" };
    const url = webhookUrl(context.siteUrl);
    const found = all.find((endpoint) => endpoint.url === url);
    if (!found) {
      const created = await stripe.webhookEndpoints.create({
        url,
        enabled_events: [...STRIPE_WEBHOOK_EVENTS],
        description: 'Portale del gruppo: pagamenti, rimborsi, contestazioni',
      });
      context.values.STRIPE_WEBHOOK_SECRET = created.secret ?? '';
      return { status: 'creato', detail: `${created.id} → ${url}, segreto salvato` };
    }
    const secret = context.existingEnv.STRIPE_WEBHOOK_SECRET ?? '';
    if (!secret.startsWith('whsec_')) {
      throw new SetupError(
        `L'endpoint ${found.id} per ${url} esiste già, ma il suo segreto non è in .env: aprilo, premi "Rivela" sul segreto di firma e scrivilo in .env come STRIPE_WEBHOOK_SECRET, poi rilancia.`,
        `https://dashboard.stripe.com/${stripeAnswers.mode === 'test' ? 'test/' : ''}webhooks/${found.id}`,
      );
    }
    context.values.STRIPE_WEBHOOK_SECRET = secret;
    if (sameEvents(found) && found.status === 'enabled') return { status: 'già a posto', detail: `${found.id} → ${url}` };
    await stripe.webhookEndpoints.update(found.id, { enabled_events: [...STRIPE_WEBHOOK_EVENTS], disabled: false });
    return { status: 'aggiornato', detail: `${found.id}: eventi ${STRIPE_WEBHOOK_EVENTS.length}, attivo` };
  },
};
