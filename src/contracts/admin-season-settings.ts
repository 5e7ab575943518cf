import { z } from 'zod/mini';
import { bankAccountSchema } from '@domain/payments/bank-account';
import { priceRuleSchema } from '@domain/catalogue/price-rule-schema';
import { SEED_PRODUCT_IDS } from '@domain/catalogue/seed';
import { instalmentPlansSchema, seasonProductSchema, seasonProductsSchema } from '@domain/catalogue/season-product-schema';
import { medicalFormSettingsSchema } from '@domain/medical-forms/medical-form-settings-schema';
import { paymentDeadlinesSchema } from '@domain/season/season-settings';
import { defineContract } from './contract';

/** The seasons an admin may read and change: the portal's (the default) and the next, prepared with 'Nuova stagione'. */
const editableSeason = z.optional(z.int().check(z.positive()));

/**
 * admin-season-settings, POST with an admin's ID token (docs/api.md,
 * "admin-season-settings"; docs/admin.md, "Impostazioni stagione"): read a
 * season's settings, change them (`update`: only what is sent changes;
 * `prices` keyed by the seeded products' ids, `products` the treasurer's
 * own, all of them), or prepare the next season (`newSeason`). Answers the
 * season's settings as they are after the request.
 */
export const adminSeasonSettingsContract = defineContract({
  name: 'admin-season-settings',
  method: 'POST',
  request: z.discriminatedUnion('action', [
    z.object({ action: z.literal('read'), season: editableSeason }),
    z.object({ action: z.literal('newSeason') }),
    z.object({
      action: z.literal('update'),
      season: editableSeason,
      cardFee: z.optional(z.boolean()),
      prices: z.optional(z.partialRecord(z.enum(SEED_PRODUCT_IDS), priceRuleSchema)),
      products: z.optional(seasonProductsSchema),
      bankAccount: z.optional(bankAccountSchema),
      medicalForm: z.optional(medicalFormSettingsSchema),
      deadlines: z.optional(paymentDeadlinesSchema),
      /** Every product's plan (docs/product.md, "Instalments"), by product id; a product left out is paid in one go. */
      instalments: z.optional(instalmentPlansSchema),
    }),
  ]),
  answer: z.object({
    season: z.number(),
    cardFee: z.boolean(),
    /** Every seeded product's price rule (its default where the treasurer set none). */
    prices: z.record(z.enum(SEED_PRODUCT_IDS), priceRuleSchema),
    /** The treasurer's own products of the season. */
    products: z.array(seasonProductSchema),
    /** The account for the Bonifico (group.config.json's until the treasurer sets one). */
    bankAccount: z.object({ holder: z.string(), iban: z.string() }),
    /** The medical form's cutoff day and Cloudinary folder. */
    medicalForm: z.object({ cutoff: z.iso.date(), folder: z.string() }),
    /** The last day to pay each seeded product that has one. */
    deadlines: paymentDeadlinesSchema,
    /** The products paid in rate, by product id. */
    instalments: instalmentPlansSchema,
    /** True when the next season has been prepared ('Nuova stagione'). */
    nextPrepared: z.boolean(),
    /** Who changed them last and when (ISO); null: never changed, the defaults. */
    updatedBy: z.nullable(z.string()),
    updatedAt: z.nullable(z.iso.datetime()),
  }),
  messages: {
    malformed:
      'Richiesta non valida: serve "action" (read, newSeason, o update con "cardFee", "prices", "products", "bankAccount", "medicalForm", "deadlines" o "instalments").',
    instalmentProduct: (id: string) => `Le rate valgono per un prodotto della stagione, non per il campo: «${id}» non lo è.`,
    instalmentPlan: (problem: string) => `Rate: ${problem}`,
    ordered: (name: string) => `«${name}» ha già degli ordini in questa stagione: non si può togliere.`,
    otherSeason: (current: number) => `Si possono modificare solo la stagione ${current} e la successiva, ${current + 1}.`,
    nextExists: (next: number) => `La stagione ${next} è già stata preparata: modificala da qui.`,
  },
});
export type SeasonSettingsView = z.output<typeof adminSeasonSettingsContract.answer>;
