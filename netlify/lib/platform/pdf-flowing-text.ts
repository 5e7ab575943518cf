import { PageSizes, PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import { printableText, wrap } from './pdf-text';

/**
 * An A4 document of flowing text in pdf-lib's Helvetica: lines wrapped to
 * the page's width, onto further pages as they fill (a signature's copy, a
 * family's data). The receipts lay out their own pages (a table, a footer
 * on each page: netlify/lib/receipts/receipt-pdf-layout.ts).
 */

const [PAGE_WIDTH, PAGE_HEIGHT] = PageSizes.A4;
const MARGIN = 50;
const WIDTH = PAGE_WIDTH - 2 * MARGIN;
const INK = rgb(0.1, 0.1, 0.1);
/** A line's height is its size times this. */
const LEADING = 1.4;

/** The body text's size, in points. */
export const BODY_SIZE = 10;
/** A line of body text's height, in points. */
export const BODY_LINE_HEIGHT = BODY_SIZE * LEADING;

/** A document being written top to bottom, from the left margin. */
export interface FlowingText {
  doc: PDFDocument;
  regular: PDFFont;
  bold: PDFFont;
  /**
   * Writes `text` (made printable: printableText) wrapped to the page's
   * width, in `font` at `size` points (regular, {@link BODY_SIZE} by
   * default), and moves below it; a line that would reach into the bottom
   * margin starts a new page.
   */
  write: (text: string, font?: PDFFont, size?: number) => void;
  /** Leaves `points` of blank space below the last line. */
  skip: (points: number) => void;
}

/** A new document (pdf-lib's default metadata; the caller sets its title) with its first page, Helvetica and Helvetica Bold embedded. */
export async function startFlowingText(): Promise<FlowingText> {
  const doc = await PDFDocument.create();
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const printable = printableText(regular);
  let page: PDFPage = doc.addPage(PageSizes.A4);
  let y = PAGE_HEIGHT - MARGIN;
  return {
    doc,
    regular,
    bold,
    write: (text, font = regular, size = BODY_SIZE) => {
      for (const line of wrap(printable(text), font, size, WIDTH)) {
        if (y - size * LEADING < MARGIN) {
          page = doc.addPage(PageSizes.A4);
          y = PAGE_HEIGHT - MARGIN;
        }
        page.drawText(line, { x: MARGIN, y: y - size, size, font, color: INK });
        y -= size * LEADING;
      }
    },
    skip: (points) => {
      y -= points;
    },
  };
}
