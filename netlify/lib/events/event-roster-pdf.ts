import { PageSizes, PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import type { EventRoster } from '@contracts/admin-event-roster';
import { documentText, medicalFormText, paymentText, rosterStateText } from '@domain/events/event-roster-table';
import { italianDateTime } from '@domain/italian-time';
import { printableText, wrap } from '../platform/pdf-text';

/** A4 across: the columns of a camp's list fit a printed page. */
const [PAGE_WIDTH, PAGE_HEIGHT] = [PageSizes.A4[1], PageSizes.A4[0]];
const MARGIN = 30;
const WIDTH = PAGE_WIDTH - 2 * MARGIN;
const SIZE = 8;
const LINE = SIZE * 1.25;
const PAD = 3;
const GREY = rgb(0.55, 0.55, 0.55);
const INK = rgb(0.1, 0.1, 0.1);

/** One column: its heading, its share of the width (points) and each row's text. */
interface Column {
  heading: string;
  width: number;
  cell: (row: EventRoster['rows'][number], index: number) => string;
}

/** The list's columns: fixed widths for the short ones, the rest shared by the parents' column and the event's products and documents. */
function columnsOf(roster: EventRoster): Column[] {
  const fixed: Column[] = [
    { heading: 'N.', width: 22, cell: (_row, index) => String(index + 1) },
    { heading: 'Cognome e nome', width: 110, cell: (row) => `${row.surname} ${row.name}` },
    { heading: 'Branca', width: 48, cell: (row) => row.branch },
    { heading: 'Età', width: 26, cell: (row) => (row.age === null ? '—' : String(row.age)) },
  ];
  const medical: Column = { heading: 'Scheda medica', width: 52, cell: (row) => medicalFormText(row.medicalForm) };
  const flexible = 1 + roster.products.length + roster.documents.length;
  const rest = WIDTH - [...fixed, medical].reduce((sum, column) => sum + column.width, 0);
  const parentsWidth = Math.max(150, rest / flexible + 60);
  const share = roster.products.length + roster.documents.length > 0 ? (rest - parentsWidth) / (flexible - 1) : 0;
  return [
    ...fixed,
    {
      heading: 'Genitori e telefoni',
      width: share > 0 ? parentsWidth : rest,
      cell: (row) => row.parents.map((parent) => `${parent.name}: ${parent.phone ?? 'nessun telefono'}`).join(' · ') || '—',
    },
    ...roster.products.map((product) => ({
      heading: product.name,
      width: share,
      cell: (row: EventRoster['rows'][number]) => paymentText(row, product.id),
    })),
    medical,
    ...roster.documents.map((document) => ({
      heading: document.title,
      width: share,
      cell: (row: EventRoster['rows'][number]) => documentText(row, document.key),
    })),
  ];
}

/** A writer of the list's pages: lines of text across the page, and sections of rows under the repeated headings. */
async function pageWriter(doc: PDFDocument, columns: Column[]) {
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const printable = printableText(regular);
  let page: PDFPage = doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
  let y = PAGE_HEIGHT - MARGIN;
  const newPage = () => {
    page = doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    y = PAGE_HEIGHT - MARGIN;
  };
  const line = (text: string, font: PDFFont = regular, size = SIZE + 1) => {
    for (const part of wrap(printable(text), font, size, WIDTH)) {
      page.drawText(part, { x: MARGIN, y: y - size, size, font, color: INK });
      y -= size * 1.35;
    }
  };
  const cellsOf = (texts: string[], font: PDFFont) =>
    texts.map((text, index) => wrap(printable(text), font, SIZE, columns[index]!.width - 2 * PAD));
  const heightOf = (cells: string[][]) => Math.max(1, ...cells.map((lines) => lines.length)) * LINE + 2 * PAD;
  const drawRow = (cells: string[][], font: PDFFont) => {
    let x = MARGIN;
    cells.forEach((lines, index) => {
      lines.forEach((text, lineIndex) =>
        page.drawText(text, { x: x + PAD, y: y - PAD - SIZE - lineIndex * LINE, size: SIZE, font, color: INK }),
      );
      x += columns[index]!.width;
    });
    y -= heightOf(cells);
    page.drawLine({ start: { x: MARGIN, y }, end: { x: MARGIN + WIDTH, y }, thickness: 0.5, color: GREY });
  };
  const header = cellsOf(
    columns.map((column) => column.heading),
    bold,
  );
  const section = (title: string, rows: EventRoster['rows']) => {
    if (y - LINE * 3 - heightOf(header) < MARGIN) newPage();
    y -= LINE / 2;
    line(title, bold, SIZE + 2);
    drawRow(header, bold);
    rows.forEach((row, index) => {
      const cells = cellsOf(
        columns.map((column) => column.cell(row, index)),
        regular,
      );
      if (y - heightOf(cells) < MARGIN + LINE) {
        newPage();
        drawRow(header, bold);
      }
      drawRow(cells, regular);
    });
    if (rows.length === 0) line('Nessuno');
  };
  const footers = (title: string) => {
    const pages = doc.getPages();
    pages.forEach((each, index) =>
      each.drawText(printable(`${title} · pagina ${index + 1} di ${pages.length}`), {
        x: MARGIN,
        y: MARGIN / 2,
        size: 7,
        font: regular,
        color: GREY,
      }),
    );
  };
  return { line, section, footers, bold };
}

/**
 * 'Scarica elenco' as a printable PDF (docs/events.md, "The leaders'
 * list"): A4 across, the group and the event at the top (dates, place,
 * meeting point, when the list was made), then one row per child holding a
 * place, then those waiting in line order, each with the columns of
 * {@link columnsOf}; the headings repeat on every page, which is numbered.
 */
export async function renderEventRosterPdf(roster: EventRoster, groupName: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const { line, section, footers, bold } = await pageWriter(doc, columnsOf(roster));
  const { event } = roster;
  line(event.name, bold, 14);
  line(
    `${groupName} · dal ${italianDateTime(new Date(event.startsAt))} al ${italianDateTime(new Date(event.endsAt))} · ${event.place}` +
      (event.meetingPoint ? ` · ritrovo: ${event.meetingPoint}` : '') +
      ` · ${event.branches.join(', ')}`,
  );
  const holding = roster.rows.filter((row) => row.state !== 'waiting');
  const waiting = roster.rows.filter((row) => row.state === 'waiting');
  const offered = holding.filter((row) => row.state === 'offered').length;
  line(
    `Elenco del ${italianDateTime(new Date(roster.generatedAt))} · ${holding.length} con un posto su ${event.places}` +
      (offered > 0
        ? ` (di cui ${offered} ${offered === 1 ? 'offerto' : 'offerti'}, ${rosterStateText({ state: 'offered', rank: null }).toLowerCase()})`
        : '') +
      ` · ${waiting.length} in lista d'attesa · contiene dati personali di minori: conservalo con cura e distruggilo dopo l'evento.`,
    undefined,
    SIZE,
  );
  section('Iscritti', holding);
  if (waiting.length > 0) section("Lista d'attesa (in ordine)", waiting);
  footers(event.name);
  doc.setTitle(`Elenco ${event.name}`);
  doc.setProducer('pdf-lib');
  doc.setCreator(groupName);
  return doc.save();
}
