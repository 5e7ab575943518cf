import { cellText } from '@domain/roster/roster';

/**
 * Reads a spreadsheet an admin chose ('Importa anagrafica', 'Importa
 * estratto conto': docs/admin.md): the first sheet of an .xlsx or an .xls
 * (BIFF, or the HTML table some banks save under that name), or a .csv as
 * Italian spreadsheets, banks and AGESCI's BuonaStrada write it. The
 * readers (read-excel-file, SheetJS, papaparse) load with the first file,
 * not with the admin.
 */

/** The file as read: the header's titles, the rows under it as the file holds them, and where they start. */
export interface Sheet {
  /** The first non-empty row's cells, as text (cellText). */
  header: string[];
  /** The rows under the header, empty ones included (so row numbers stay those of the spreadsheet). */
  data: unknown[][];
  /** The row number a spreadsheet shows for `data[0]`: 2 when the header is the first row (rowsOf's `firstRow`). */
  firstRow: number;
}

/** The Italian messages of a file that cannot be read. */
export const SHEET_FILE_MESSAGES = {
  type: 'Il file deve essere .xlsx o .csv.',
  tooLarge: "Il file è troppo grande (più di 10 MB): un'anagrafica ne occupa molto meno. Controlla di aver scelto il file giusto.",
  unreadable:
    'Non è stato possibile leggere il file. Se è un .xlsx, aprilo e salvalo di nuovo (o esportalo come .csv), poi sceglilo di nuovo.',
  notLoaded: 'Non è stato possibile caricare il lettore dei file. Controlla la connessione e scegli di nuovo il file.',
  empty: 'Il file è vuoto.',
  noRows: "Il file ha solo l'intestazione: nessuna riga da importare.",
} as const;

/** A file that cannot be read; its message is Italian, for the admin. */
export class SheetFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SheetFileError';
  }
}

/** Far more than a group's roster (5000 rows of CSV are about 1 MB): a bigger file is the wrong one. */
const MAX_FILE_BYTES = 10 * 1024 * 1024;
/** An .xlsx read that has not finished by then never will (e.g. a worker the page's policy refused). */
const XLSX_TIMEOUT_MS = 60_000;

/**
 * Reads `file` (docs/admin.md, "Importa anagrafica"), chosen by its
 * extension: `.xlsx`, its first sheet; `.csv`, its bytes as UTF-8 when they
 * are valid UTF-8 (a BOM dropped), else as Windows-1252 (Excel's Italian
 * "CSV" and BuonaStrada's export), split on the delimiter a first line
 * `sep=;` / `sep=,` names, else on the one papaparse finds (`;` or `,`).
 * The first row with any text is the header.
 * @throws SheetFileError with an Italian message (SHEET_FILE_MESSAGES):
 * another extension, over 10 MB, bytes that cannot be read or parsed, a
 * reader that does not load, no header, no row under the header.
 */
export async function readSheetFile(file: File): Promise<Sheet> {
  if (!/\.(xlsx|csv)$/i.test(file.name)) throw new SheetFileError(SHEET_FILE_MESSAGES.type);
  return splitHeader(await readSheetRows(file));
}

/**
 * Every row of `file`'s first sheet, empty ones included, chosen by its
 * extension: `.xlsx` (read-excel-file), `.xls` (SheetJS: BIFF, or an HTML
 * table decoded as a .csv is; days as Excel serials, text as written),
 * `.csv` (as in readSheetFile).
 * @throws SheetFileError with an Italian message (SHEET_FILE_MESSAGES):
 * another extension, over 10 MB, bytes that cannot be read or parsed, a
 * reader that does not load.
 */
export async function readSheetRows(file: File): Promise<unknown[][]> {
  const extension = /\.([^.]+)$/.exec(file.name)?.[1]?.toLowerCase();
  if (extension !== 'xlsx' && extension !== 'xls' && extension !== 'csv') throw new SheetFileError(SHEET_FILE_MESSAGES.type);
  if (file.size > MAX_FILE_BYTES) throw new SheetFileError(SHEET_FILE_MESSAGES.tooLarge);
  if (extension === 'xlsx') return readXlsx(file);
  return extension === 'xls' ? readXls(file) : readCsv(file);
}

/** Loads a reader; a failed chunk (offline, a new deploy) is the admin's to retry. */
async function load<T>(loader: () => Promise<T>): Promise<T> {
  try {
    return await loader();
  } catch (error) {
    console.error('spreadsheet: a file reader did not load', error);
    throw new SheetFileError(SHEET_FILE_MESSAGES.notLoaded);
  }
}

