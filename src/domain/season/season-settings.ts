import { z } from 'zod';
import { SEED_PRODUCT_IDS } from '../catalogue/seed';

/**
 * The last day to pay each seeded product (yyyy-mm-dd, Italy), as
 * the reminders print it ('Da pagare entro il …'); a product left out has
 * none (docs/admin.md, "Reminders").
 */
export const paymentDeadlinesSchema = z.partialRecord(z.enum(SEED_PRODUCT_IDS), z.iso.date({ error: 'Data di scadenza non valida.' }));
export type PaymentDeadlines = z.infer<typeof paymentDeadlinesSchema>;
