import Stripe from 'stripe';
import { STRIPE_WEBHOOK_EVENTS, webhookUrl } from '../../setup/steps/stripe-webhook';
import { failed, passed, skipped, type LaunchCheck, type LaunchSettings } from '../types';

const stripeOf = ({ env }: LaunchSettings) => (env.STRIPE_SECRET_KEY ? new Stripe(env.STRIPE_SECRET_KEY, { maxNetworkRetries: 1 }) : null);
const keysPage = (mode: string) => `https://dashboard.stripe.com/${mode === 'test' ? 'test/' : ''}apikeys`;

/** Stripe answers the secret key, in the mode the group expects (test or live), and the publishable key agrees. */
export const stripeModeCheck: LaunchCheck = {
  name: 'Stripe: chiavi e modalità',
  run: async (settings) => {
    const stripe = stripeOf(settings);
    if (!stripe)
      return settings.local
        ? skipped('nessuna chiave Stripe sullo stack locale')
        : failed('STRIPE_SECRET_KEY mancante', 'npm run setup con le chiavi Stripe.');
    let livemode: boolean;
    try {
      livemode = (await stripe.balance.retrieve()).livemode;
    } catch (error) {
      return failed(
        `Stripe rifiuta la chiave segreta (${(error as Error).message})`,
        `Copiala di nuovo da ${keysPage(settings.stripeMode)} e rilancia npm run setup.`,
      );
    }
    const mode = livemode ? 'live' : 'test';
    const publishable = /^pk_(test|live)_/.exec(settings.env.VITE_STRIPE_PUBLISHABLE_KEY ?? '')?.[1];
    if (mode !== settings.stripeMode || publishable !== mode) {
      return failed(
        `chiave segreta ${mode}, pubblicabile ${publishable ?? 'mancante'}, attesa ${settings.stripeMode}`,
        `Usa la coppia di chiavi ${settings.stripeMode} (${keysPage(settings.stripeMode)}), npm run setup, poi un nuovo deploy.`,
      );
    }
    return passed(`modalità ${mode}`);
  },
};

/** The webhook endpoint of the site exists, is enabled, and sends every event the portal handles. */
export const stripeWebhookCheck: LaunchCheck = {
  name: 'Stripe: endpoint del webhook',
  run: async (settings) => {
    const stripe = stripeOf(settings);
    if (!stripe)
      return settings.local
        ? skipped('nessuna chiave Stripe sullo stack locale')
        : failed('STRIPE_SECRET_KEY mancante', 'npm run setup con le chiavi Stripe.');
    const url = webhookUrl(settings.siteUrl);
    let endpoints: Stripe.WebhookEndpoint[];
    try {
      endpoints = await stripe.webhookEndpoints.list({ limit: 100 }).autoPagingToArray({ limit: 1000 });
    } catch (error) {
      return failed(`Stripe non risponde (${(error as Error).message})`, `Controlla la chiave segreta (${keysPage(settings.stripeMode)}).`);
    }
    const endpoint = endpoints.find((candidate) => candidate.url === url);
    if (!endpoint) return failed(`nessun endpoint per ${url}`, 'npm run setup lo crea (con il suo segreto).');
    const missing = STRIPE_WEBHOOK_EVENTS.filter((event) => !endpoint.enabled_events.includes(event));
    if (endpoint.status !== 'enabled' || missing.length) {
      return failed(
        `${endpoint.id}: ${endpoint.status}${missing.length ? `, senza ${missing.join(', ')}` : ''}`,
        'npm run setup lo aggiorna.',
      );
    }
    return passed(`${endpoint.id} → ${url}, ${STRIPE_WEBHOOK_EVENTS.length} eventi`);
  },
};
