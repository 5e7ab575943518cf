/**
 * The one season config of the medical forms (docs/product.md, "Rules", "Medical form"; docs/api.md, "lookup-family").
 * Change these three values when a new camp season opens.
 */
export const SEASON = {
  /** The camp year the medical forms are for. */
  campYear: 2025,
  /**
   * Children qualify for the medical form with a 'Campo Estivo - Acconto'
   * order item created on or after this instant: 1 February 2025, midnight
   * in Italy (CET, UTC+1).
   */
  medicalFormCutoff: new Date('2025-02-01T00:00:00+01:00'),
  /**
   * The season's first day: order items created from this instant on are
   * "this season's" (what a family already paid, docs/product.md).
   */
  startsAt: new Date('2025-02-01T00:00:00+01:00'),
  /** Cloudinary folder of the uploaded forms. */
  medicalFormFolder: 'Documenti/Schede Mediche 2025',
} as const;
