import { formatEuros } from '@domain/money';
import type { CreditNoteData } from '@domain/receipts/credit-note';
import type { OrderLine } from '@domain/catalogue/order-line';
import { receiptTotal, type ReceiptData, type ReceiptIssuer } from '@domain/receipts/receipt';
import { italianDate } from '@domain/italian-time';
import { SOLIDARITY_CONTRIBUTION_LABEL } from '@domain/payments/solidarity-contribution';
import { stampDutyNote } from '@domain/receipts/stamp-duty';
import {
  ALERT,
  ensureSpace,
  INK,
  lineHeight,
  MUTED,
  numberPages,
  rowCells,
  SHADE,
  startDocument,
  summaryCells,
  tableRow,
  writeLine,
  writeTableHeader,
  type Cell,
  type Writer,
} from './receipt-pdf-layout';

/**
 * Renders a receipt (docs/admin.md, "Receipts") as an A4 PDF in Italian:
 * the issuer, 'Ricevuta n. {number}' and its date, 'Ricevuto da' the payer,
 * a table of the lines (amounts in euros as `formatEuros` writes them), the
 * 'Contributo al fondo di solidarietà' and the card service fee when not 0, the total ({@link receiptTotal}), the method
 * and the date of credit, the stamp duty's sentence above 77,47 €
 * (stampDutyNote), and the issuer's footer on every page. Dates are
 * dd/mm/yyyy in Italian time. A long table flows onto further pages with its
 * header repeated. A receipt a credit note annulled says 'ANNULLATA' under
 * its title with the note's number and date; partial credit notes are
 * listed under the method (docs/admin.md, "Credit notes").
 *
 * Deterministic: the same `receipt` gives the same bytes (its dates, not the
 * clock, are the document's dates). Characters the standard fonts cannot
 * draw print as their base letter ('ș' → 's') or '?'.
 */
export async function renderReceiptPdf(receipt: ReceiptData): Promise<Uint8Array> {
  const w = await startDocument(receipt.issuer, `Ricevuta ${receipt.number}`, `Ricevuta n. ${receipt.number}`, receipt.issuedAt);
  const annulled = receipt.credits?.annulledBy;
  if (annulled) {
    writeLine(w, 'ANNULLATA', w.bold, 14, ALERT);
    writeLine(w, `Annullata dalla nota di credito n. ${annulled.number} del ${italianDate(annulled.issuedAt)}.`, w.regular, 10, ALERT);
    w.y -= 10;
  }

  const { payer } = receipt;
  writeLine(w, 'Ricevuto da', w.bold, 9, MUTED);
  writeLine(w, `${payer.name} ${payer.surname}`, w.regular, 11, INK);
  if (payer.fiscalCode !== '') writeLine(w, `Codice fiscale ${payer.fiscalCode}`, w.regular, 10, INK);
  w.y -= 16;

  const header = writeTableHeader(w);
  writeLineRows(w, receipt, receipt.lines, header);
  if ((receipt.solidarityContributionEuros ?? 0) > 0) {
    tableRow(w, summaryCells(w, SOLIDARITY_CONTRIBUTION_LABEL, receipt.solidarityContributionEuros ?? 0, w.regular), { header });
  }
  if (receipt.serviceFeeEuros > 0) {
    tableRow(w, summaryCells(w, 'Commissioni servizio (pagamento con carta)', receipt.serviceFeeEuros, w.regular), { header });
  }
  tableRow(w, summaryCells(w, 'Totale', receiptTotal(receipt), w.bold), { header, fill: SHADE, rule: 1 });

  w.y -= 18;
  ensureSpace(w, 2 * lineHeight(10));
  writeLine(w, `Metodo di pagamento: ${receipt.method}`, w.regular, 10, INK);
  writeLine(w, `Data di accredito: ${italianDate(receipt.creditedAt)}`, w.regular, 10, INK);
  writeStampDuty(w, receipt.issuer, receiptTotal(receipt));
  for (const note of receipt.credits?.partial ?? []) {
    writeLine(
      w,
      `Rimborso parziale: nota di credito n. ${note.number} del ${italianDate(note.issuedAt)}, ${formatEuros(note.amountEuros)}.`,
      w.regular,
      10,
      INK,
    );
  }

  numberPages(w);
  return w.doc.save();
}

