import { ROSTER_TEMPLATE_HEADER } from '@domain/roster/roster';

/** The name of the template 'Scarica modello' downloads. */
export const ROSTER_TEMPLATE_FILE_NAME = 'modello-anagrafica.xlsx';

/**
 * The template's example row, by column title: a fictional family (child
 * born in Bologna, two parents), fiscal codes computed with
 * codice-fiscale-js, so the row passes the import's checks as it is.
 */
const EXAMPLE: Record<string, string> = {
  Cognome: 'Ferri',
  Nome: 'Lorenzo',
  'Codice Fiscale': 'FRRLNZ14D18A944D',
  Branca: 'Reparto',
  'Cognome Genitore 1': 'Ferri',
  'Nome Genitore 1': 'Giovanni',
  'Codice Fiscale Genitore 1': 'FRRGNN82L05A944T',
  'Email Genitore 1': 'giovanni.ferri@example.com',
  'Telefono Genitore 1': '+39 333 123 4567',
  'Cognome Genitore 2': 'Galli',
  'Nome Genitore 2': 'Silvia',
  'Codice Fiscale Genitore 2': 'GLLSLV84S63F257X',
  'Email Genitore 2': 'silvia.galli@example.com',
  'Telefono Genitore 2': '',
};

/** The template's rows: the header (ROSTER_TEMPLATE_HEADER), then the example row; every cell text. */
export function rosterTemplateRows(): string[][] {
  return [[...ROSTER_TEMPLATE_HEADER], ROSTER_TEMPLATE_HEADER.map((title) => EXAMPLE[title] ?? '')];
}

/**
 * 'Scarica modello' (docs/admin.md, "Importa anagrafica"): offers
 * {@link ROSTER_TEMPLATE_FILE_NAME}, one sheet with the header in bold and
 * the example row, columns wide enough for their titles. write-excel-file
 * loads on the first click.
 * @throws Error when the library does not load (offline, a new deploy).
 */
export async function downloadRosterTemplate(): Promise<void> {
  const { default: writeExcelFile } = await import('write-excel-file/browser');
  const [header = [], example = []] = rosterTemplateRows();
  await writeExcelFile([header.map((value) => ({ value, fontWeight: 'bold' as const })), example], {
    columns: header.map((title) => ({ width: Math.max(16, title.length + 2) })),
  }).toFile(ROSTER_TEMPLATE_FILE_NAME);
}
