import { z } from 'zod/mini';

/** A document number as issued: '{year}/42'. */
const documentNumber = z.string().check(z.regex(/^\d{4}\/\d{1,9}$/));

/**
 * A request naming one document of a payment (docs/admin.md, "Receipts" and
 * "Credit notes"), with `fields` (the payment id, an action…): `kind`
 * 'receipt' (the default: its current receipt, or the earlier one `number`
 * names) or 'credit-note' with its `number`. Read as netlify/lib's
 * PaymentFileRequest.
 */
export function paymentFileRequest<Fields extends z.core.$ZodLooseShape>(fields: Fields) {
  return z.union([
    z.object({ ...fields, kind: z._default(z.literal('receipt'), 'receipt'), number: z.optional(documentNumber) }),
    z.object({ ...fields, kind: z.literal('credit-note'), number: documentNumber }),
  ]);
}
