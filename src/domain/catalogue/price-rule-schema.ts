import { z } from 'zod/mini';
import { BRANCHES } from '../branches';

// zod/mini: this schema reaches the parents' screens inside the lookup's answer, where zod's full build would cost 26 kB.

/** Euros a treasurer may set for one child: 0 to 10,000, at most two decimals. */
const settingEuros = z.number({ error: 'Importo non valido: scrivi un numero in euro.' }).check(
  z.gte(0, { error: 'Un prezzo non può essere negativo.' }),
  z.lte(10_000, { error: 'Un prezzo non può superare 10.000 €.' }),
  z.refine((euros) => Math.abs(euros * 100 - Math.round(euros * 100)) < 1e-6, { error: 'Un prezzo ha al massimo due decimali.' }),
);

/** A product's price rule (PriceRule, ./price-rule.ts), as stored and as an admin sends it. */
export const priceRuleSchema = z.strictObject({
  euros: settingEuros,
  branchEuros: z.optional(z.partialRecord(z.enum(BRANCHES), settingEuros)),
  siblingEuros: z.optional(settingEuros),
  freeFromChild: z.optional(z.int({ error: 'Il figlio gratuito è un numero intero.' }).check(z.gte(2), z.lte(20))),
});
