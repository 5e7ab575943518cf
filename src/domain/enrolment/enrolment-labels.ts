import { formatEuros } from '../money';
import { spreadsheetDate } from '../spreadsheet-format';
import type { EnrolmentProduct, MedicalFormCell, ProductCell, ProductState } from './enrolment-status';

/** The Italian wording of the cells and columns of 'Situazione iscritti', shared by the table and the CSV export. */

const PRODUCT_LABELS: Record<ProductState, string> = {
  paid: 'Pagato',
  toVerify: 'Bonifico da verificare',
  none: 'Non pagato',
};

/**
 * A product cell in Italian: 'Pagato', 'Bonifico da verificare', 'Non
 * pagato'; the size follows in brackets: 'Pagato (M)'; a family's amount due
 * after it: 'Pagato; famiglia: da saldare 25,00 €'; for a product paid in
 * rate, the part overdue: 'da saldare 66,66 € (rate scadute: 33,33 €)',
 * or '(nessuna rata scaduta)'.
 */
export function productLabel(cell: ProductCell): string {
  const label = PRODUCT_LABELS[cell.state];
  const text = cell.state !== 'none' && cell.size ? `${label} (${cell.size})` : label;
  if (!cell.dueEuros) return text;
  const due = `${text}; famiglia: da saldare ${formatEuros(cell.dueEuros)}`;
  if (cell.overdueEuros === undefined) return due;
  return `${due} (${cell.overdueEuros > 0 ? `rate scadute: ${formatEuros(cell.overdueEuros)}` : 'nessuna rata scaduta'})`;
}

/** The medical form's state in one word: 'Ricevuta', 'Mancante', 'Non richiesta'. */
export function medicalFormStateLabel(cell: MedicalFormCell): string {
  return cell.state === 'received' ? 'Ricevuta' : cell.state === 'missing' ? 'Mancante' : 'Non richiesta';
}

/** The medical form cell in Italian: 'Ricevuta il dd/mm/yyyy' (runtime time zone), 'Mancante', 'Non richiesta'. */
export function medicalFormLabel(cell: MedicalFormCell): string {
  return cell.state === 'received' ? `Ricevuta il ${spreadsheetDate(cell.date)}` : medicalFormStateLabel(cell);
}

/** The products' columns of the table and the CSV, in catalogue order: each entry's `names.short` ('Acconto', 'Saldo', 'Felpa'…). */
export function enrolmentProductColumns(catalogue: readonly EnrolmentProduct[]): string[] {
  return catalogue.map((product) => product.names.short);
}
