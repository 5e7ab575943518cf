import { z } from 'zod/mini';
import { BRANCHES } from './plans';
import { priceRuleSchema } from './price-rule-schema';

/**
 * A catalogue entry (src/domain/catalogue.ts, CatalogueProduct) as the
 * lookup and season-settings answer it. zod/mini: the parents' screens parse
 * it (docs/architecture.md, "First load").
 */
export const catalogueProductSchema = z.object({
  id: z.string(),
  plan: z.string(),
  branches: z.array(z.enum(BRANCHES)),
  sizes: z.boolean(),
  price: priceRuleSchema,
  closesOn: z.optional(z.string()),
});
