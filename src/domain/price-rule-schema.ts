import { z } from 'zod';
import { BRANCHES } from './plans';

/** Euros a treasurer may set for one child: 0 to 10,000, at most two decimals. */
const settingEuros = z
  .number({ error: 'Importo non valido: scrivi un numero in euro.' })
  .min(0, { error: 'Un prezzo non può essere negativo.' })
  .max(10_000, { error: 'Un prezzo non può superare 10.000 €.' })
  .refine((euros) => Math.abs(euros * 100 - Math.round(euros * 100)) < 1e-6, { error: 'Un prezzo ha al massimo due decimali.' });

/** A product's price rule (src/domain/price-rule.ts, PriceRule), as stored and as an admin sends it. */
export const priceRuleSchema = z.strictObject({
  euros: settingEuros,
  branchEuros: z.partialRecord(z.enum(BRANCHES), settingEuros).optional(),
  siblingEuros: settingEuros.optional(),
  freeFromChild: z.int({ error: 'Il figlio gratuito è un numero intero.' }).min(2).max(20).optional(),
});
