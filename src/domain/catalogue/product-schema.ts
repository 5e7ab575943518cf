import { z } from 'zod/mini';
import { BRANCHES } from '../branches';
import { priceRuleSchema } from './price-rule-schema';

/**
 * A catalogue entry (CatalogueProduct, ./product.ts) as the lookup and
 * season-settings answer it. zod/mini: the parents' screens parse it
 * (docs/architecture.md, "First load").
 */
export const catalogueProductSchema = z.object({
  id: z.string(),
  plan: z.string(),
  branches: z.array(z.enum(BRANCHES)),
  sizes: z.boolean(),
  price: priceRuleSchema,
  closesOn: z.optional(z.string()),
  after: z.optional(z.string()),
  asksMedicalForm: z.optional(z.boolean()),
  instalments: z.optional(z.object({ due: z.array(z.nullable(z.string())) })),
  names: z.object({
    short: z.string(),
    inSentence: z.string(),
    held: z.string(),
    reason: z.string(),
    subject: z.string(),
    code: z.string(),
    each: z.string(),
  }),
});
