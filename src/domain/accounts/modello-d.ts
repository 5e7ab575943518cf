/**
 * The income lines of the third sector's cash-basis report ('rendiconto per
 * cassa', Modello D of the Labour Ministry's decree of 5 March on the
 * sector's financial statements, for bodies under 220,000 € a year;
 * docs/admin.md, "Rendiconto"), worded as the decree words them. The
 * portal records only income, so only the income ('Entrate') lines of
 * sections A, B and C are here. Pure.
 */

/** The sections whose income lines the portal can fill. */
export const MODELLO_D_SECTIONS = {
  A: 'A) Entrate da attività di interesse generale',
  B: 'B) Entrate da attività diverse',
  C: 'C) Entrate da attività di raccolta fondi',
} as const;
export type ModelloDSection = keyof typeof MODELLO_D_SECTIONS;

/** Each line: its code (section and number), its section and its wording. */
export const MODELLO_D_LINES = [
  { code: 'A1', section: 'A', label: 'Entrate da quote associative e apporti dei fondatori' },
  { code: 'A2', section: 'A', label: 'Entrate dagli associati per attività mutuali' },
  { code: 'A3', section: 'A', label: 'Entrate per prestazioni e cessioni ad associati e fondatori' },
  { code: 'A4', section: 'A', label: 'Erogazioni liberali' },
  { code: 'A5', section: 'A', label: 'Entrate del 5 per mille' },
  { code: 'A6', section: 'A', label: 'Contributi da soggetti privati' },
  { code: 'A7', section: 'A', label: 'Entrate per prestazioni e cessioni a terzi' },
  { code: 'A8', section: 'A', label: 'Contributi da enti pubblici' },
  { code: 'A9', section: 'A', label: 'Entrate da contratti con enti pubblici' },
  { code: 'A10', section: 'A', label: 'Altre entrate' },
  { code: 'B1', section: 'B', label: 'Entrate per prestazioni e cessioni ad associati e fondatori' },
  { code: 'B2', section: 'B', label: 'Contributi da soggetti privati' },
  { code: 'B3', section: 'B', label: 'Entrate per prestazioni e cessioni a terzi' },
  { code: 'B4', section: 'B', label: 'Contributi da enti pubblici' },
  { code: 'B5', section: 'B', label: 'Entrate da contratti con enti pubblici' },
  { code: 'B6', section: 'B', label: 'Altre entrate' },
  { code: 'C1', section: 'C', label: 'Entrate da raccolte fondi abituali' },
  { code: 'C2', section: 'C', label: 'Entrate da raccolte fondi occasionali' },
  { code: 'C3', section: 'C', label: 'Altre entrate' },
] as const satisfies ReadonlyArray<{ code: string; section: ModelloDSection; label: string }>;

export type ModelloDLineCode = (typeof MODELLO_D_LINES)[number]['code'];
export const MODELLO_D_CODES = MODELLO_D_LINES.map((line) => line.code) as [ModelloDLineCode, ...ModelloDLineCode[]];

/** 'A3) Entrate per prestazioni e cessioni ad associati e fondatori' */
export function modelloDLineText(code: ModelloDLineCode): string {
  const line = MODELLO_D_LINES.find((entry) => entry.code === code)!;
  return `${line.code}) ${line.label}`;
}
