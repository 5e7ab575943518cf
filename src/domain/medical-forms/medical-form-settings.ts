import { dayYearLater, italianMidnight } from '../italian-time';

/**
 * A season's medical-form settings (docs/admin.md, "Impostazioni stagione"):
 * `cutoff`, the first day (yyyy-mm-dd, Italy) a 'Campo Estivo - Acconto'
 * order makes the form due (isEligibleForMedicalForm); `folder`, the
 * Cloudinary folder the season's forms are uploaded to.
 */
export interface MedicalFormSettings {
  cutoff: string;
  folder: string;
}

/** The spec's settings for `season`: from 1 February, in 'Documenti/Schede Mediche {season}'. */
export function defaultMedicalFormSettings(season: number): MedicalFormSettings {
  return { cutoff: `${season}-02-01`, folder: `Documenti/Schede Mediche ${season}` };
}

/** The instant the cutoff day begins in Italy, as isEligibleForMedicalForm compares it. */
export function medicalFormCutoffInstant(settings: Pick<MedicalFormSettings, 'cutoff'>): Date {
  return italianMidnight(settings.cutoff);
}

/**
 * The next season's settings from `season`'s ('Nuova stagione'): the cutoff a
 * year later, and the year in the folder's name moved on (a folder without
 * it is kept: its forms would share it with the season before).
 */
export function nextSeasonMedicalForm(settings: MedicalFormSettings, season: number): MedicalFormSettings {
  return { cutoff: dayYearLater(settings.cutoff), folder: settings.folder.replaceAll(String(season), String(season + 1)) };
}
