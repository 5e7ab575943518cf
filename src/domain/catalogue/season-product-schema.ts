import { z } from 'zod';
import { BRANCHES } from '../branches';
import { priceRuleSchema } from './price-rule-schema';
import { productSlug } from './product-slug';
import { SEED_PRODUCTS } from './seed';

/** The slugs a season product may not take: the seeded products' ids and plans. */
const isReserved = (name: string) =>
  SEED_PRODUCTS.flatMap((product) => [product.id, product.plan]).some((taken) => productSlug(taken) === productSlug(name));

/**
 * A product the treasurer adds for a season (SeasonProduct,
 * ./season-catalogue.ts), as stored and as an admin sends it: a name of 3 to 60
 * characters whose slug is not a seeded product's, a price rule,
 * at least one branch, sizes or not, and an optional closing day.
 */
export const seasonProductSchema = z.strictObject({
  name: z
    .string({ error: 'Scrivi il nome del prodotto.' })
    .trim()
    .min(3, { error: 'Il nome del prodotto ha almeno 3 caratteri.' })
    .max(60, { error: 'Il nome del prodotto ha al massimo 60 caratteri.' })
    .refine((name) => productSlug(name).length >= 3, { error: 'Il nome del prodotto deve contenere lettere o numeri.' })
    // The season's totals key a cell by '{method}|{product}|{status}' (totalsKey).
    .refine((name) => !name.includes('|'), { error: 'Il nome del prodotto non può contenere il carattere «|».' })
    .refine((name) => !isReserved(name), { error: 'Questo nome è già di un prodotto del campo o del gruppo.' }),
  price: priceRuleSchema,
  branches: z.array(z.enum(BRANCHES)).min(1, { error: 'Scegli almeno una branca.' }),
  sizes: z.boolean(),
  closesOn: z.iso.date({ error: 'Data di chiusura non valida.' }).optional(),
});

/**
 * A product's instalment plan (InstalmentPlan, ./product.ts) as stored and
 * as an admin sends it: 2 to 4 due days (yyyy-mm-dd), only the first may be
 * null ("at ordering"), in ascending order. That the days fall in the
 * season is admin-season-settings' check (instalmentPlanProblems).
 */
export const instalmentPlanSchema = z.strictObject({
  due: z
    .array(z.iso.date({ error: 'Scadenza della rata non valida.' }).nullable())
    .min(2, { error: 'Le rate sono da 2 a 4.' })
    .max(4, { error: 'Le rate sono da 2 a 4.' })
    .refine((due) => due.slice(1).every((day) => day !== null), {
      error: 'Solo la prima rata può essere «all’ordine»: le altre hanno una scadenza.',
    })
    .refine((due) => due.every((day, index) => index === 0 || day === null || (due[index - 1] ?? '') < day), {
      error: 'Le scadenze delle rate vanno in ordine, una dopo l’altra.',
    }),
});

/** The season's instalment plans by product id ('felpa', a season product's slug); a product left out is paid in one go. */
export const instalmentPlansSchema = z.record(z.string(), instalmentPlanSchema);

/** The season's own products: names unique by slug (the slug is the product's id and page). */
export const seasonProductsSchema = z
  .array(seasonProductSchema)
  .max(20, { error: 'Al massimo 20 prodotti per stagione.' })
  .refine((products) => new Set(products.map((product) => productSlug(product.name))).size === products.length, {
    error: 'Due prodotti hanno lo stesso nome.',
  });
