import { z } from 'zod';
import { formatEuros } from '../money';

/**
 * Stamp duty ('imposta di bollo') on receipts and credit notes
 * (docs/admin.md, "Receipts"): a receipt for money outside VAT above
 * 77,47 € carries a 2,00 € stamp (D.P.R. 642/1972, Tariffa, art. 13), unless
 * its issuer is exempt (a registered third-sector body: D.Lgs. 117/2017,
 * art. 82, c. 5). Each group says which in `group.config.json`
 * (`stampDuty`); the documents print the exemption with its legal basis, or
 * that the stamp was paid, when their amount is above the threshold, and
 * nothing below it. The portal does not add the 2,00 € to what the family
 * pays: the group bears it. Pure.
 */

/** Euros up to which no stamp is due; a document of more carries it. */
export const STAMP_DUTY_THRESHOLD_EUROS = 77.47;

/** The stamp's value in euros. */
export const STAMP_DUTY_EUROS = 2;

/** The exemption of a third-sector body, as the demo's group.config.json states it. */
export const THIRD_SECTOR_EXEMPTION = 'art. 82, comma 5, del D.Lgs. 117/2017';

/**
 * How the stamp is paid on documents that exist only as PDFs sent by e-mail
 * (no paper to stick a stamp on): virtually, the statement printed on each.
 * A group writes its own in `statement` to name its authorisation.
 */
export const VIRTUAL_STAMP_STATEMENT = 'assolta in modo virtuale';

/**
 * A group's stamp duty setting: 'exempt' with the legal basis printed
 * ('art. 82, comma 5, del D.Lgs. …'), or 'charged' with how the group pays
 * it (`statement`, by default {@link VIRTUAL_STAMP_STATEMENT}). Absent from
 * group.config.json: 'charged', the law's rule for a group that has not said
 * it is exempt. Stored with each receipt and credit note when issued
 * (`stamp_duty`), so a document prints the rule of its day.
 */
export const stampDutySettingSchema = z.discriminatedUnion('mode', [
  z.object({
    mode: z.literal('exempt'),
    basis: z.string().trim().min(10, 'la norma che esenta, es. "art. 82, comma 5, del D.Lgs. 117/2017"'),
  }),
  z.object({ mode: z.literal('charged'), statement: z.string().trim().min(5).default(VIRTUAL_STAMP_STATEMENT) }),
]);

/** `stampDuty` of group.config.json ({@link stampDutySettingSchema}), 'charged' when absent. */
export const stampDutySchema = stampDutySettingSchema.default({ mode: 'charged', statement: VIRTUAL_STAMP_STATEMENT });
export type StampDuty = z.infer<typeof stampDutySchema>;

/** True when a document of `amountEuros` is above the threshold (77,48 € and more): the stamp, or its exemption, applies. */
export function stampDutyApplies(amountEuros: number): boolean {
  return Math.round(amountEuros * 100) > Math.round(STAMP_DUTY_THRESHOLD_EUROS * 100);
}

/**
 * The sentence a receipt or credit note of `amountEuros` prints about the
 * stamp: null up to 77,47 €; above it 'Esente da imposta di bollo
 * ({basis}).' or 'Imposta di bollo di 2,00 € {statement}.'.
 */
export function stampDutyNote(stampDuty: StampDuty, amountEuros: number): string | null {
  if (!stampDutyApplies(amountEuros)) return null;
  if (stampDuty.mode === 'exempt') return `Esente da imposta di bollo (${stampDuty.basis}).`;
  return `Imposta di bollo di ${formatEuros(STAMP_DUTY_EUROS)} ${stampDuty.statement}.`;
}
