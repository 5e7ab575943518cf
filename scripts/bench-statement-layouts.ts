/**
 * `npm run bench:statement-layouts`: how many credits of each bank's
 * export (tests/fixtures/bank-statements/) 'Estratto conto' reads right
 * with the columns it offers by default: the day, the amount to the cent
 * and a description holding the reason; and how many lines it reads that
 * are no credit (a balance, a total). Runs the screen's own reading path
 * (readStatementFile, the default columns, the table's lines). A
 * measurement, not a test (docs/benchmarks.md, "Bank statement layouts").
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { StatementLine } from '@domain/statement/bank-statement';
import { readStatementTable } from '@domain/statement/statement-table';
import { readStatementFile } from '@/features/admin/statement/read-statement-file';
import { CREDITS, FIXTURES } from '../tests/fixtures/bank-statements/movements';

const FOLDER = path.resolve(import.meta.dirname, '../tests/fixtures/bank-statements');

/** The lines read with the default columns (guessStatementColumns), or why none. */
async function readDefault(name: string): Promise<StatementLine[] | string> {
  try {
    const file = await readStatementFile(new File([readFileSync(path.join(FOLDER, name))], name));
    if (file.kind !== 'table') return file.lines;
    if (!file.guess) return `columns not offered (header: ${file.header.filter(Boolean).join(' | ')})`;
    return readStatementTable(file.rows, file.headerIndex, file.guess).credits.map((credit) => credit.line);
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

const right = (lines: readonly StatementLine[]) =>
  CREDITS.filter((credit) =>
    lines.some(
      (line) =>
        line.date === credit.day && line.amountEuros.toFixed(2) === credit.euros.toFixed(2) && line.description.includes(credit.reason),
    ),
  ).length;

console.log('| bank | format | file | credits read right | lines read that are no credit |');
console.log('|---|---|---|---|---|');
for (const fixture of FIXTURES) {
  const lines = await readDefault(fixture.file);
  const read = typeof lines === 'string' ? `0 / ${CREDITS.length} (${lines})` : `${right(lines)} / ${CREDITS.length}`;
  const wrong = typeof lines === 'string' ? 0 : lines.length - right(lines);
  console.log(`| ${fixture.bank} | ${fixture.format} | ${fixture.file} | ${read} | ${wrong} |`);
}