/**
 * Renders a credit note (docs/admin.md, "Credit notes") as an A4 PDF in
 * Italian, laid out as the receipts: the issuer, 'Nota di credito n.
 * {number}' and its date, the receipt it cites (number, date, amount) and
 * why, 'A favore di' the receipt's payer, then what it gives back: the
 * receipt's lines when it gives back all of it at once, else one row (a
 * part, or what was left), the 'Contributo al fondo di solidarietà' and
 * the card service fee given back each on its own line, 'Totale stornato'; whether the receipt is annulled or stays valid;
 * the stamp duty's sentence above 77,47 €.
 * A note a failed refund cancelled says 'ANNULLATA', when and why.
 * Deterministic like {@link renderReceiptPdf}.
 */
export async function renderCreditNotePdf(note: CreditNoteData): Promise<Uint8Array> {
  const w = await startDocument(note.issuer, `Nota di credito ${note.number}`, `Nota di credito n. ${note.number}`, note.issuedAt);
  if (note.cancelled) {
    writeLine(w, 'ANNULLATA', w.bold, 14, ALERT);
    writeLine(w, `Annullata il ${italianDate(note.cancelled.at)}. ${note.cancelled.reason}`, w.regular, 10, ALERT);
    w.y -= 10;
  }
  const { receipt, payer } = note;
  writeLine(
    w,
    `Storno della ricevuta n. ${receipt.number} del ${italianDate(receipt.issuedAt)} (${formatEuros(receipt.amountEuros)}).`,
    w.regular,
    10.5,
    INK,
  );
  writeLine(w, `Motivo: ${note.description}.`, w.regular, 10.5, INK);
  w.y -= 12;
  writeLine(w, 'A favore di', w.bold, 9, MUTED);
  writeLine(w, `${payer.name} ${payer.surname}`, w.regular, 11, INK);
  if (payer.fiscalCode !== '') writeLine(w, `Codice fiscale ${payer.fiscalCode}`, w.regular, 10, INK);
  w.y -= 16;

  const header = writeTableHeader(w);
  const contributionEuros = note.solidarityContributionEuros ?? 0;
  const itemsEuros = Math.round((note.amountEuros - note.serviceFeeEuros - contributionEuros) * 100) / 100;
  if (note.lines) writeLineRows(w, note, note.lines, header);
  else if (itemsEuros > 0) {
    const label = note.voidsReceipt
      ? `Storno del residuo della ricevuta n. ${receipt.number}`
      : `Storno parziale della ricevuta n. ${receipt.number}`;
    tableRow(w, summaryCells(w, label, itemsEuros, w.regular), { header });
  }
  if (contributionEuros > 0) {
    tableRow(w, summaryCells(w, `${SOLIDARITY_CONTRIBUTION_LABEL} restituito`, contributionEuros, w.regular), { header });
  }
  if (note.serviceFeeEuros > 0) {
    tableRow(w, summaryCells(w, 'Commissioni servizio (pagamento con carta) restituite', note.serviceFeeEuros, w.regular), { header });
  }
  tableRow(w, summaryCells(w, 'Totale stornato', note.amountEuros, w.bold), { header, fill: SHADE, rule: 1 });

  w.y -= 18;
  ensureSpace(w, 2 * lineHeight(10));
  writeLine(w, `Metodo del pagamento: ${note.method}`, w.regular, 10, INK);
  writeLine(
    w,
    note.voidsReceipt
      ? `Con questa nota la ricevuta n. ${receipt.number} è annullata.`
      : `La ricevuta n. ${receipt.number} resta valida per il resto.`,
    w.regular,
    10,
    INK,
  );
  writeStampDuty(w, note.issuer, note.amountEuros);
  numberPages(w);
  return w.doc.save();
}

/** The stamp duty's sentence of a document of `amountEuros` (stampDutyNote: the exemption or the stamp paid, above 77,47 € only). */
function writeStampDuty(w: Writer, issuer: ReceiptIssuer, amountEuros: number): void {
  const note = stampDutyNote(issuer.stampDuty, amountEuros);
  if (note) writeLine(w, note, w.regular, 10, INK);
}

/** One row per line: child, fiscal code (of `of.childFiscalCodes`), plan, season, size, amount. */
function writeLineRows(
  w: Writer,
  of: { season: number; childFiscalCodes: Readonly<Record<string, string>> },
  lines: readonly OrderLine[],
  header: Cell[],
): void {
  for (const line of lines) {
    const texts = [
      `${line.child.name} ${line.child.surname}`,
      of.childFiscalCodes[line.child.id] ?? '',
      line.plan,
      String(of.season),
      line.size,
      formatEuros(line.priceEuros),
    ];
    tableRow(w, rowCells(w, texts, w.regular), { header });
  }
}
