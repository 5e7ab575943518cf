import { spreadsheetDate } from '../spreadsheet-format';
import { cellOf, type EnrolmentProduct, type EnrolmentRow } from './enrolment-status';
import { enrolmentProductColumns, medicalFormStateLabel, productLabel } from './enrolment-labels';

/** The CSV export of 'Situazione iscritti' (docs/admin-enrolment.md, "Export"): header, lines and file name. */

/** The CSV export's header (docs/admin-enrolment.md, "Export"). */
export function enrolmentCsvHeader(catalogue: readonly EnrolmentProduct[]): string[] {
  return ['Famiglia', 'Cognome', 'Nome', 'Branca', ...enrolmentProductColumns(catalogue), 'Scheda medica', 'Scheda ricevuta il'];
}

/**
 * The CSV export's lines, one per row in order, as the screen shows them:
 * products in catalogue order with {@link productLabel}, the form's state with
 * {@link medicalFormStateLabel} and its date dd/mm/yyyy ('' when not received).
 */
export function enrolmentCsvRows(rows: readonly EnrolmentRow[], catalogue: readonly EnrolmentProduct[]): string[][] {
  return rows.map((row) => [
    row.familySurname,
    row.surname,
    row.name,
    row.branch,
    ...catalogue.map((product) => productLabel(cellOf(row, product.id))),
    medicalFormStateLabel(row.medicalForm),
    row.medicalForm.state === 'received' ? spreadsheetDate(row.medicalForm.date) : '',
  ]);
}

/** The export's file name: `situazione-iscritti-{season}.csv`. */
export function enrolmentCsvFileName(season: number): string {
  return `situazione-iscritti-${season}.csv`;
}