/** The first sheet's rows (values: text, numbers, booleans, dates, null). */
async function readXlsx(file: File): Promise<unknown[][]> {
  const { readSheet } = await load(() => import('read-excel-file/browser'));
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`not read in ${XLSX_TIMEOUT_MS} ms`)), XLSX_TIMEOUT_MS);
  });
  try {
    return await Promise.race([readSheet(file), timeout]);
  } catch (error) {
    console.error('spreadsheet: the .xlsx could not be read', error);
    throw new SheetFileError(SHEET_FILE_MESSAGES.unreadable);
  } finally {
    clearTimeout(timer);
  }
}

/** An .xls's first sheet: a BIFF workbook as SheetJS reads it, or an HTML table (its text decoded as a CSV's). */
async function readXls(file: File): Promise<unknown[][]> {
  const bytes = await bytesOf(file);
  const XLSX = await load(() => import('@e965/xlsx'));
  try {
    // Old exports save a web page's <table> as .xls: read as text, so its '€' and accents survive.
    const html = /^\s*</.test(new TextDecoder('latin1').decode(bytes.subarray(0, 64)));
    // raw: the HTML's cells stay the text the bank wrote (a day as 'dd/mm/yyyy', '€ -45,00'), not guessed numbers.
    const workbook = html ? XLSX.read(decodeCsv(bytes), { type: 'string', raw: true }) : XLSX.read(bytes, { type: 'array', raw: true });
    const first = workbook.SheetNames[0];
    const sheet = first === undefined ? undefined : workbook.Sheets[first];
    if (!sheet) return [];
    return XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true, defval: null, blankrows: true });
  } catch (error) {
    console.error('spreadsheet: the .xls could not be read', error);
    throw new SheetFileError(SHEET_FILE_MESSAGES.unreadable);
  }
}

/** The file's bytes; a file that cannot be read is the admin's to choose again. */
async function bytesOf(file: File): Promise<Uint8Array> {
  try {
    return new Uint8Array(await file.arrayBuffer());
  } catch (error) {
    console.error('spreadsheet: the file could not be read', error);
    throw new SheetFileError(SHEET_FILE_MESSAGES.unreadable);
  }
}

/** The text of a CSV's bytes: UTF-8 when valid, else Windows-1252; without a BOM. */
function decodeCsv(bytes: Uint8Array): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    // Not UTF-8: Excel's "CSV (delimitato dal separatore di elenco)" on Windows writes the ANSI code page.
    text = new TextDecoder('windows-1252').decode(bytes);
  }
  return text.replace(/^\uFEFF/, '');
}

/** Excel's (and BuonaStrada's) first line naming the delimiter: `sep=;`, possibly quoted. */
const SEP_LINE = /^"?sep=([^\r\n"])"?[ \t]*(?:\r\n|\n|\r|$)/i;

/** The CSV's rows, every value a string. */
async function readCsv(file: File): Promise<unknown[][]> {
  const bytes = await bytesOf(file);
  const { default: Papa } = await load(() => import('papaparse'));
  const text = decodeCsv(bytes);
  const sep = SEP_LINE.exec(text);
  const body = sep ? text.slice(sep[0].length) : text;
  // The guess looks at the first ten lines with text: counting an empty last line would make
  // a two-line file's ';' look uneven, and papaparse would fall back to ','.
  const delimiter =
    sep?.[1] ?? Papa.parse<string[]>(body, { preview: 10, delimitersToGuess: [';', ','], skipEmptyLines: 'greedy' }).meta.delimiter;
  // Empty lines are kept: rowsOf drops them, and the rows after them keep their numbers.
  return Papa.parse<string[]>(body, { delimiter, skipEmptyLines: false }).data;
}

const hasText = (row: readonly unknown[]) => row.some((value) => cellText(value) !== '');

/** Splits the rows at the first one with text (the header). */
function splitHeader(rows: unknown[][]): Sheet {
  const index = rows.findIndex(hasText);
  const header = rows[index];
  if (!header) throw new SheetFileError(SHEET_FILE_MESSAGES.empty);
  const data = rows.slice(index + 1);
  if (!data.some(hasText)) throw new SheetFileError(SHEET_FILE_MESSAGES.noRows);
  return { header: header.map(cellText), data, firstRow: index + 2 };
}
