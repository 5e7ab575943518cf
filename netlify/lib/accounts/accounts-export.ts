import type { Workbook, Worksheet } from 'exceljs';
import { accountsFileName, type AccountsReport } from '@contracts/admin-accounts';
import { MODELLO_D_SECTIONS } from '@domain/accounts/modello-d';
import { toSpreadsheetCsv } from '@domain/spreadsheet-csv';
import { spreadsheetEuros } from '@domain/spreadsheet-format';
import { italianDayText } from '@domain/italian-time';
import { GROUP } from '@config/group';

/**
 * 'Rendiconto' as files (docs/admin.md, "Rendiconto"): the CSV of the other
 * admin exports (src/domain/spreadsheet-format.ts: `;`, dates dd/mm/yyyy,
 * decimal comma), and an XLSX whose amounts are numbers formatted
 * '#,##0.00 "€"' and whose dates are dates formatted 'dd/mm/yyyy', so
 * LibreOffice and Excel show them the Italian way and can add them up.
 */

/** Excel's format for euros: 1.234,56 € in an Italian spreadsheet. */
export const EUROS_FORMAT = '#,##0.00 "€"';
const DATE_FORMAT = 'dd/mm/yyyy';

const LEDGER_HEADER = ['Data', 'Documento', 'Famiglia', 'Prodotto', 'Metodo', 'Entrate', 'Uscite', 'Voce Modello D', 'Estratto conto'];
const INCOME_HEADER = ['Voce', 'Descrizione', 'Entrate', 'Storni', 'Netto'];

/** The report's CSV: the ledger ('Prima nota', with its totals) or the income by line. */
export function accountsCsv(report: AccountsReport, table: 'ledger' | 'income'): string {
  if (table === 'income') {
    const rows = report.income.map((line) => [
      line.code,
      line.label,
      spreadsheetEuros(line.inEuros),
      spreadsheetEuros(line.outEuros),
      spreadsheetEuros(line.netEuros),
    ]);
    const { inEuros, outEuros, netEuros } = report.totals;
    return toSpreadsheetCsv(INCOME_HEADER, [...rows, ['', 'Totale', ...[inEuros, outEuros, netEuros].map(spreadsheetEuros)]]);
  }
  const rows = report.ledger.map((row) => [
    italianDayText(row.day),
    row.document,
    row.family,
    row.product,
    row.method,
    spreadsheetEuros(row.inEuros),
    spreadsheetEuros(row.outEuros),
    row.line,
    row.bank,
  ]);
  const total = ['', 'Totale', '', '', '', spreadsheetEuros(report.totals.inEuros), spreadsheetEuros(report.totals.outEuros), '', ''];
  return toSpreadsheetCsv(LEDGER_HEADER, [...rows, total]);
}

/** A yyyy-mm-dd day as a spreadsheet date: midnight UTC, which a spreadsheet shows as that day wherever it opens. */
const sheetDate = (day: string) => new Date(`${day}T00:00:00Z`);

function headerRow(sheet: Worksheet, titles: readonly string[]): void {
  sheet.addRow([...titles]).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: sheet.rowCount }];
}

function ledgerSheet(book: Workbook, report: AccountsReport): void {
  const sheet = book.addWorksheet('Prima nota');
  sheet.columns = [12, 44, 18, 30, 11, 13, 13, 9, 22].map((width) => ({ width }));
  headerRow(sheet, LEDGER_HEADER);
  for (const row of report.ledger) {
    sheet.addRow([sheetDate(row.day), row.document, row.family, row.product, row.method, row.inEuros, row.outEuros, row.line, row.bank]);
  }
  const last = sheet.rowCount;
  // Formulas with their cached results: the sheet adds up as the treasurer edits, and shows totals before any recalculation.
  const total = sheet.addRow([
    '',
    'Totale',
    '',
    '',
    '',
    { formula: `SUM(F2:F${last})`, result: report.totals.inEuros },
    { formula: `SUM(G2:G${last})`, result: report.totals.outEuros },
  ]);
  total.font = { bold: true };
  sheet.getColumn(1).numFmt = DATE_FORMAT;
  sheet.getColumn(6).numFmt = EUROS_FORMAT;
  sheet.getColumn(7).numFmt = EUROS_FORMAT;
}

