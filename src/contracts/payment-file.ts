import { z } from 'zod/mini';

/** A document number as issued: '{year}/42'. */
const documentNumber = z.string().check(z.regex(/^\d{4}\/\d{1,9}$/));

/**
 * A request naming one of a payment's documents (receipt and admin-receipt;
 * docs/admin.md, "Receipts" and "Credit notes"): `fields` (the payment id,
 * an action…) with `kind` ('receipt' when absent: its current receipt, or
 * the earlier one `number` names) or 'credit-note' with its `number`.
 */
export function paymentFileRequest<const Fields extends Record<string, z.core.$ZodType>>(fields: Fields) {
  return z.union([
    z.object({ ...fields, kind: z._default(z.literal('receipt'), 'receipt'), number: z.optional(documentNumber) }),
    z.object({ ...fields, kind: z.literal('credit-note'), number: documentNumber }),
  ]);
}
