import type { StatementLine } from '@domain/statement/bank-statement';
import { readStatementAmount } from '@domain/statement/statement-values';

/**
 * Reads a CBI 'movimenti di conto corrente' file (the fixed-width records
 * Italian corporate banking exports, e.g. Banco BPM's YouBusiness Web;
 * docs/admin.md, "Estratto conto") into its credits. Each record is one
 * line of 120 characters, a blank first: 'RH' header, '61' opening
 * balance, '62' a movement, '63' its further information, '64' closing
 * balance, '65' intraday balances, 'EF' footer. Record 62, counted after
 * the blank from 0: [12,18) booking day DDMMYY, [18,24) value day, [24]
 * 'C' credit or 'D' debit, [25,40) amount ('000000004377,96'), [40,43)
 * causale ABI, [43,60) the bank's reference, [60,…) description. Record 63:
 * [12,15) a tag ('YYY' the ordering party: a day, then name and address;
 * 'RI1'/'RI2' the transfer's reason; 'ID1' its end-to-end reference),
 * [15,…) its text. Debits and balances are left out.
 * @throws Error CBI_UNREADABLE when the text holds no RH record or a
 * movement that cannot be read.
 */
export function cbiStatementLines(text: string): StatementLine[] {
  const records = text
    .split(/\r\n|\n|\r/)
    .map((line) => line.replace(/^ +/, ''))
    .filter((line) => line.length >= 2);
  if (!records.some((record) => record.startsWith('RH'))) throw new Error(CBI_UNREADABLE);
  const movements: Array<{ record: string; details: string[] }> = [];
  for (const record of records) {
    const kind = record.slice(0, 2);
    if (kind === '62') movements.push({ record, details: [] });
    else if (kind === '63') movements.at(-1)?.details.push(record);
  }
  return movements.flatMap(({ record, details }) => creditOf(record, details));
}

/** The message of a file that is not a CBI 'movimenti' file. */
export const CBI_UNREADABLE = 'Il file non è un estratto conto CBI (movimenti) leggibile.';

/** 'DDMMYY' as yyyy-mm-dd (20yy), or null. */
function cbiDay(text: string): string | null {
  const match = /^(\d{2})(\d{2})(\d{2})$/.exec(text);
  if (!match) return null;
  const day = `20${match[3]}-${match[2]}-${match[1]}`;
  const date = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day ? day : null;
}

/** The ordering party of a 'YYY' record: after its 10-character day, the name (up to a run of spaces before the address). */
const partyOf = (text: string) =>
  text
    .slice(10)
    .trim()
    .split(/\s{3,}/)[0] ?? '';

/** A movement as a statement line, or nothing for a debit. */
function creditOf(record: string, details: readonly string[]): StatementLine[] {
  if (record[24] === 'D') return [];
  const day = cbiDay(record.slice(12, 18));
  const amount = readStatementAmount(record.slice(25, 40).trim());
  if (record[24] !== 'C' || day === null || amount === null) throw new Error(CBI_UNREADABLE);
  const tagged = (tags: readonly string[]) =>
    details.filter((detail) => tags.includes(detail.slice(12, 15))).map((detail) => detail.slice(15).trim());
  const reasons = tagged(['RI1', 'RI2']).filter(Boolean);
  const description = [reasons.join(' '), record.slice(60).trim()].filter(Boolean).join(' | ');
  const party = details.find((detail) => detail.slice(12, 15) === 'YYY');
  return [
    {
      bankReference: record.slice(43, 60).trim(),
      date: day,
      amountEuros: amount,
      description: description.slice(0, 1000),
      orderingParty: party ? partyOf(party.slice(15)).slice(0, 300) : '',
    },
  ];
}
