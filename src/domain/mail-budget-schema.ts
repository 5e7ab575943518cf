import { z } from 'zod';
import { timestamp } from './firestore-timestamp';

/**
 * `mail_budget/{yyyy-mm-dd}`: the e-mails the outbox sent on an Italian day
 * (netlify/lib/platform/mail/mail-budget.ts): every recipient counted (`total`),
 * the ordinary messages per recipient (`recipients`, keyed by a hash of the
 * address), and which caps have been reported in the audit log that day.
 * `expires_at` lets a TTL policy delete it. Server only.
 */
export const mailBudgetDocument = z.object({
  day: z.string(),
  total: z.number().int().nonnegative().default(0),
  recipients: z.record(z.string(), z.number().int().nonnegative()).default({}),
  reported: z.array(z.string()).default([]),
  expires_at: timestamp,
});
export type MailBudgetDocument = z.infer<typeof mailBudgetDocument>;
