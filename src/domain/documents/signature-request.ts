import { z } from 'zod';
import { timestamp } from '../collections';

/**
 * `signature_requests/{id}`: a parent's 'Firma' waiting for its code
 * (docs/documents.md, "Signing"): the document's version, the children,
 * the level or the delegates, the SHA-256 of each child's text as the
 * server rendered it, and the six-digit code as an HMAC (never the code).
 * Spent by the confirmation that writes the signatures (`spent_at`, with
 * their ids, so a retry answers the same); deleted by a TTL on `delete_at`.
 */
export const signatureRequestSchema = z.object({
  family_id: z.string(),
  parent_id: z.string(),
  document_id: z.string(),
  child_ids: z.array(z.string()).min(1),
  choice: z.string().nullable(),
  delegates: z.string(),
  /** Each child's text's SHA-256 as rendered when the code was asked for, by child id. */
  digests: z.record(z.string(), z.string()),
  /** HMAC-SHA256 (SESSION_SECRET) of the request id and the code, hex. */
  code_hash: z.string(),
  /** Wrong codes typed so far (at most SIGNING_CODE_TRIES). */
  tries: z.number().int().nonnegative(),
  /** The masked address the code was e-mailed to ('m•••@e•••.com'). */
  code_sent_to: z.string(),
  created_at: timestamp,
  /** The code's end (SIGNING_CODE_MINUTES after it was sent). */
  expires_at: timestamp,
  /** When a Firestore TTL policy deletes the request: a day on, so a retried 'Conferma' still finds its answer (docs/deploy.md). */
  delete_at: timestamp,
  spent_at: timestamp.nullable(),
  /** The signatures the confirmation wrote or found, by child id; empty until spent. */
  signature_ids: z.record(z.string(), z.string()),
});
export type SignatureRequest = z.infer<typeof signatureRequestSchema> & { id: string };

/** How long a signing code is valid, in minutes. */
export const SIGNING_CODE_MINUTES = 10;
/** Wrong codes a signing request allows; then 'Firma' again. */
export const SIGNING_CODE_TRIES = 5;
/** Signing codes one parent may ask for in an hour. */
export const SIGNING_CODES_PER_HOUR = 6;
/** Wrong signing codes one parent may type in an Italian day, over all their requests; then no code until the next day. */
export const SIGNING_WRONG_TRIES_PER_DAY = 10;

/**
 * The id of a parent's `slot`-th signature of a document's version for a
 * child (1, 2, … : a consent withdrawn and given again is a new record):
 * `{documentId}_{childId}_{parentId}`, then `…_2`. Deterministic, so two
 * confirmations at once (a second press, a retry, two tabs) meet on the
 * same record and one signature is written.
 */
export function signatureSlotId(documentId: string, childId: string, parentId: string, slot: number): string {
  const base = `${documentId}_${childId}_${parentId}`;
  return slot === 1 ? base : `${base}_${slot}`;
}
