import { z } from 'zod';
import { instalmentPlansSchema, seasonProductsSchema } from '../catalogue/season-product-schema';
import { priceRuleSchema } from '../catalogue/price-rule-schema';
import { SEED_PRODUCT_IDS } from '../catalogue/seed';
import { seasonField, timestamp } from '../collections';
import { medicalFormSettingsSchema } from '../medical-forms/medical-form-settings-schema';
import { bankAccountSchema } from '../payments/bank-account';
import { paymentDeadlinesSchema } from './season-settings';

/**
 * `season_settings/{season}`: what the treasurer sets for a season
 * (docs/admin.md, "Impostazioni stagione"): `card_fee`, whether card
 * payments carry the 'Commissioni Servizio'; `prices`, the price rule of
 * each seeded product (a product left out has its default,
 * SEED_PRICES); `products`, the treasurer's own products (SeasonProduct);
 * `bank_account`, the account for the Bonifico (BankAccount; none: the
 * one in group.config.json); `medical_form`, the form's cutoff day and
 * Cloudinary folder (MedicalFormSettings; none: the spec's); `deadlines`,
 * the last day to pay each seeded product that has one, as the
 * reminders print it (PaymentDeadlines); `medical_form_former_folders`,
 * the Cloudinary folders the season's forms were kept in before a rename
 * (kept by the server, so the retention still lists them); who
 * changed them last and when. A season without the document has the
 * spec's settings. Admins change it through admin-season-settings; the
 * browser reads it through the public season-settings function.
 */
export const seasonSettingsDocument = z.object({
  season: seasonField,
  card_fee: z.boolean(),
  prices: z.partialRecord(z.enum(SEED_PRODUCT_IDS), priceRuleSchema).default({}),
  products: seasonProductsSchema.default([]),
  bank_account: bankAccountSchema.optional(),
  medical_form: medicalFormSettingsSchema.optional(),
  medical_form_former_folders: z.array(z.string()).default([]),
  deadlines: paymentDeadlinesSchema.default({}),
  /** Instalment plans by product id (docs/product.md, "Instalments"). */
  instalments: instalmentPlansSchema.default({}),
  updated_at: timestamp,
  updated_by: z.string(),
});
export type SeasonSettingsDocument = z.infer<typeof seasonSettingsDocument>;
