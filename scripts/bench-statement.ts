/**
 * `npm run bench:statement`: how long 'Estratto conto' takes to match a
 * 500-line statement against a season of 250 and then 2,500 Bonifico
 * orders, and how many documents it reads (docs/benchmarks.md, "Bank
 * statement"). A measurement, not a test.
 *
 * Starts the dev launcher (emulators/dev.ts) on ports of its own with the
 * demo data, writes synthetic Bonifico orders 'Da Verificare' (each with its
 * reference code in `transfer_references`), then sends the same statement
 * to admin-statement ('match') as the screen does, and calls the matcher
 * itself to count its reads: 400 lines naming a code, 50 with only a
 * surname and an amount, 50 unrelated. The reads depend on the statement,
 * not on the season's orders.
 *
 *   npm run bench:statement
 *
 * BENCH_PORT_OFFSET moves the ports (default 70). Ctrl-C stops everything it started.
 */
import { parseArgs } from 'node:util';
import { Timestamp } from 'firebase-admin/firestore';
import { matchStatement } from '../netlify/lib/statement/bank-statement';
import { COLLECTION } from '@domain/collections';
import type { StatementLine } from '@domain/statement/bank-statement';
import { PLAN } from '@domain/catalogue/seed';
import { REFERENCE_ALPHABET } from '@domain/payments/transfer-reference';
import { demoAdminToken, stackDb, startStack, type BenchStack } from './bench/stack';

const { values: options } = parseArgs({ options: { verbose: { type: 'boolean', default: false } } });
const offset = Number(process.env.BENCH_PORT_OFFSET ?? 70);
const SEASON = 2025;
const SIZES = [250, 2500];
const LINES = 500;

/** The code of synthetic order `index`: 'BE25-' and four characters of the code alphabet, distinct per index. */
function codeOf(index: number): string {
  const base = REFERENCE_ALPHABET.length;
  const chars = [0, 1, 2, 3].map((position) => REFERENCE_ALPHABET[Math.floor(index / base ** position) % base]);
  return `BE25-${chars.join('')}`;
}

/** A surname per order, letters only as real ones are, so that 'Probabile' lines name exactly one family. */
const surnameOf = (index: number) =>
  `Bench${[0, 1, 2, 3].map((position) => 'abcdefghijklmnopqrstuvwxyz'[Math.floor(index / 26 ** position) % 26]).join('')}`;
const totalOf = (index: number) => 15 + (index % 40) * 5;

/** Writes orders `from` to `to` - 1: payment, order and reference code, in batches. */
async function writeOrders(stack: BenchStack, from: number, to: number): Promise<void> {
  const db = stackDb(stack);
  for (let start = from; start < to; start += 400) {
    const batch = db.batch();
    for (let index = start; index < Math.min(to, start + 400); index += 1) {
      const id = `bench-statement-${index}`;
      const surname = surnameOf(index);
      batch.set(db.collection(COLLECTION.payments).doc(`payment-${id}`), {
        id: `payment-${id}`,
        created_at: Timestamp.now(),
        season: SEASON,
        order_id: id,
        family_id: `family-${id}`,
        family_surname: surname,
        surname_key: surname.toLowerCase(),
        plan: PLAN.maglietta,
        method: 'Bonifico',
        status: 'Da Verificare',
        total_amount: totalOf(index),
        lines: [],
        reference: codeOf(index),
      });
      batch.set(db.collection(COLLECTION.transferReferences).doc(codeOf(index)), {
        code: codeOf(index),
        payment_id: `payment-${id}`,
        order_id: id,
        family_id: `family-${id}`,
        season: SEASON,
      });
    }
    await batch.commit();
  }
}

/** The statement: 400 lines naming a code of the first 250 orders, 50 with a surname and an amount, 50 unrelated. */
function statement(): StatementLine[] {
  return Array.from({ length: LINES }, (_, line): StatementLine => {
    const index = line % SIZES[0]!;
    const base = { bankReference: `BENCH${line}`, date: '2025-06-02', orderingParty: '' };
    if (line < 400) return { ...base, amountEuros: totalOf(index), description: `MAGLIETTA ${codeOf(index)}` };
    if (line < 450)
      return { ...base, amountEuros: totalOf(index), description: 'MAGLIETTA', orderingParty: surnameOf(index).toUpperCase() };
    return { ...base, amountEuros: 1234.56 + line, description: 'ALTRO ACCREDITO' };
  });
}

let stack: BenchStack | null = null;
process.on('SIGINT', () => void stack?.stop().then(() => process.exit(130)));

try {
  stack = await startStack(offset, options.verbose);
  const token = await demoAdminToken(stack);
  const lines = statement();
  let written = 0;
  console.log(`statement of ${LINES} lines (400 with a code, 50 with a surname and an amount, 50 unrelated)`);
  for (const size of SIZES) {
    await writeOrders(stack, written, size);
    written = size;
    const started = performance.now();
    const response = await fetch(`${stack.appUrl}/.netlify/functions/admin-statement`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ action: 'match', lines }),
    });
    const answer = (await response.json()) as { lines?: Array<{ kind: string }> };
    const elapsed = performance.now() - started;
    if (!response.ok || !answer.lines) throw new Error(`admin-statement answered ${response.status}: ${JSON.stringify(answer)}`);
    const kinds = answer.lines.reduce<Record<string, number>>(
      (count, line) => ({ ...count, [line.kind]: (count[line.kind] ?? 0) + 1 }),
      {},
    );
    const { reads } = await matchStatement(stackDb(stack), SEASON, lines);
    console.log(
      `season of ${String(size).padStart(5)} orders: matched in ${(elapsed / 1000).toFixed(2)} s, ${reads} document reads; ${JSON.stringify(kinds)}`,
    );
  }
} finally {
  await stack?.stop();
}
