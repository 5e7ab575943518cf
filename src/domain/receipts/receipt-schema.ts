import { z } from 'zod';
import { timestamp } from '../collections';
import { stampDutySettingSchema } from './stamp-duty';

/**
 * A payment's receipt (docs/admin.md, "Receipts"), issued in the
 * transaction that confirmed the payment and never changed afterwards
 * (money given back is a credit note citing it, paymentCreditNote in ./credit-note-schema.ts): its number `{year}/{n}`, when it was issued, when the
 * money was credited, the card service fee in euros (0 for none), and what
 * it prints of the people as they were then: the payer and each child's
 * fiscal code by child id.
 */
export const paymentReceipt = z.object({
  number: z.string(),
  issued_at: timestamp,
  credited_at: timestamp,
  service_fee: z.number().nonnegative(),
  payer: z.object({ name: z.string(), surname: z.string(), cf: z.string() }),
  child_fiscal_codes: z.record(z.string(), z.string()),
  /** The group's stamp duty setting when it was issued (src/domain/receipts/stamp-duty.ts); absent on older receipts, which print today's. */
  stamp_duty: stampDutySettingSchema.optional(),
});
export type PaymentReceipt = z.infer<typeof paymentReceipt>;
