import type { Caller } from '@contracts/contract';
import { REQUEST_MESSAGES } from '@contracts/request-messages';
import { HttpError } from './http';
import { serviceConfig } from './server-env';

/**
 * Requests only from the portal's own pages (docs/security.md, "Requests
 * only from the portal's pages"): the checks contractFunction runs before
 * any guard or body, for every function a browser calls. The session
 * cookie is SameSite=Strict, which keeps it from other sites' pages but not
 * from a sibling subdomain's (the group's blog is the same *site*): the
 * request's own headers say which page sent it.
 */

/** A method that reads: no body, and `Sec-Fetch-Site: none` (a typed URL, a bookmark) is accepted. */
function isRead(request: Request): boolean {
  return request.method === 'GET' || request.method === 'HEAD';
}

/**
 * The origins that are the portal's own: the request's (the host the
 * browser asked, on Netlify a deploy preview's too) and the configured
 * site's (SITE_URL, or Netlify's URL; server-env.ts, `site`) when set.
 */
export function portalOrigins(request: Request): Set<string> {
  const origins = new Set([new URL(request.url).origin]);
  try {
    origins.add(new URL(serviceConfig('site').url).origin);
  } catch {
    // No site URL configured (a local stack): the request's own origin alone.
  }
  return origins;
}

/**
 * Checks where a request comes from. `Sec-Fetch-Site` when the browser
 * sends it: 'same-origin' passes, 'none' passes a GET or HEAD only, anything
 * else ('same-site', 'cross-site', an unknown value) is refused. Without it
 * (an old browser, curl, a script), an `Origin` header, when present, must
 * be one of {@link portalOrigins} ('null' included: refused).
 * @throws HttpError 403 REQUEST_MESSAGES.otherSite.
 */
export function checkRequestSite(request: Request): void {
  const site = request.headers.get('sec-fetch-site')?.trim().toLowerCase();
  if (site !== undefined) {
    if (site === 'same-origin' || (site === 'none' && isRead(request))) return;
    throw new HttpError(403, REQUEST_MESSAGES.otherSite);
  }
  const origin = request.headers.get('origin');
  if (origin !== null && !portalOrigins(request).has(origin.trim())) throw new HttpError(403, REQUEST_MESSAGES.otherSite);
}

/**
 * Checks that a request's body is declared JSON: a POST (or any method
 * but GET and HEAD) needs `Content-Type: application/json`, parameters
 * such as `charset` allowed. A form or a `text/plain` body, which a page
 * of any site may send without asking the browser first, is refused.
 * @throws HttpError 415 REQUEST_MESSAGES.notJson.
 */
export function checkJsonContentType(request: Request): void {
  if (isRead(request)) return;
  const type = request.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/json') throw new HttpError(415, REQUEST_MESSAGES.notJson);
}

/**
 * Both checks for a browser's request; none for a service's (Contract,
 * `caller`: Stripe's webhook, whose signature is its proof). Scheduled
 * functions are no contract functions: Netlify runs them, no browser.
 */
export function checkBrowserRequest(request: Request, caller: Caller): void {
  if (caller === 'service') return;
  checkRequestSite(request);
  checkJsonContentType(request);
}
