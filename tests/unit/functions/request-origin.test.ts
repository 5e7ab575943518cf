import { readdirSync } from 'node:fs';
import path from 'node:path';
import Stripe from 'stripe';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REQUEST_MESSAGES } from '@contracts/request-messages';
import endSession from '../../../netlify/functions/end-session';
import health from '../../../netlify/functions/health';
import stripeWebhook from '../../../netlify/functions/stripe-webhook';
import { browserRequest, functionContext, type NetlifyFunction } from '../../support/function-context';

/**
 * Requests only from the portal's own pages (docs/security.md, "Requests
 * only from the portal's pages"; netlify/lib/platform/request-origin.ts):
 * the functions called as Netlify calls them, with the headers a browser
 * sends from the portal, from a sibling subdomain, from another site.
 */

const PORTAL = 'https://portale.example.org';
const END_SESSION = `${PORTAL}/.netlify/functions/end-session`;

async function answer(response: Response) {
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const postEndSession = async (headers: Record<string, string>, body = '{}') =>
  answer(await endSession(new Request(END_SESSION, { method: 'POST', headers, body }), functionContext()));

const refused = { status: 403, body: { error: REQUEST_MESSAGES.otherSite } };
const ended = { status: 200, body: { status: 'ended' } };

beforeEach(() => vi.stubEnv('SITE_URL', PORTAL));
afterEach(() => vi.unstubAllEnvs());

describe('a POST from a page', () => {
  it("is accepted from the portal's own page", async () => {
    expect(await answer(await endSession(browserRequest(END_SESSION, { method: 'POST', body: '{}' }), functionContext()))).toEqual(ended);
  });

  it('is refused from another site, with no cookie cleared', async () => {
    const response = await endSession(
      browserRequest(END_SESSION, {
        method: 'POST',
        body: '{}',
        headers: { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
      }),
      functionContext(),
    );
    expect(response.headers.get('set-cookie')).toBeNull();
    expect(await answer(response)).toEqual(refused);
  });

  it("is refused from a sibling subdomain (the group's blog): same site, another origin", async () => {
    expect(
      await postEndSession({ 'content-type': 'application/json', 'sec-fetch-site': 'same-site', origin: 'https://blog.example.org' }),
    ).toEqual(refused);
  });

  it('is refused as a typed URL (Sec-Fetch-Site: none) or with an unknown Sec-Fetch-Site', async () => {
    expect(await postEndSession({ 'content-type': 'application/json', 'sec-fetch-site': 'none' })).toEqual(refused);
    expect(await postEndSession({ 'content-type': 'application/json', 'sec-fetch-site': 'same-origin-ish' })).toEqual(refused);
  });

  it('without Sec-Fetch-Site (an old browser) is judged by its Origin', async () => {
    const json = { 'content-type': 'application/json' };
    expect(await postEndSession({ ...json, origin: 'https://blog.example.org' })).toEqual(refused);
    expect(await postEndSession({ ...json, origin: 'null' })).toEqual(refused);
    expect(await postEndSession({ ...json, origin: 'http://portale.example.org' })).toEqual(refused);
    expect(await postEndSession({ ...json, origin: PORTAL })).toEqual(ended);
  });

  it('without Sec-Fetch-Site or Origin (curl, a script) passes the origin check', async () => {
    expect(await postEndSession({ 'content-type': 'application/json' })).toEqual(ended);
  });

  it("accepts the configured site's origin when the request reached the function under another host (a proxy)", async () => {
    const request = new Request('http://localhost:8888/.netlify/functions/end-session', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: PORTAL },
      body: '{}',
    });
    expect(await answer(await endSession(request, functionContext()))).toEqual(ended);
  });
});

