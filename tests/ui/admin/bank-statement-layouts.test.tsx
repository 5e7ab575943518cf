import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { matchStatementLine } from '@domain/statement/bank-statement';
import { readStatementTable, type SkipReason } from '@domain/statement/statement-table';
import { readStatementFile } from '@/features/admin/statement/read-statement-file';
import { CODED_ORDER, CREDITS, CREDITS_EUROS, FIXTURES } from '../../fixtures/bank-statements/movements';

/**
 * Each bank's export as the bank lays it out (tests/fixtures/bank-statements/README.md), read
 * through the screen's own path (readStatementFile, the columns offered by default,
 * readStatementTable): every credit with its day, its amount to the cent and its reason; the
 * debits, balances and totals skipped with why; the coded credit 'Corrisponde' to its order.
 */

const FOLDER = path.resolve(import.meta.dirname, '../../fixtures/bank-statements');

/** The rows each table layout holds besides its credits and debits, as the bank writes them (see the README); null for CBI's records. */
const BALANCES_AND_TOTALS: Record<(typeof FIXTURES)[number]['file'], { Saldo: number; Totale: number; stated: number | null } | null> = {
  'intesa-lista-movimenti.xlsx': { Saldo: 2, Totale: 0, stated: null },
  'intesa-lista-operazione.xlsx': { Saldo: 0, Totale: 0, stated: null },
  'fineco-movimenti.xlsx': { Saldo: 0, Totale: 1, stated: CREDITS_EUROS },
  'bancoposta.csv': { Saldo: 2, Totale: 0, stated: null },
  'bcc-inbank.csv': { Saldo: 2, Totale: 0, stated: null },
  'ing-movimenti.xls': { Saldo: 0, Totale: 2, stated: CREDITS_EUROS },
  'sella.csv': { Saldo: 1, Totale: 0, stated: null },
  'sella.xls': { Saldo: 1, Totale: 0, stated: null },
  'revolut.csv': { Saldo: 0, Totale: 0, stated: null },
  'n26.csv': { Saldo: 0, Totale: 0, stated: null },
  'banco-bpm-cbi.txt': null,
};

/** The file's credits through the screen's path; for a table, with every row read (null for CBI: its records are typed). */
async function readFixture(name: string) {
  const file = await readStatementFile(new File([readFileSync(path.join(FOLDER, name))], name));
  if (file.kind !== 'table') return { lines: file.lines, table: null };
  expect(file.guess, `${name}: columns offered`).not.toBeNull();
  const table = readStatementTable(file.rows, file.headerIndex, file.guess!);
  return { lines: table.credits.map((credit) => credit.line), table };
}

const count = (reasons: readonly SkipReason[], reason: SkipReason) => reasons.filter((each) => each === reason).length;

describe.each(FIXTURES)('$bank, $format ($file)', ({ file }) => {
  it('reads every credit with its day, amount and reason, with the columns offered by default, and nothing else', async () => {
    const { lines, table } = await readFixture(file);
    expect(table?.problems ?? []).toEqual([]);
    // In day order: Intesa's 'Lista Operazione' lists the newest first.
    const read = [...lines].sort((a, b) => a.date.localeCompare(b.date));
    expect(read.map((line) => [line.date, line.amountEuros.toFixed(2)])).toEqual(
      CREDITS.map((credit) => [credit.day, credit.euros.toFixed(2)]),
    );
    read.forEach((line, index) => expect(line.description).toContain(CREDITS[index]!.reason));
    if (table) expect(table.creditsEuros).toBe(CREDITS_EUROS);
  });

  it("matches the coded transfer to its order as 'Corrisponde'", async () => {
    const { lines } = await readFixture(file);
    const coded = lines.find((line) => line.amountEuros === CODED_ORDER.totalEuros)!;
    const match = matchStatementLine(coded, new Map([[CODED_ORDER.reference, CODED_ORDER]]), () => []);
    expect(match).toMatchObject({ kind: 'Corrisponde', payments: [CODED_ORDER] });
  });
});

const TABLES = FIXTURES.filter(({ file }) => BALANCES_AND_TOTALS[file] !== null);

describe.each(TABLES)('$bank, $format ($file), row by row', ({ file }) => {
  it('skips its debits, balances and totals with why, and keeps the total it states', async () => {
    const { table } = await readFixture(file);
    const reasons = table!.skipped.map((row) => row.reason);
    const expected = BALANCES_AND_TOTALS[file]!;
    expect(count(reasons, 'Addebito')).toBe(2);
    expect(count(reasons, 'Saldo')).toBe(expected.Saldo);
    expect(count(reasons, 'Totale')).toBe(expected.Totale);
    expect(table!.statedCreditsEuros).toBe(expected.stated);
  });
});
