import { PageSizes, PDFDocument, rgb, StandardFonts, type Color, type PDFFont, type PDFPage } from 'pdf-lib';
import { formatEuros } from '@domain/money';
import type { ReceiptIssuer } from '@domain/receipts/receipt';
import { italianDate } from '@domain/italian-time';
import { printableText, wrap } from '../platform/pdf-text';

/**
 * The page layout of the receipts and credit notes (receipt-pdf.ts): an A4
 * page with the issuer's heading, lines of text, a table of the order's
 * lines that flows onto further pages with its header repeated, the
 * issuer's footer on every page and 'Pagina n di m'. Deterministic: no
 * clock, no library version in the bytes.
 */

// Fixed strings, not the library's version: the bytes must not change when pdf-lib is updated.
const PRODUCER = 'pdf-lib';
const CREATOR = 'Portale pagamenti';

const [PAGE_WIDTH, PAGE_HEIGHT] = PageSizes.A4;
const MARGIN = 50;
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;
export const INK = rgb(0.1, 0.1, 0.1);
export const MUTED = rgb(0.38, 0.38, 0.38);
const RULE = rgb(0.78, 0.78, 0.78);
export const SHADE = rgb(0.93, 0.93, 0.93);
/** 'ANNULLATA' and its line: a dark red that prints legibly in black and white. */
export const ALERT = rgb(0.65, 0.1, 0.1);

const TABLE_SIZE = 9;
const MIN_TABLE_SIZE = 6.5;
const CELL_PADDING_X = 4;
const CELL_PADDING_Y = 5;
const FOOTER_SIZE = 7.5;

interface Column {
  title: string;
  width: number;
  align: 'left' | 'right';
  /** Shrink the text to fit rather than wrap it: a fiscal code reads badly split. */
  shrink?: boolean;
}

const TEXT_COLUMNS: Column[] = [
  { title: 'Figlio', width: 108, align: 'left' },
  { title: 'Codice fiscale', width: 104, align: 'left', shrink: true },
  { title: 'Descrizione', width: 125, align: 'left' },
  { title: 'Stagione', width: 50, align: 'left' },
  { title: 'Taglia', width: 38, align: 'left' },
];
/** The amount takes the width the others leave. */
const AMOUNT_COLUMN: Column = {
  title: 'Importo',
  width: CONTENT_WIDTH - TEXT_COLUMNS.reduce((sum, column) => sum + column.width, 0),
  align: 'right',
};
const COLUMNS = [...TEXT_COLUMNS, AMOUNT_COLUMN];

/** A cell of a row: a column's text, or a label spanning several columns. */
export interface Cell extends Omit<Column, 'title'> {
  text: string;
  x: number;
  font: PDFFont;
}

/** The page being written: `y` is the top of the next thing drawn, `bottom` the lowest it may reach above the footer. */
export interface Writer {
  doc: PDFDocument;
  regular: PDFFont;
  bold: PDFFont;
  page: PDFPage;
  y: number;
  bottom: number;
  footer: string[];
  /** The heading of a page the table flows onto. */
  continued: string;
  /** `text` with only characters the standard fonts can draw. */
  printable: (text: string) => string;
}

/**
 * A new document: its metadata fixed (`metaTitle`; the bytes must not depend
 * on the clock or pdf-lib's version), the fonts, the issuer's heading, then
 * `title` on the left and the date on the right.
 */
export async function startDocument(issuer: ReceiptIssuer, metaTitle: string, title: string, issuedAt: Date): Promise<Writer> {
  // updateMetadata: false, or pdf-lib stamps the current time and its version.
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.setTitle(metaTitle);
  doc.setAuthor(issuer.name);
  doc.setCreator(CREATOR);
  doc.setProducer(PRODUCER);
  doc.setCreationDate(issuedAt);
  doc.setModificationDate(issuedAt);
  doc.setLanguage('it-IT');

  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const printable = printableText(regular);
  const footer = issuer.footer.trim() === '' ? [] : wrap(printable(issuer.footer), regular, FOOTER_SIZE, CONTENT_WIDTH);
  const page = doc.addPage(PageSizes.A4);
  const w: Writer = {
    doc,
    regular,
    bold,
    page,
    y: PAGE_HEIGHT - MARGIN,
    bottom: footerTop(footer) + 16,
    footer,
    printable,
    continued: `${title} (segue)`,
  };
  writeLine(w, issuer.name, bold, 16, INK);
  writeLine(w, `Codice fiscale ${issuer.fiscalCode}`, regular, 9.5, MUTED);
  writeLine(w, issuer.address, regular, 9.5, MUTED);
  w.y -= 8;
  rule(w.page, w.y, 0.75, RULE);
  w.y -= 20;
  writeTitle(w, title, issuedAt);
  return w;
}

/** The title on the left and its date on the right, on one baseline. */
function writeTitle(w: Writer, title: string, date: Date): void {
  const titleTop = w.y;
  writeLine(w, title, w.bold, 15, INK);
  const text = w.printable(`Data: ${italianDate(date)}`);
  w.page.drawText(text, {
    x: PAGE_WIDTH - MARGIN - w.regular.widthOfTextAtSize(text, 10.5),
    y: baseline(titleTop, 15),
    size: 10.5,
    font: w.regular,
    color: INK,
  });
  w.y -= 14;
}

/** The table's header row; answers it, to repeat on a page the table flows onto. */
export function writeTableHeader(w: Writer): Cell[] {
  const header = rowCells(
    w,
    COLUMNS.map((column) => column.title),
    w.bold,
  );
  tableRow(w, header, { fill: SHADE });
  return header;
}
/** A line's height for text of `size` points. */
export function lineHeight(size: number): number {
  return size * 1.35;
}

