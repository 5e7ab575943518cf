/**
 * A person's birth day read from their Italian fiscal code (codice
 * fiscale, DPR 605/73; docs/product.md, "Rules", "Fiscal code"):
 * characters 7–8 the year, 9 the month as a letter, 10–11 the day (plus
 * 40 for a woman), each digit possibly an omocodia letter. Pure and a few
 * hundred bytes, so the parents' screens refuse a date that cannot exist
 * as the server does. The roster holds no birth date of its own, so the
 * leaders' list (src/domain/events/event-roster.ts) reads a child's age from it.
 */

/** The month letters, January to December. */
const MONTHS = 'ABCDEHLMPRST';

/** The letters that stand for digits 0–9 in a code re-issued for a clash ('omocodia'). */
const OMOCODE_DIGITS = 'LMNPQRSTUV';

/** The days of each month, February as in a leap year (see {@link fiscalCodeBirth}). */
const MONTH_DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** A code character as its digit: '7' → 7, 'S' (omocodia) → 7; NaN for anything else. */
function digitOf(char: string): number {
  if (/^\d$/.test(char)) return Number(char);
  const index = OMOCODE_DIGITS.indexOf(char);
  return index >= 0 ? index : Number.NaN;
}

/** A birth day without its century: the code carries only two digits of the year. */
export interface FiscalCodeBirth {
  /** 0–99. */
  yearInCentury: number;
  /** 1–12. */
  month: number;
  /** 1–31, a day the month has. */
  day: number;
}

/**
 * The birth day `code` (16 characters, any case) carries, or null when it
 * cannot be read or cannot exist: a day 00 or past 71, 32–40 (neither a
 * man's day nor a woman's 41–71), a day the month lacks (31 April, 30
 * February). 29 February is a day of the years whose two digits divide by
 * 4: every such year is a leap year in one century or the other ('00' is
 * 2000), and any other never is.
 */
export function fiscalCodeBirth(code: string): FiscalCodeBirth | null {
  const upper = code.trim().toUpperCase();
  if (upper.length !== 16) return null;
  const yearInCentury = digitOf(upper[6]!) * 10 + digitOf(upper[7]!);
  const month = MONTHS.indexOf(upper[8]!) + 1;
  const rawDay = digitOf(upper[9]!) * 10 + digitOf(upper[10]!);
  const day = rawDay > 40 ? rawDay - 40 : rawDay;
  if (Number.isNaN(yearInCentury) || month === 0 || Number.isNaN(day) || day < 1) return null;
  const monthDays = month === 2 && yearInCentury % 4 !== 0 ? 28 : MONTH_DAYS[month - 1]!;
  if (day > monthDays) return null;
  return { yearInCentury, month, day };
}

/** The sex `code` carries: 'F' for a birth day plus 40 (omocodia letters read as digits), 'M' otherwise; null when its birth day cannot be read. */
export function fiscalCodeSex(code: string): 'M' | 'F' | null {
  if (!fiscalCodeBirth(code)) return null;
  const upper = code.trim().toUpperCase();
  return digitOf(upper[9]!) >= 4 ? 'F' : 'M';
}

/**
 * The age in whole years on `day` ('YYYY-MM-DD') of the person of `code`,
 * the century taken as the one that makes them born on or before that day
 * (a scout is never a hundred); null when the code carries no readable birth day.
 */
export function ageOn(code: string, day: string): number | null {
  const birth = fiscalCodeBirth(code);
  const [year, month, date] = day.split('-').map(Number);
  if (!birth || !year || !month || !date) return null;
  const century = Math.floor(year / 100) * 100;
  let birthYear = century + birth.yearInCentury;
  const bornAfter = birthYear > year || (birthYear === year && (birth.month > month || (birth.month === month && birth.day > date)));
  if (bornAfter) birthYear -= 100;
  const beforeBirthday = month < birth.month || (month === birth.month && date < birth.day);
  return year - birthYear - (beforeBirthday ? 1 : 0);
}
