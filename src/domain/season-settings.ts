import { z } from 'zod';
import { priceRuleSchema } from './price-rule-schema';
import { PRODUCTS } from './products';

/**
 * What the public season-settings function answers (docs/api.md,
 * "season-settings"): the season, whether card payments carry the
 * 'Commissioni Servizio', and each product's price rule
 * (src/domain/price-rule.ts). The payment screens price their summary with
 * it; the server prices every order itself.
 */
export const publicSeasonSettingsSchema = z.object({
  season: z.number().int().positive(),
  cardFee: z.boolean(),
  prices: z.record(z.enum(PRODUCTS), priceRuleSchema),
});
export type PublicSeasonSettings = z.infer<typeof publicSeasonSettingsSchema>;
