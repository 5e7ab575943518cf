import { z } from 'zod';
import { timestamp } from '../collections';

/**
 * `receipt_counters/{year}`: the last receipt number issued in a calendar
 * year, advanced in the transaction that issues the next one. Server only.
 * `credit_note_counters/{year}` has the same shape for credit notes.
 */
export const receiptCounterDocument = z.object({
  year: z.number().int().positive(),
  last: z.number().int().nonnegative(),
  updated_at: timestamp,
});
export type ReceiptCounterDocument = z.infer<typeof receiptCounterDocument>;