describe("a POST's body", () => {
  const notJson = { status: 415, body: { error: REQUEST_MESSAGES.notJson } };

  it('is refused as text/plain (what a page of any site may send without asking), as a form, or undeclared', async () => {
    const sameOrigin = { 'sec-fetch-site': 'same-origin' };
    expect(await postEndSession({ ...sameOrigin, 'content-type': 'text/plain;charset=UTF-8' })).toEqual(notJson);
    expect(await postEndSession({ ...sameOrigin, 'content-type': 'application/x-www-form-urlencoded' }, 'a=1')).toEqual(notJson);
    expect(await postEndSession({ ...sameOrigin, 'content-type': 'application/jsonp' })).toEqual(notJson);
    const undeclared = new Request(END_SESSION, { method: 'POST', headers: sameOrigin, body: new Uint8Array([123, 125]) });
    expect(await answer(await endSession(undeclared, functionContext()))).toEqual(notJson);
  });

  it('is accepted as JSON with a charset, in any case', async () => {
    expect(await postEndSession({ 'sec-fetch-site': 'same-origin', 'content-type': 'Application/JSON; charset=utf-8' })).toEqual(ended);
  });
});

describe('a GET', () => {
  const getHealth = async (headers: Record<string, string>) =>
    (await health(new Request(`${PORTAL}/.netlify/functions/health`, { headers }), functionContext())).status;

  it('is accepted from the portal and as a typed URL, refused from another site', async () => {
    expect(await getHealth({ 'sec-fetch-site': 'same-origin' })).toBe(200);
    expect(await getHealth({ 'sec-fetch-site': 'none' })).toBe(200);
    expect(await getHealth({})).toBe(200);
    expect(await getHealth({ 'sec-fetch-site': 'cross-site' })).toBe(403);
    expect(await getHealth({ 'sec-fetch-site': 'same-site' })).toBe(403);
  });
});

describe('stripe-webhook', () => {
  it("is Stripe's, not a browser's: a signed event is received whatever its Sec-Fetch-Site, Origin or Content-Type", async () => {
    const webhookSecret = 'whsec_request_origin_test';
    vi.stubEnv('STRIPE_SECRET_KEY', 'sk_test_request_origin');
    vi.stubEnv('STRIPE_WEBHOOK_SECRET', webhookSecret);
    const payload = JSON.stringify({ id: 'evt_origin', object: 'event', type: 'customer.created', data: { object: {} } });
    const response = await stripeWebhook(
      new Request(`${PORTAL}/.netlify/functions/stripe-webhook`, {
        method: 'POST',
        headers: {
          'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret }),
          'sec-fetch-site': 'cross-site',
          origin: 'https://stripe.example',
          'content-type': 'text/plain',
        },
        body: payload,
      }),
      functionContext(),
    );
    expect(await answer(response)).toEqual({ status: 200, body: { received: true } });
  });
});

describe('every function in netlify/functions', () => {
  const directory = path.resolve(import.meta.dirname, '../../../netlify/functions');
  const names = readdirSync(directory)
    .filter((file) => file.endsWith('.ts'))
    .map((file) => file.slice(0, -3));
  const load = async (name: string) =>
    (await import(path.join(directory, `${name}.ts`))) as { default: NetlifyFunction; config?: { schedule?: string } };

  it('is scheduled (run by Netlify, never by a page) only for the four declared jobs', async () => {
    const scheduled: string[] = [];
    for (const name of names) if ((await load(name)).config?.schedule) scheduled.push(name);
    expect(scheduled.sort()).toEqual([
      'admission-interest-check',
      'admission-offer-expiry',
      'admission-retention',
      'document-signature-retention',
      'event-offer-expiry',
      'mail-outbox',
      'medical-form-retention',
    ]);
  });

  it('refuses a request from another site, except the scheduled jobs and the webhook', { timeout: 60_000 }, async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const answers: Record<string, number[]> = {};
    for (const name of names) {
      const module = await load(name);
      if (module.config?.schedule || name === 'stripe-webhook') continue;
      const url = `${PORTAL}/.netlify/functions/${name}`;
      const headers = { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example', 'content-type': 'application/json' };
      const get = await module.default(new Request(url, { headers }), functionContext());
      const post = await module.default(new Request(url, { method: 'POST', headers, body: '{}' }), functionContext());
      answers[name] = [get.status, post.status].sort();
    }
    const refusedOnce = Object.fromEntries(Object.keys(answers).map((name) => [name, [403, 405]]));
    expect(answers).toEqual(refusedOnce);
  });
});