function incomeSheet(book: Workbook, report: AccountsReport): void {
  const sheet = book.addWorksheet('Rendiconto per cassa');
  sheet.columns = [8, 62, 14, 14, 14].map((width) => ({ width }));
  sheet.addRow([`${GROUP.name}: rendiconto per cassa (Modello D degli enti del Terzo settore), anno scout ${report.year.label}`]).font = {
    bold: true,
  };
  sheet.addRow([
    `Dal ${italianDayText(report.year.firstDay)} al ${italianDayText(report.year.lastDay)}: entrate registrate dal portale (ricevute e note di credito).`,
  ]);
  sheet.addRow([]);
  headerRow(sheet, INCOME_HEADER);
  for (const [section, title] of Object.entries(MODELLO_D_SECTIONS)) {
    sheet.addRow(['', title]).font = { bold: true };
    const lines = report.income.filter((line) => line.section === section);
    for (const line of lines) sheet.addRow([line.code, line.label, line.inEuros, line.outEuros, line.netEuros]);
    const net = lines.reduce((sum, line) => sum + line.netEuros, 0);
    sheet.addRow(['', `Totale ${title.slice(3).toLowerCase()}`, null, null, Math.round(net * 100) / 100]).font = { italic: true };
  }
  const { inEuros, outEuros, netEuros } = report.totals;
  sheet.addRow(['', 'Totale entrate', inEuros, outEuros, netEuros]).font = { bold: true };
  for (const column of [3, 4, 5]) sheet.getColumn(column).numFmt = EUROS_FORMAT;
}

function tieOutSheet(book: Workbook, report: AccountsReport): void {
  const sheet = book.addWorksheet('Quadratura');
  sheet.columns = [{ width: 78 }, { width: 16 }];
  const t = report.tieOut;
  const rows: Array<[string, number | string]> = [
    ['Netto della prima nota, commissioni escluse', t.ledgerNetEuros],
    [`'Pagamenti' ${report.year.campYear}: Confermato + Contestato`, t.paymentsConfirmedEuros],
    ['+ contributi al fondo di solidarietà di quei pagamenti', t.contributionsConfirmedEuros],
    ['− rimborsi parziali su quei pagamenti', t.partialRefundsEuros],
    ["+ movimenti dell'anno di pagamenti di altre stagioni", t.otherSeasonsEuros],
    [`− movimenti dei pagamenti ${report.year.campYear} fuori dall'anno scout`, t.outsideYearEuros],
    ['Differenza', t.differenceEuros],
    ['Esito', t.ties ? 'Quadra' : 'Non quadra'],
    ["Bonifici abbinati all'estratto conto (importi della banca)", t.bankLinesEuros],
    ['Ordini confermati da quei bonifici', t.bankOrdersEuros],
    ['Esito', t.bankTies ? 'Quadra' : 'Non quadra'],
    ['Commissioni servizio (pagamento con carta), nette', t.feesNetEuros],
  ];
  headerRow(sheet, ['Quadratura', 'Importo']);
  for (const row of rows) sheet.addRow(row);
  sheet.getColumn(2).numFmt = EUROS_FORMAT;
}

/** The report as an XLSX workbook: 'Rendiconto per cassa', 'Prima nota', 'Quadratura'. exceljs is loaded only here. */
export async function accountsXlsx(report: AccountsReport): Promise<Uint8Array> {
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.Workbook();
  book.creator = GROUP.name;
  book.created = new Date(0);
  incomeSheet(book, report);
  ledgerSheet(book, report);
  tieOutSheet(book, report);
  return new Uint8Array(await book.xlsx.writeBuffer());
}

const TYPES = { csv: 'text/csv; charset=utf-8', xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' } as const;

/** The file as the function answers it: an attachment named by the year, never cached. */
export function accountsFileResponse(
  bytes: Uint8Array | string,
  startYear: number,
  format: 'csv' | 'xlsx',
  table: 'ledger' | 'income',
): Response {
  const body = typeof bytes === 'string' ? bytes : new Uint8Array(bytes);
  return new Response(body, {
    status: 200,
    headers: {
      'Content-Type': TYPES[format],
      'Content-Disposition': `attachment; filename="${accountsFileName(startYear, format, table)}"`,
      'Cache-Control': 'private, no-store',
    },
  });
}
