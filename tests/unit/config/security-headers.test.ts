import { developmentCsp, headersFor, parseCsp, readHeaderRules } from '../../../emulators/dev/netlify-headers';

/**
 * netlify.toml's security headers for every page (docs/security.md,
 * "Headers"): the Content Security Policy allows our origin, Stripe, Firebase
 * and Cloudinary and nothing inline; framing, referrers, browser features and
 * plain HTTP are shut.
 */

const headers = headersFor('/*');
const csp = parseCsp(headers['Content-Security-Policy'] ?? '');

/** Every host the browser may reach besides our own origin, by the service that needs it. */
const EXTERNAL = {
  stripe: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com', 'https://api.stripe.com'],
  firebase: ['https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com', 'https://firestore.googleapis.com'],
  cloudinary: ['https://api.cloudinary.com'],
};
const ALLOWED_EXTERNAL = new Set(Object.values(EXTERNAL).flat());
const KEYWORDS = new Set(["'self'", "'none'", 'blob:']);

describe('netlify.toml security headers', () => {
  it('has one rule for every path, "/*"', () => {
    expect(readHeaderRules().map((rule) => rule.for)).toEqual(['/*']);
  });

  it('sets each directive of the Content Security Policy', () => {
    expect(Object.fromEntries(csp)).toEqual({
      'default-src': ["'self'"],
      'script-src': ["'self'", 'https://js.stripe.com', 'https://*.js.stripe.com'],
      'worker-src': ["'self'", 'blob:'],
      'style-src': ["'self'"],
      'img-src': ["'self'"],
      'font-src': ["'self'"],
      'connect-src': ["'self'", 'https://api.stripe.com', ...EXTERNAL.firebase, ...EXTERNAL.cloudinary],
      'frame-src': ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
      'object-src': ["'none'"],
      'base-uri': ["'self'"],
      'form-action': ["'self'"],
      'frame-ancestors': ["'none'"],
      'upgrade-insecure-requests': [],
    });
  });

  it('allows nothing inline, no eval and no wildcard, scheme-only or plain-HTTP source', () => {
    // One exception: the roster import's .xlsx reader unzips a large sheet in a worker made from a blob: URL (docs/security.md).
    const sources = [...csp.entries()].flatMap(([directive, values]) =>
      values.filter((value) => directive !== 'worker-src' || value !== 'blob:'),
    );
    for (const source of sources) {
      expect(source).not.toMatch(/^'(unsafe-inline|unsafe-eval|unsafe-hashes|wasm-unsafe-eval|strict-dynamic)'$/);
      expect(source).not.toMatch(/^'(nonce|sha256|sha384|sha512)-/);
      expect(source).not.toBe('*');
      expect(source).not.toMatch(/^[a-z][a-z0-9+.-]*:$/); // https:, data:, blob:
      expect(source).not.toMatch(/^http:|localhost|127\.0\.0\.1/);
    }
  });

  it('names no external host but Stripe, Firebase and Cloudinary, and each of those where it is used', () => {
    const external = new Set([...csp.values()].flat().filter((source) => !KEYWORDS.has(source)));
    expect([...external].filter((host) => !ALLOWED_EXTERNAL.has(host))).toEqual([]);
    expect([...ALLOWED_EXTERNAL].filter((host) => !external.has(host))).toEqual([]);
    // Scripts and frames come from Stripe only; Firebase and Cloudinary are only ever called.
    const scriptAndFrameHosts = [...(csp.get('script-src') ?? []), ...(csp.get('frame-src') ?? [])];
    expect(scriptAndFrameHosts.every((source) => source === "'self'" || EXTERNAL.stripe.includes(source))).toBe(true);
  });

  it('refuses framing by any site, in both the CSP and X-Frame-Options', () => {
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(headers['X-Frame-Options']).toBe('DENY');
  });

  it('sets Referrer-Policy, HSTS for two years and nosniff', () => {
    expect(headers['Referrer-Policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['Strict-Transport-Security']).toBe('max-age=63072000; includeSubDomains');
    expect(headers['X-Content-Type-Options']).toBe('nosniff');
  });

  it('lets only our pages and Stripe.js ask for a payment, and denies camera, microphone, location and the like', () => {
    const features = new Map(
      (headers['Permissions-Policy'] ?? '').split(',').map((entry) => {
        const [name = '', allowlist = ''] = entry.trim().split('=');
        return [name, allowlist] as const;
      }),
    );
    expect(features.get('payment')).toBe('(self "https://js.stripe.com")');
    for (const feature of [
      'camera',
      'microphone',
      'geolocation',
      'usb',
      'serial',
      'midi',
      'accelerometer',
      'gyroscope',
      'magnetometer',
      'display-capture',
    ]) {
      expect(features.get(feature), feature).toBe('()');
    }
    const granted = [...features].filter(([, allowlist]) => allowlist !== '()').map(([name]) => name);
    expect(granted).toEqual(['payment']);
  });
});

describe("the dev server's policy", () => {
  it('is the production policy plus inline code, the local stack over http and ws, and no upgrade to https', () => {
    const dev = parseCsp(developmentCsp());
    const local = ['http://localhost:*', 'http://127.0.0.1:*', 'ws://localhost:*', 'ws://127.0.0.1:*'];
    const expected = new Map(csp);
    expected.set('script-src', [...(csp.get('script-src') ?? []), "'unsafe-inline'"]);
    expected.set('style-src', [...(csp.get('style-src') ?? []), "'unsafe-inline'"]);
    expected.set('connect-src', [...(csp.get('connect-src') ?? []), ...local]);
    expected.delete('upgrade-insecure-requests');
    expect(Object.fromEntries(dev)).toEqual(Object.fromEntries(expected));
    expect(dev.get('script-src')).not.toContain("'unsafe-eval'");
  });
});
