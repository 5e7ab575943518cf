import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Plugin } from 'vite';
import { developmentCsp, headersFor, NETLIFY_TOML } from './netlify-headers';

/**
 * The dev server's security headers (docs/security.md, "In development"):
 * netlify.toml's `[[headers]] for = "/*"`, the one source, read at start,
 * so `npm run check:launch -- http://localhost:5173` finds on `npm run dev`
 * what it finds online.
 */

/** The header the local stack leaves out: HSTS over plain http is ignored by browsers, and on localhost it would pin every local port to https. */
const HTTPS_ONLY = 'strict-transport-security';

/**
 * netlify.toml's headers for "/*" as the dev server sends them: each value
 * as it is, the Content-Security-Policy as {@link developmentCsp}, and no
 * Strict-Transport-Security.
 * @throws when netlify.toml has no "/*" rule or no policy.
 */
export function developmentHeaders(file: string = NETLIFY_TOML): Record<string, string> {
  const headers = Object.entries(headersFor('/*', file)).filter(([name]) => name.toLowerCase() !== HTTPS_ONLY);
  return Object.fromEntries(
    headers.map(([name, value]) => [name, name.toLowerCase() === 'content-security-policy' ? developmentCsp(file) : value]),
  );
}

/** A Connect middleware that sets `headers` on every response, then hands on. */
export function headersMiddleware(headers: Record<string, string>) {
  return (_request: IncomingMessage, response: ServerResponse, next: () => void): void => {
    for (const [name, value] of Object.entries(headers)) response.setHeader(name, value);
    next();
  };
}

/**
 * The dev-only Vite plugin that gives every response {@link developmentHeaders}.
 * It has to set them itself: Netlify's Vite plugin does not add
 * netlify.toml's headers to what Vite serves, and under `netlify dev`
 * netlify-cli adds them to a proxied response only where the response has
 * none (its production policy would block React's refresh).
 */
export function devSecurityHeaders(): Plugin {
  return {
    name: 'dev-security-headers',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use(headersMiddleware(developmentHeaders()));
    },
  };
}
