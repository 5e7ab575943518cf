import { z } from 'zod/mini';
import { familyLookupSchema } from '@domain/families/family-lookup';
import { defineContract } from './contract';
import { lookupFamilyEndpoint } from './family-access-endpoints';
import { cfField } from './parents';

/**
 * lookup-family (docs/api.md, "lookup-family"), with the family's session:
 * the family of the parent's fiscal code, its children with what each holds
 * this season and its medical form, the season's catalogue and the family's
 * receipts (FamilyLookup, built by buildFamilyLookup).
 */
export const lookupFamilyContract = defineContract({
  ...lookupFamilyEndpoint,
  request: z.object({ cf: cfField }),
  answer: familyLookupSchema,
});
