import { z } from 'zod/mini';
import { defineContract } from './contract';
import { answeredLineSchema, idempotencyKeyField, ORDER_MESSAGES, orderChildrenField, productField } from './order-request';

/**
 * admin-record-cash, POST with an admin's ID token (docs/api.md,
 * "admin-record-cash"): the order request of a family the admin picked
 * (its id instead of a fiscal code), paid in cash, recorded 'Confermato'
 * with a receipt. 201 for a new order, 200 and the same body for an
 * idempotency key used before.
 */
export const adminRecordCashContract = defineContract({
  name: 'admin-record-cash',
  method: 'POST',
  request: z.object({
    familyId: z.string().check(z.minLength(1), z.maxLength(128)),
    product: productField,
    children: orderChildrenField,
    idempotencyKey: idempotencyKeyField,
  }),
  answer: z.object({
    orderId: z.string(),
    /** Euros. */
    totalEuros: z.number(),
    receiptNumber: z.nullable(z.string()),
    lines: z.array(answeredLineSchema),
  }),
  messages: {
    ...ORDER_MESSAGES,
    malformed: 'Richiesta non valida: servono "familyId", "product", i figli ("children") e "idempotencyKey".',
  },
});
export type RecordedCash = z.output<typeof adminRecordCashContract.answer>;
