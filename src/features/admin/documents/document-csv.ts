import type { DocumentStatusRow } from '@contracts/admin-group-documents';
import { SIGNATURE_STATE_LABELS } from '@domain/documents/document-signature';
import { italianDateTime } from '@domain/italian-time';
import { toSpreadsheetCsv } from '@/lib/csv';

/** The columns of 'Esporta CSV' (docs/admin.md, "Documenti"). */
export const DOCUMENT_CSV_HEADER = ['Branca', 'Cognome', 'Nome', 'Stato', 'Scelta', 'Firmato da', 'Firmato il', 'Revocato il'] as const;

/**
 * The CSV of a document's rows as shown (the filter applied): one line per
 * child, its state in Italian, the level chosen, the signers and their
 * times (dd/mm/yyyy hh:mm, Europe/Rome, joined with ', '), and the
 * withdrawals. Through `toSpreadsheetCsv` (papaparse; `;`, BOM, formulas
 * escaped).
 */
export function documentStatusCsv(rows: readonly DocumentStatusRow[]): string {
  return toSpreadsheetCsv(
    DOCUMENT_CSV_HEADER,
    rows.map((row) => {
      const holding = row.signatures.filter((signature) => signature.withdrawnAt === null);
      const withdrawn = row.signatures.filter((signature) => signature.withdrawnAt !== null);
      return [
        row.branch,
        row.surname,
        row.name,
        SIGNATURE_STATE_LABELS[row.state],
        row.choice ?? '',
        holding.map((signature) => signature.signerName).join(', '),
        holding.map((signature) => italianDateTime(new Date(signature.signedAt))).join(', '),
        withdrawn.map((signature) => `${signature.signerName} ${italianDateTime(new Date(signature.withdrawnAt ?? ''))}`).join(', '),
      ];
    }),
  );
}

/** The export's file name: 'firme-autorizzazione-uscite-{season}-v1.csv'. */
export function documentCsvName(documentId: string): string {
  return `firme-${documentId}.csv`;
}