/** The baseline of text of `size` whose line starts at `top` (Helvetica rises about 0.8 of its size). */
function baseline(top: number, size: number): number {
  return top - size * 0.8;
}
/** A horizontal rule across the page at `y`. */
function rule(page: PDFPage, y: number, thickness: number, color: Color): void {
  page.drawLine({ start: { x: MARGIN, y }, end: { x: PAGE_WIDTH - MARGIN, y }, thickness, color });
}

/** Writes `text` across the page, wrapped, and moves below it. */
export function writeLine(w: Writer, text: string, font: PDFFont, size: number, color: Color): void {
  for (const line of wrap(w.printable(text), font, size, CONTENT_WIDTH)) {
    ensureSpace(w, lineHeight(size));
    w.page.drawText(line, { x: MARGIN, y: baseline(w.y, size), size, font, color });
    w.y -= lineHeight(size);
  }
}

/** Where the footer's rule sits: its lines stand between it and the bottom margin. */
function footerTop(footer: string[]): number {
  return footer.length === 0 ? MARGIN : MARGIN + footer.length * lineHeight(FOOTER_SIZE) + 8;
}
/** The issuer's footer at the foot of the current page (none when the issuer has none). */
function drawFooter(w: Writer): void {
  if (w.footer.length === 0) return;
  let y = footerTop(w.footer);
  rule(w.page, y, 0.5, RULE);
  y -= 8;
  for (const line of w.footer) {
    w.page.drawText(line, { x: MARGIN, y: baseline(y, FOOTER_SIZE), size: FOOTER_SIZE, font: w.regular, color: MUTED });
    y -= lineHeight(FOOTER_SIZE);
  }
}

/** Starts a new page when `height` does not fit above the footer; answers whether it did. */
export function ensureSpace(w: Writer, height: number): boolean {
  if (w.y - height >= w.bottom) return false;
  drawFooter(w);
  w.page = w.doc.addPage(PageSizes.A4);
  w.y = PAGE_HEIGHT - MARGIN;
  return true;
}

/** One cell per column, left to right, holding `texts` made printable. */
export function rowCells(w: Writer, texts: string[], font: PDFFont): Cell[] {
  let x = MARGIN;
  return COLUMNS.map((column, index) => {
    const cell = { ...column, x, text: w.printable(texts[index] ?? ''), font };
    x += column.width;
    return cell;
  });
}

/** A row whose label spans every column but the amount. */
export function summaryCells(w: Writer, label: string, euros: number, font: PDFFont): Cell[] {
  const amountX = PAGE_WIDTH - MARGIN - AMOUNT_COLUMN.width;
  return [
    { text: w.printable(label), x: MARGIN, width: amountX - MARGIN, align: 'left', font },
    { ...AMOUNT_COLUMN, x: amountX, text: formatEuros(euros), font },
  ];
}

/**
 * Draws a row of the table, its cells wrapped to their columns. When it does
 * not fit, it moves to a new page and repeats `header` there first.
 */
export function tableRow(w: Writer, cells: Cell[], options: { header?: Cell[]; fill?: Color; rule?: number }): void {
  const laidOut = cells.map((cell) => {
    const room = cell.width - 2 * CELL_PADDING_X;
    const natural = cell.font.widthOfTextAtSize(cell.text, TABLE_SIZE);
    const size = cell.shrink && natural > room ? Math.max(MIN_TABLE_SIZE, (TABLE_SIZE * room) / natural) : TABLE_SIZE;
    return { cell, size, lines: wrap(cell.text, cell.font, size, room) };
  });
  const lines = Math.max(...laidOut.map((layout) => layout.lines.length));
  const height = TABLE_SIZE + (lines - 1) * lineHeight(TABLE_SIZE) + 2 * CELL_PADDING_Y;
  if (ensureSpace(w, height) && options.header !== undefined) {
    writeLine(w, w.continued, w.regular, 9, MUTED);
    w.y -= 6;
    tableRow(w, options.header, { fill: SHADE });
  }
  if (options.fill !== undefined) {
    w.page.drawRectangle({ x: MARGIN, y: w.y - height, width: CONTENT_WIDTH, height, color: options.fill });
  }
  if (options.rule !== undefined) rule(w.page, w.y, options.rule, INK);
  for (const { cell, size, lines: cellLines } of laidOut) {
    cellLines.forEach((text, index) => {
      const x =
        cell.align === 'right' ? cell.x + cell.width - CELL_PADDING_X - cell.font.widthOfTextAtSize(text, size) : cell.x + CELL_PADDING_X;
      // Every cell shares the row's first baseline, whatever its size.
      const y = baseline(w.y - CELL_PADDING_Y, TABLE_SIZE) - index * lineHeight(size);
      w.page.drawText(text, { x, y, size, font: cell.font, color: INK });
    });
  }
  w.y -= height;
  rule(w.page, w.y, 0.5, RULE);
}

/** Draws the last page's footer and, when there is more than one page, 'Pagina n di m' at the foot of each. */
export function numberPages(w: Writer): void {
  drawFooter(w);
  const pages = w.doc.getPages();
  if (pages.length === 1) return;
  pages.forEach((page, index) => {
    const label = `Pagina ${index + 1} di ${pages.length}`;
    const x = PAGE_WIDTH - MARGIN - w.regular.widthOfTextAtSize(label, FOOTER_SIZE);
    page.drawText(label, { x, y: MARGIN - 18, size: FOOTER_SIZE, font: w.regular, color: MUTED });
  });
}
