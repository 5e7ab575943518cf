import { roundEuros } from '../money';
import { cellText } from '../roster/roster';

/**
 * A statement's days and amounts as Italian banks write them in their CSV
 * and spreadsheet exports (docs/admin.md, "Estratto conto"). Pure.
 */

/** Excel's day 0 (its 1900 date system, as every bank's export uses), in ms. */
const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);
const DAY_MS = 86_400_000;
/** Serials read as days: 1970-01-01 to 2099-12-31; anything else is a number, not a day. */
const SERIAL_DAYS = { min: 25_569, max: 73_050 } as const;

/** True when `day` is yyyy-mm-dd and that day exists (the 30th of February does not). */
function isCalendarDay(day: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return false;
  const date = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day;
}

/** 'dd/mm/yyyy', 'dd/mm/yy', 'dd.mm.yyyy', 'dd-mm-yyyy', each with or without a time after it. */
const DAY_FIRST = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4}|\d{2})(?:[ T]+\d{1,2}[:.]\d{2}(?:[:.]\d{2})?)?$/;
/** 'yyyy-mm-dd', with or without a time ('yyyy-mm-dd hh:mm:ss', 'yyyy-mm-ddThh:mm:ssZ'). */
const YEAR_FIRST = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/**
 * A day as exports write it, as yyyy-mm-dd; null when it is not one:
 * 'dd/mm/yyyy', 'dd/mm/yy' (20yy), 'dd.mm.yyyy', 'yyyy-mm-dd', each with
 * or without a time (the day written is kept, whatever the time zone), a
 * spreadsheet's date cell (read as UTC, as the readers give it) or an
 * Excel serial number between 1970 and 2099.
 */
export function readStatementDay(cell: unknown): string | null {
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? null : cell.toISOString().slice(0, 10);
  if (typeof cell === 'number') {
    if (!Number.isFinite(cell) || cell < SERIAL_DAYS.min || cell > SERIAL_DAYS.max) return null;
    return new Date(EXCEL_EPOCH_MS + Math.floor(cell) * DAY_MS).toISOString().slice(0, 10);
  }
  const text = cellText(cell);
  const dayFirst = DAY_FIRST.exec(text);
  const yearFirst = YEAR_FIRST.exec(text);
  let day: string | null = null;
  if (dayFirst) {
    const [, date, month, year] = dayFirst as unknown as [string, string, string, string];
    day = `${year.length === 2 ? `20${year}` : year}-${month.padStart(2, '0')}-${date.padStart(2, '0')}`;
  } else if (yearFirst) {
    const [, year, month, date] = yearFirst as unknown as [string, string, string, string];
    day = `${year}-${month.padStart(2, '0')}-${date.padStart(2, '0')}`;
  }
  return day && isCalendarDay(day) ? day : null;
}

/** '1.234,56' / '1,234.56' / '1234,5' as a plain decimal ('1234.56'); null when the separators make no amount. */
function plainDecimal(text: string): string | null {
  const comma = text.lastIndexOf(',');
  const dot = text.lastIndexOf('.');
  if (comma >= 0 && dot >= 0) {
    // Both: the last one is the decimal separator, the other the thousands'.
    return comma > dot ? text.replace(/\./g, '').replace(',', '.') : text.replace(/,/g, '');
  }
  const separator = comma >= 0 ? ',' : dot >= 0 ? '.' : null;
  if (!separator) return text;
  // One kind only: groups of three after it are thousands ('1.250', '1,250'); euros have two decimals at most.
  const thousands = new RegExp(`^[+-]?\\d{1,3}(\\${separator}\\d{3})+$`);
  if (thousands.test(text)) return text.split(separator).join('');
  return text.split(separator).length === 2 ? text.replace(separator, '.') : null;
}

/**
 * An amount as Italian banks export it, in euros rounded to the cent; null
 * when empty or not one: '1.234,56', '100,00 €', '€ -43,20', '+100,00',
 * '-5.95', '1,234.56', 'EUR 12,00', or a spreadsheet's number.
 */
export function readStatementAmount(cell: unknown): number | null {
  if (typeof cell === 'number') return Number.isFinite(cell) ? roundEuros(cell) : null;
  const text = cellText(cell)
    .replace(/€|\bEUR\b/gi, '')
    .replace(/[\s\u00a0']/g, '');
  if (!text) return null;
  const decimal = plainDecimal(text);
  if (decimal === null || !/^[+-]?\d+(\.\d{1,2})?$/.test(decimal)) return null;
  return roundEuros(Number(decimal));
}
