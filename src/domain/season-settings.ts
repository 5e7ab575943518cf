import { z } from 'zod';
import { SPEC_PRODUCTS } from './products';

/**
 * The last day to pay each of the spec's products (yyyy-mm-dd, Italy), as
 * the reminders print it ('Da pagare entro il …'); a product left out has
 * none (docs/admin.md, "Reminders").
 */
export const paymentDeadlinesSchema = z.partialRecord(z.enum(SPEC_PRODUCTS), z.iso.date({ error: 'Data di scadenza non valida.' }));
export type PaymentDeadlines = z.infer<typeof paymentDeadlinesSchema>;
