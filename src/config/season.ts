import type { SpecProduct } from '../domain/products';

/**
 * The season: the one place to change when a new camp season opens
 * (docs/product.md, "Season"; README, "A new season"). Every screen, payment
 * reason, function and admin view reads the year from here; a test
 * (tests/unit/config/season.test.ts) fails when another file of src/ or
 * netlify/ names a year.
 */
const campYear = 2025;

export const SEASON = {
  /**
   * The camp year: the title of /campo-estivo, the Bonifico reasons, the
   * medical forms, and the `season` every order, item and payment is
   * recorded with (docs/data-model.md).
   */
  campYear,
  /**
   * The season's first day, 1 February, midnight in Italy (CET, UTC+1): a
   * medical form received before it belongs to an earlier season.
   */
  startsAt: new Date(`${campYear}-02-01T00:00:00+01:00`),
  /**
   * Children qualify for the medical form with a 'Campo Estivo - Acconto'
   * order item created on or after this instant (docs/product.md, "Medical form").
   */
  medicalFormCutoff: new Date(`${campYear}-02-01T00:00:00+01:00`),
  /** Cloudinary folder of the uploaded medical forms. */
  medicalFormFolder: `Documenti/Schede Mediche ${campYear}`,
  /**
   * The last moment to pay each product, printed in its reminders as 'Da
   * pagare entro il dd/mm/yyyy' (Europe/Rome; docs/admin.md, "Reminders");
   * a product left out has no deadline and its reminders name none. E.g.
   * `{ 'campo-saldo': new Date(`${campYear}-06-30T23:59:59+02:00`) }`.
   */
  paymentDeadlines: {} as Partial<Record<SpecProduct, Date>>,
  /** How many seasons the admin's season picker offers: this one and the ones before. */
  seasonsShown: 5,
} as const;

/** The camp years the admin can pick, newest first: this season and the {@link SEASON.seasonsShown} − 1 before it. */
export function seasonChoices(): number[] {
  return Array.from({ length: SEASON.seasonsShown }, (_, index) => SEASON.campYear - index);
}
