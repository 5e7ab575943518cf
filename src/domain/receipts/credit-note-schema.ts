import { z } from 'zod';
import { timestamp } from '../collections';
import { CREDIT_NOTE_REASONS } from './credit-note-reason';
import { stampDutySettingSchema } from './stamp-duty';

/**
 * A credit note ('nota di credito', docs/admin.md, "Credit notes") of a
 * payment, issued in the transaction that gave money back or took the
 * payment's receipt away (a refund, a dispute lost, a Bonifico's
 * confirmation undone, an order cancelled): its number `{year}/{n}` (its own
 * sequence, `credit_note_counters`), when, the euros it gives back and how
 * many of them were the card service fee, the receipt it cites, whether it
 * annuls that receipt (with the notes before it, it gives back the whole
 * amount), why (`reason`) and the line it prints ('Rimborso con carta').
 * `cancelled` is set when the refund it recorded failed (Stripe gave the
 * money back to the group): the note keeps its number and prints
 * 'ANNULLATA'; null while it stands.
 */
export const paymentCreditNote = z.object({
  number: z.string(),
  issued_at: timestamp,
  amount: z.number().positive(),
  service_fee: z.number().nonnegative(),
  /** Of `amount`, the 'Contributo al fondo di solidarietà' given back (the payment's `solidarity_contribution`); 0 for none and older notes. */
  solidarity_contribution: z.number().nonnegative().default(0),
  receipt_number: z.string(),
  voids_receipt: z.boolean(),
  reason: z.enum(CREDIT_NOTE_REASONS),
  description: z.string(),
  cancelled: z.object({ at: timestamp, reason: z.string() }).nullable().default(null),
  /** The group's stamp duty setting when it was issued, as on receipts; absent on older notes. */
  stamp_duty: stampDutySettingSchema.optional(),
});
export type PaymentCreditNote = z.infer<typeof paymentCreditNote>;
