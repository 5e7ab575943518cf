/**
 * `npm run bench:accounts`: how long 'Rendiconto' takes to answer a scout
 * year of 2,500 payments as JSON, CSV and XLSX, how big the files are and
 * how many documents it reads (docs/benchmarks.md, "Rendiconto"). A
 * measurement, not a test.
 *
 * Starts the dev launcher (emulators/dev.ts) on ports of its own with the
 * demo data, writes 2,500 confirmed payments of the demo camp year with
 * their receipts spread over its scout year (card payments with their fee,
 * transfers, cash; one in ten refunded in part by a credit note), repairs
 * the season totals from them, then calls admin-accounts as the screen does,
 * three times per format, and prints the median and whether the year ties.
 *
 *   npm run bench:accounts
 *
 * BENCH_PORT_OFFSET moves the ports (default 70). Ctrl-C stops everything it started.
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { Timestamp } from 'firebase-admin/firestore';
import type { AccountsReport } from '@contracts/admin-accounts';
import { SEASON } from '@config/season';
import { PLAN } from '@domain/catalogue/seed';
import { COLLECTION } from '@domain/collections';
import { roundEuros } from '@domain/money';
import { scoutYearOfCamp } from '@domain/accounts/scout-year';
import { onlineTotal } from '@domain/payments/service-fee';
import { readAccounts } from '../netlify/lib/accounts/accounts';
import { checkSeasonTotals } from '../netlify/lib/season/season-totals';
import { demoAdminToken, runBenchmark, stackDb, startStack, type BenchStack } from './bench/stack';

const { values: options } = parseArgs({ options: { verbose: { type: 'boolean', default: false } } });
const offset = Number(process.env.BENCH_PORT_OFFSET ?? 70);
const COUNT = 2500;
const RUNS = 3;
const YEAR = scoutYearOfCamp(SEASON.campYear);
const PLANS = [PLAN.campAcconto, PLAN.campSaldo, PLAN.felpa, PLAN.maglietta];
const PRICES = [100, 180, 30, 15];
const METHODS = ['Online', 'Bonifico', 'Contanti'] as const;

/** Payment `index`: its product, method, day in the year and, one in ten, a partial refund 40 days later. */
function paymentOf(index: number) {
  const plan = PLANS[index % PLANS.length]!;
  const price = PRICES[index % PRICES.length]!;
  const method = METHODS[index % METHODS.length]!;
  const fee = method === 'Online' ? onlineTotal(price).feeEuros : 0;
  const credited = Timestamp.fromMillis(YEAR.from.getTime() + ((index * 7919) % 300) * 86_400_000 + 3_600_000);
  const receiptNumber = `${YEAR.startYear + 1}/${index + 1}`;
  const refunded = index % 10 === 0 ? roundEuros(price / 4) : 0;
  const id = `payment-bench-accounts-${index}`;
  return {
    id,
    created_at: credited,
    season: SEASON.campYear,
    order_id: `order-bench-accounts-${index}`,
    family_id: `family-bench-${index % 900}`,
    family_surname: `Bench${index % 900}`,
    surname_key: `bench${index % 900}`,
    plan,
    method,
    status: 'Confermato',
    total_amount: price,
    lines: [{ item_id: `item-${index}`, child_id: `child-${index}`, name: 'Bimbo', surname: `Bench${index % 900}`, note: '', price }],
    confirmed_at: method === 'Bonifico' ? credited : null,
    confirmed_by: method === 'Bonifico' ? 'tesoriere@example.com' : null,
    refunded_amount: refunded,
    receipt: {
      number: receiptNumber,
      issued_at: credited,
      credited_at: credited,
      service_fee: fee,
      payer: { name: 'Genitore', surname: `Bench${index % 900}`, cf: 'XXXXXX00X00X000X' },
      child_fiscal_codes: {},
    },
    credit_notes: refunded
      ? [
          {
            number: `${YEAR.startYear + 1}/${index / 10 + 1}`,
            issued_at: Timestamp.fromMillis(credited.toMillis() + 40 * 86_400_000),
            amount: refunded,
            service_fee: 0,
            receipt_number: receiptNumber,
            voids_receipt: false,
            reason: 'refund',
            description: 'Rimborso con bonifico',
            cancelled: null,
          },
        ]
      : [],
  };
}

async function writePayments(stack: BenchStack): Promise<void> {
  const db = stackDb(stack);
  for (let start = 0; start < COUNT; start += 400) {
    const batch = db.batch();
    for (let index = start; index < Math.min(COUNT, start + 400); index += 1) {
      const payment = paymentOf(index);
      batch.set(db.collection(COLLECTION.payments).doc(payment.id), payment);
    }
    await batch.commit();
  }
  await checkSeasonTotals(db, SEASON.campYear, true);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Calls admin-accounts `RUNS` times for `format`: the median seconds, the bytes and the last answer. */
async function measure(stack: BenchStack, token: string, format: 'json' | 'csv' | 'xlsx') {
  const times: number[] = [];
  let bytes = 0;
  let body: ArrayBuffer = new ArrayBuffer(0);
  for (let run = 0; run < RUNS; run += 1) {
    const started = performance.now();
    const response = await fetch(`${stack.appUrl}/.netlify/functions/admin-accounts`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ action: 'report', year: YEAR.startYear, format }),
    });
    body = await response.arrayBuffer();
    times.push(performance.now() - started);
    if (!response.ok) throw new Error(`admin-accounts (${format}) answered ${response.status}: ${new TextDecoder().decode(body)}`);
    bytes = body.byteLength;
  }
  return { seconds: median(times) / 1000, bytes, body };
}

let stack: BenchStack | null = null;

async function main(): Promise<void> {
  stack = await startStack(offset, options.verbose);
  const token = await demoAdminToken(stack);
  await writePayments(stack);
  const rows = [];
  let report: AccountsReport | null = null;
  for (const format of ['json', 'csv', 'xlsx'] as const) {
    const { seconds, bytes, body } = await measure(stack, token, format);
    if (format === 'json') report = JSON.parse(new TextDecoder().decode(body)) as AccountsReport;
    rows.push({ format, 'median of 3': `${seconds.toFixed(2)} s`, size: `${(bytes / 1024).toFixed(0)} kB` });
  }
  const { reads } = await readAccounts(stackDb(stack), YEAR.startYear);
  const load = os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');
  console.log(
    `\n'Rendiconto' ${YEAR.label}, ${COUNT} payments (plus the demo's), ${new Date().toISOString().slice(0, 16)}Z, ${os.cpus().length} cores, Node ${process.version}, load ${load}:`,
  );
  console.table(rows);
  console.log(
    `${report!.ledger.length} ledger rows; ${reads.payments} payments and ${reads.statementLines} statement lines read; net ${report!.totals.netEuros} €; ties with 'Pagamenti': ${report!.tieOut.ties} (difference ${report!.tieOut.differenceEuros} €).`,
  );
  if (!report!.tieOut.ties) process.exitCode = 1;
}

runBenchmark(main, async () => {
  await stack?.stop();
  stack = null;
});
