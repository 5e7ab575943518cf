import { z } from 'zod';
import { catalogueProductSchema } from './catalogue-product-schema';
import { SPEC_PRODUCTS } from './products';

/**
 * What the public season-settings function answers (docs/api.md,
 * "season-settings"): the season, whether card payments carry the
 * 'Commissioni Servizio', and the season's catalogue (src/domain/catalogue.ts):
 * the transfer pages show its prices, a season product's page its name,
 * buyers and closing day; and the account for the Bonifico (BankAccount). The server prices every order itself.
 */
export const publicSeasonSettingsSchema = z.object({
  season: z.number().int().positive(),
  cardFee: z.boolean(),
  catalogue: z.array(catalogueProductSchema),
  bankAccount: z.object({ holder: z.string(), iban: z.string() }),
});
export type PublicSeasonSettings = z.infer<typeof publicSeasonSettingsSchema>;

/**
 * The last day to pay each of the spec's products (yyyy-mm-dd, Italy), as
 * the reminders print it ('Da pagare entro il …'); a product left out has
 * none (docs/admin.md, "Reminders").
 */
export const paymentDeadlinesSchema = z.partialRecord(z.enum(SPEC_PRODUCTS), z.iso.date({ error: 'Data di scadenza non valida.' }));
export type PaymentDeadlines = z.infer<typeof paymentDeadlinesSchema>;
