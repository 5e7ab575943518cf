import { SIGNATURE_STATE_LABELS } from '../documents/document-signature';
import { PAID_STATE_LABELS, type EventRosterRow } from './event-roster';

/**
 * The leaders' list as a table of text (docs/events.md, "The leaders'
 * list"): the CSV's columns and the PDF's, in Italian, one row per child.
 */

/** The names of the columns that depend on the event: its products and its required documents. */
export interface RosterColumns {
  products: ReadonlyArray<{ id: string; name: string }>;
  documents: ReadonlyArray<{ key: string; title: string }>;
}

/** A row's state as the list says it: 'Iscritto', 'Posto offerto', "In lista d'attesa, posizione 2". */
export function rosterStateText(row: Pick<EventRosterRow, 'state' | 'rank'>): string {
  if (row.state === 'confirmed') return 'Iscritto';
  if (row.state === 'offered') return 'Posto offerto, da confermare';
  return row.rank === null ? "In lista d'attesa" : `In lista d'attesa, posizione ${row.rank}`;
}

/** The medical form as the list says it. */
export const medicalFormText = (received: boolean) => (received ? 'Ricevuta' : 'Mancante');

/** A product's cell: 'Pagato', 'Da verificare', 'Non pagato'. */
export function paymentText(row: Pick<EventRosterRow, 'payments'>, productId: string): string {
  const payment = row.payments.find((candidate) => candidate.productId === productId);
  return payment ? PAID_STATE_LABELS[payment.state] : '';
}

/** A document's cell: 'Firmato', 'Da firmare', 'Manca la firma del secondo genitore', 'Consenso revocato'. */
export function documentText(row: Pick<EventRosterRow, 'documents'>, key: string): string {
  const document = row.documents.find((candidate) => candidate.key === key);
  return document ? SIGNATURE_STATE_LABELS[document.state] : '';
}

/**
 * The CSV's header and rows: 'Stato', 'Cognome', 'Nome', 'Branca', 'Età',
 * a name and a phone column per parent (as many as the largest family has),
 * a column per product, 'Scheda medica', a column per document.
 */
export function rosterCsvTable(rows: readonly EventRosterRow[], columns: RosterColumns): { header: string[]; rows: string[][] } {
  const parentColumns = Math.max(1, ...rows.map((row) => row.parents.length));
  const parentHeader = Array.from({ length: parentColumns }, (_, index) => [`Genitore ${index + 1}`, `Telefono ${index + 1}`]).flat();
  return {
    header: [
      'Stato',
      'Cognome',
      'Nome',
      'Branca',
      'Età',
      ...parentHeader,
      ...columns.products.map((product) => product.name),
      'Scheda medica',
      ...columns.documents.map((document) => document.title),
    ],
    rows: rows.map((row) => [
      rosterStateText(row),
      row.surname,
      row.name,
      row.branch,
      row.age === null ? '' : String(row.age),
      ...Array.from({ length: parentColumns }, (_, index) => {
        const parent = row.parents[index];
        return parent ? [parent.name, parent.phone ?? ''] : ['', ''];
      }).flat(),
      ...columns.products.map((product) => paymentText(row, product.id)),
      medicalFormText(row.medicalForm),
      ...columns.documents.map((document) => documentText(row, document.key)),
    ]),
  };
}
