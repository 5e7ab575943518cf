import { SetupError } from './types';

/** Netlify's REST API (https://open-api.netlify.com), called with plain fetch and a personal access token. */
export const NETLIFY_API = 'https://api.netlify.com/api/v1';

/** Where a person makes a personal access token. */
export const NETLIFY_TOKENS_PAGE = 'https://app.netlify.com/user/applications#personal-access-tokens';

/**
 * `method {NETLIFY_API}{path}` with the token; the JSON answer.
 * @throws SetupError in Italian: 401 a wrong token (with the page to make
 * one), any other failure with Netlify's message.
 */
export async function netlifyRequest<T>(token: string, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${NETLIFY_API}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (response.status === 401) {
    throw new SetupError('Netlify non accetta il token: creane uno nuovo (Personal access tokens) e rilancia.', NETLIFY_TOKENS_PAGE);
  }
  if (!response.ok) {
    throw new SetupError(`Netlify risponde ${response.status} a ${method} ${path}: ${text.slice(0, 300)}`, 'https://app.netlify.com/');
  }
  return (text ? JSON.parse(text) : {}) as T;
}
