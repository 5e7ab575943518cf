import { http, HttpResponse } from 'msw';

/**
 * Stripe's and Netlify's APIs as `npm run setup` and `npm run check:launch`
 * meet them, answered at their HTTP edge (msw) from a little state the
 * tests read: the webhook endpoints, the site, its variables and the
 * builds started. The real SDK (stripe) and plain fetch (Netlify) call them.
 */
export interface LaunchServices {
  webhookEndpoints: Array<{ id: string; url: string; enabled_events: string[]; status: string; secret: string }>;
  /** The site's variables as setup sent them (a secret's values included: what Netlify stores, not what it lists). */
  netlifyEnv: Map<string, NetlifyEnvEntry>;
  /** The body of every create (POST, one array) and update (PUT) call to Netlify's variables, in order. */
  netlifyWrites: Array<{ method: 'POST' | 'PUT'; body: unknown }>;
  builds: number;
  /** Secret keys Stripe accepts. */
  stripeKeys: Set<string>;
}

/** A variable as Netlify's API takes it. */
export interface NetlifyEnvEntry {
  key: string;
  scopes: string[];
  is_secret?: boolean;
  values: Array<{ context: string; value: string }>;
}

/** A variable as Netlify lists it: a secret's values without their value (only code running on Netlify reads them). */
const listed = (entry: NetlifyEnvEntry) =>
  entry.is_secret ? { ...entry, values: entry.values.map(({ context }) => ({ context })) } : entry;

export const NETLIFY_SITE = {
  id: 'site-1',
  name: 'gruppo-scout-manziana',
  account_id: 'account-1',
  ssl_url: 'https://gruppo-scout-manziana.netlify.app',
};

export function launchServices(): LaunchServices {
  return { webhookEndpoints: [], netlifyEnv: new Map(), netlifyWrites: [], builds: 0, stripeKeys: new Set() };
}

const stripeRefusal = () =>
  HttpResponse.json({ error: { type: 'invalid_request_error', message: 'Invalid API Key provided: sk_test_****' } }, { status: 401 });

const endpointAnswer = (endpoint: LaunchServices['webhookEndpoints'][number], withSecret = false) => ({
  id: endpoint.id,
  object: 'webhook_endpoint',
  url: endpoint.url,
  enabled_events: endpoint.enabled_events,
  status: endpoint.status,
  livemode: false,
  ...(withSecret ? { secret: endpoint.secret } : {}),
});

/** Form-encoded `enabled_events[0]=…` of the Stripe SDK, back to a list. */
const eventsOf = (form: URLSearchParams) =>
  [...form.entries()].filter(([key]) => key.startsWith('enabled_events')).map(([, value]) => value);

export function launchHandlers(state: LaunchServices) {
  const allowed = (request: Request) => state.stripeKeys.has((request.headers.get('authorization') ?? '').replace(/^Bearer\s+/i, ''));
  return [
    http.get('https://api.stripe.com/v1/webhook_endpoints', ({ request }) =>
      allowed(request)
        ? HttpResponse.json({
            object: 'list',
            url: '/v1/webhook_endpoints',
            has_more: false,
            data: state.webhookEndpoints.map((e) => endpointAnswer(e)),
          })
        : stripeRefusal(),
    ),
    http.post('https://api.stripe.com/v1/webhook_endpoints', async ({ request }) => {
      if (!allowed(request)) return stripeRefusal();
      const form = new URLSearchParams(await request.text());
      const endpoint = {
        id: `we_${state.webhookEndpoints.length + 1}`,
        url: form.get('url') ?? '',
        enabled_events: eventsOf(form),
        status: 'enabled',
        secret: `whsec_test${state.webhookEndpoints.length + 1}`,
      };
      state.webhookEndpoints.push(endpoint);
      return HttpResponse.json(endpointAnswer(endpoint, true));
    }),
    http.post('https://api.stripe.com/v1/webhook_endpoints/:id', async ({ request, params }) => {
      if (!allowed(request)) return stripeRefusal();
      const endpoint = state.webhookEndpoints.find((candidate) => candidate.id === params.id);
      if (!endpoint)
        return HttpResponse.json({ error: { type: 'invalid_request_error', message: 'No such webhook endpoint' } }, { status: 404 });
      const form = new URLSearchParams(await request.text());
      if (eventsOf(form).length) endpoint.enabled_events = eventsOf(form);
      if (form.get('disabled') === 'false') endpoint.status = 'enabled';
      return HttpResponse.json(endpointAnswer(endpoint));
    }),
    http.get('https://api.stripe.com/v1/balance', ({ request }) =>
      allowed(request) ? HttpResponse.json({ object: 'balance', livemode: false, available: [], pending: [] }) : stripeRefusal(),
    ),
    http.get('https://api.netlify.com/api/v1/sites', ({ request }) => {
      const name = new URL(request.url).searchParams.get('name');
      return HttpResponse.json(name && NETLIFY_SITE.name.includes(name) ? [NETLIFY_SITE] : []);
    }),
    http.get('https://api.netlify.com/api/v1/accounts/:account/env', () => HttpResponse.json([...state.netlifyEnv.values()].map(listed))),
    http.post('https://api.netlify.com/api/v1/accounts/:account/env', async ({ request }) => {
      const created = (await request.json()) as NetlifyEnvEntry[];
      state.netlifyWrites.push({ method: 'POST', body: created });
      for (const entry of created) state.netlifyEnv.set(entry.key, entry);
      return HttpResponse.json(created.map(listed), { status: 201 });
    }),
    http.put('https://api.netlify.com/api/v1/accounts/:account/env/:key', async ({ request, params }) => {
      const entry = (await request.json()) as NetlifyEnvEntry;
      state.netlifyWrites.push({ method: 'PUT', body: entry });
      state.netlifyEnv.set(String(params.key), entry);
      return HttpResponse.json(listed(entry));
    }),
    http.post('https://api.netlify.com/api/v1/sites/:site/builds', () => {
      state.builds += 1;
      return HttpResponse.json({ id: `build-${state.builds}`, done: false });
    }),
  ];
}
