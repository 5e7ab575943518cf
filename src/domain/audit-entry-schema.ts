import { z } from 'zod';
import { AUDIT_ACTIONS } from './audit-log';
import { timestamp } from './firestore-timestamp';

/**
 * `audit_log/{id}`: one admin action (docs/security.md, "Audit log"),
 * written by the function that performs it in the same transaction: when
 * (server time), who (the admin's uid and e-mail; 'system' for scheduled
 * work), what (`action`), on what (`target`: a collection and a document
 * id), a one-line Italian `summary`, and the fields before and after.
 * Admins read it; nobody writes it from a browser.
 */
export const auditEntryDocument = z.object({
  id: z.string(),
  at: timestamp,
  actor: z.object({ uid: z.string(), email: z.string() }),
  action: z.enum(AUDIT_ACTIONS),
  target: z.object({ collection: z.string(), id: z.string() }),
  summary: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEntryDocument = z.infer<typeof auditEntryDocument>;
