import { z } from 'zod/mini';
import { defineContract } from './contract';
import { documentId } from './fields';

/** Euros (at most 10 000) or a percentage with at most two decimals. */
const twoDecimals = z.number().check(
  z.positive(),
  z.lte(10_000),
  z.refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6),
);

/** A family's reduction as the admin's family page shows it: the product (id and name), kind, value, reason, who set it and when (ISO). */
export const familyReductionSchema = z.object({
  product: z.string(),
  plan: z.string(),
  kind: z.enum(['amount', 'percent']),
  value: z.number(),
  reason: z.string(),
  updatedAt: z.iso.datetime(),
  updatedBy: z.string(),
});
export type FamilyReductionView = z.output<typeof familyReductionSchema>;

/** Most characters of a reduction's reason. */
export const MAX_REDUCTION_REASON = 300;

/**
 * admin-family-reduction, POST, admin with the `payments` permission (the
 * admin and the treasurer; docs/api.md, "admin-family-reduction";
 * docs/admin.md, "Riduzione"): the family's reductions of the current
 * season listed ('list'), one set ('set': a product of the season, an
 * amount in euros or a percentage up to 100, a reason) or removed
 * ('remove'). Every answer is the family's reductions after the change.
 */
export const adminFamilyReductionContract = defineContract({
  name: 'admin-family-reduction',
  method: 'POST',
  request: z.discriminatedUnion('action', [
    z.object({ action: z.literal('list'), familyId: documentId }),
    z.object({
      action: z.literal('set'),
      familyId: documentId,
      product: z.string().check(z.minLength(1), z.maxLength(80)),
      kind: z.enum(['amount', 'percent']),
      value: twoDecimals,
      reason: z.string().check(z.trim(), z.minLength(1), z.maxLength(MAX_REDUCTION_REASON)),
    }),
    z.object({ action: z.literal('remove'), familyId: documentId, product: z.string().check(z.minLength(1), z.maxLength(80)) }),
  ]),
  answer: z.object({ reductions: z.array(familyReductionSchema) }),
  messages: {
    malformed: `Richiesta non valida: indica il prodotto, un importo in euro o una percentuale (due decimali al massimo) e il motivo (al massimo ${MAX_REDUCTION_REASON} caratteri).`,
    familyGone: 'La famiglia non esiste più. Aggiorna la pagina.',
    product: 'Prodotto non valido: scegli un prodotto della stagione.',
    percentTooHigh: 'Una riduzione in percentuale è al massimo del 100%.',
  },
});
