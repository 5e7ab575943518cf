/**
 * What every function a browser calls may answer before its own contract
 * is read (docs/security.md, "Requests only from the portal's pages";
 * netlify/lib/platform/request-origin.ts): a request from another site, or
 * a body that is not declared JSON. No zod here, as in parent-messages.ts.
 */
export const REQUEST_MESSAGES = {
  /** 403: `Sec-Fetch-Site` names another site (a sibling subdomain included), or `Origin` is not the portal's. */
  otherSite: 'Richiesta non consentita: usa le pagine del portale.',
  /** 415: a POST whose `Content-Type` is not `application/json` (a form, `text/plain`, none). */
  notJson: 'Richiesta non valida: il corpo deve essere inviato come JSON (Content-Type: application/json).',
} as const;
