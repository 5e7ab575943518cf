/**
 * The router state /accesso leaves on the screen it goes back to after a
 * sign-in link opened a session (AccessLinkPage): the parent's fiscal code,
 * so the screen's lookup form starts filled in and 'Trova' needs no code.
 * History state, never the address: a fiscal code stays out of logs.
 */
export interface SignedInByLink {
  signedInByLink: { cf: string };
}

/** The state for the screen after a sign-in by link. */
export const signedInByLinkState = (cf: string): SignedInByLink => ({ signedInByLink: { cf } });

/** The fiscal code of a sign-in by link in router `state`, or null. */
export function signedInFiscalCode(state: unknown): string | null {
  const cf = (state as Partial<SignedInByLink> | null)?.signedInByLink?.cf;
  return typeof cf === 'string' && cf ? cf : null;
}
