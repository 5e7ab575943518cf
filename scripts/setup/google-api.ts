import { cert } from 'firebase-admin/app';
import { SetupError, type FirebaseTarget } from './types';

/**
 * Google's REST APIs with the project's service account (the Rules API,
 * the Firestore Admin API, the Firebase Management API, Identity Toolkit's
 * admin config): an OAuth token from firebase-admin's own credential
 * (scope cloud-platform), then plain fetch, so the tests can meet Google at
 * its HTTP edge as they meet Stripe.
 */
type ProjectTarget = Extract<FirebaseTarget, { kind: 'project' }>;

const tokens = new Map<string, Promise<string>>();

async function accessToken(target: ProjectTarget): Promise<string> {
  let token = tokens.get(target.clientEmail);
  if (!token) {
    const credential = cert({ projectId: target.projectId, clientEmail: target.clientEmail, privateKey: target.privateKey });
    token = credential.getAccessToken().then((answer) => answer.access_token);
    tokens.set(target.clientEmail, token);
  }
  try {
    return await token;
  } catch (error) {
    tokens.delete(target.clientEmail);
    throw new SetupError(
      `Google rifiuta il service account ${target.clientEmail}: ${(error as Error).message}. Genera una nuova chiave privata e rilancia.`,
      `https://console.firebase.google.com/project/${target.projectId}/settings/serviceaccounts/adminsdk`,
    );
  }
}

/** A Google API answer: its status and JSON body ({} when none). */
export interface GoogleAnswer<T> {
  status: number;
  body: T;
}

/**
 * `method url` with the service account's token and `body` as JSON.
 * 404 is answered (the caller creates what is missing); 401 and 403 throw
 * a SetupError naming the console page where the API or the role is set.
 * @throws SetupError for any other failure, with Google's message.
 */
export async function googleRequest<T>(
  target: ProjectTarget,
  method: string,
  url: string,
  body?: unknown,
  consolePage = `https://console.firebase.google.com/project/${target.projectId}/overview`,
): Promise<GoogleAnswer<T>> {
  const response = await fetch(url, {
    method,
    headers: { authorization: `Bearer ${await accessToken(target)}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  const json = (text ? JSON.parse(text) : {}) as T & { error?: { message?: string } };
  if (response.ok || response.status === 404) return { status: response.status, body: json };
  const reason = json.error?.message ?? `HTTP ${response.status}`;
  if (response.status === 401 || response.status === 403) {
    throw new SetupError(
      `Google nega l'accesso (${reason}): il service account deve essere quello del progetto ${target.projectId}.`,
      consolePage,
    );
  }
  throw new SetupError(`Google risponde ${response.status} a ${method} ${url}: ${reason}`, consolePage);
}
