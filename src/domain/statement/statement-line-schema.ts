import { z } from 'zod';
import { timestamp } from '../collections';

/**
 * `statement_lines/{id}`: a bank statement's credit confirmed through
 * 'Estratto conto' (admin-statement, docs/admin.md): the line as the bank
 * gave it (its reference, day, euros, free text and ordering party), the
 * payments it confirmed, who matched it and when. 'Elimina famiglia'
 * replaces the ordering party and the free text and sets `redacted_at`
 * (docs/privacy.md, "A family's rights"). Server only.
 */
export const statementLineDocument = z.object({
  bankReference: z.string(),
  /** yyyy-mm-dd. */
  date: z.string(),
  amountEuros: z.number(),
  description: z.string(),
  orderingParty: z.string(),
  payment_ids: z.array(z.string()),
  matched_by: z.string(),
  matched_at: timestamp,
  redacted_at: timestamp.nullable().default(null),
});
export type StatementLineDocument = z.infer<typeof statementLineDocument>;
