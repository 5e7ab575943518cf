/**
 * `npm run bench:functions`: how fast the local stack's functions answer,
 * alone and under a burst of parents (docs/benchmarks.md, "Functions on the
 * local stack"). A measurement, not a test: it prints tables and one line
 * per target.
 *
 * Starts the dev launcher (emulators/dev.ts, as `npm run dev` does) on
 * ports of its own with the demo data, then:
 * 1. the first call of `health`, `lookup-family` and `create-order` after
 *    the launcher's "[dev] ready" line;
 * 2. 50 sequential calls of each (create-order repeats one idempotency key:
 *    the first records the order, the others answer it again) — p50 / p95;
 * 3. 60 `lookup-family` calls at once — statuses, p50 / p95, the last answer;
 * 4. 6 Bonifico orders, each sent 4 times at once with one idempotency key —
 *    statuses, p50 / p95, and the orders Firestore holds per key;
 * 5. 40 `lookup-family` calls at once from ONE address — the fiscal-code
 *    budget (netlify/lib/platform/fiscal-code-budget.ts: 30 a minute) at work.
 *
 * Every call but the last burst comes from an address of its own
 * (`x-nf-client-connection-ip`, which the dev server reads as Netlify
 * does), as a burst of parents would: the budget is per address.
 *
 *   npm run bench:functions
 *   npm run bench:functions -- --verbose       the stack's output too
 *
 * BENCH_PORT_OFFSET moves the ports (default 50: app 5230, Firestore 8230).
 * Ctrl-C stops everything it started.
 */
import { parseArgs } from 'node:util';
import { randomUUID } from 'node:crypto';
import type { Firestore } from 'firebase-admin/firestore';
import { bankTransferOrderId } from '../netlify/functions/create-order';
import { COLLECTION } from '@domain/collections';
import type { OrderRequest } from '@contracts/order-request';
import { demoSessionCookie } from './bench/demo-session';
import { stackDb, startStack, type BenchStack } from './bench/stack';
import { machineSummary, percentile } from './bench/timing';

const { values: options } = parseArgs({ options: { verbose: { type: 'boolean', default: false } } });
const offset = Number(process.env.BENCH_PORT_OFFSET ?? 50);
const SEQUENTIAL_CALLS = 50;
const CONCURRENT_LOOKUPS = 60;
const SENDS_PER_KEY = 4;
const ROSSI_CF = 'RSSMRA80C12H501E';
/** Each demo family's session, by family id: the parent functions answer a family's requests only with it. */
const SESSIONS: Record<string, string> = Object.fromEntries(
  await Promise.all(
    [
      ['family-rossi', 'parent-rossi-mario'],
      ['family-bianchi', 'parent-bianchi-anna'],
      ['family-verdi', 'parent-verdi-paolo'],
      ['family-neri', 'parent-neri-carla'],
      ['family-esposito', 'parent-esposito-luigi'],
    ].map(async ([familyId = '', parentId = '']) => {
      const cookie = await demoSessionCookie(familyId, parentId);
      return [familyId, `${cookie.name}=${cookie.value}`] as const;
    }),
  ),
);

/** The six orders of the same-key burst: products no demo child holds yet, so each key records one order. */
const BURST_ORDERS: Array<{ familyId: string; request: Omit<OrderRequest, 'idempotencyKey'> }> = [
  { familyId: 'family-rossi', request: { cf: ROSSI_CF, product: 'maglietta', children: [{ id: 'son-rossi-marco', size: 'M' }] } },
  { familyId: 'family-rossi', request: { cf: ROSSI_CF, product: 'felpa', children: [{ id: 'son-rossi-marco', size: 'M' }] } },
  { familyId: 'family-rossi', request: { cf: ROSSI_CF, product: 'campo-acconto', children: [{ id: 'son-rossi-giulia' }] } },
  {
    familyId: 'family-bianchi',
    request: { cf: 'BNCNNA84L45B114C', product: 'maglietta', children: [{ id: 'son-bianchi-sara', size: 'S' }] },
  },
  { familyId: 'family-verdi', request: { cf: 'VRDPLA78S23H501P', product: 'felpa', children: [{ id: 'son-verdi-matteo', size: 'L' }] } },
  {
    familyId: 'family-esposito',
    request: { cf: 'SPSLGU75A14H501I', product: 'campo-acconto', children: [{ id: 'son-esposito-gennaro' }] },
  },
];
/** The sequential create-order calls' order: one key, repeated. */
const SEQUENTIAL_ORDER: OrderRequest = {
  cf: 'NRECRL79P70H501U',
  product: 'campo-saldo',
  children: [{ id: 'son-neri-pietro' }],
  idempotencyKey: randomUUID(),
};

interface Timed {
  status: number;
  ms: number;
  body: unknown;
}

let stack: BenchStack | null = null;
let db: Firestore | null = null;

const ms = (value: number) => `${value < 10 ? value.toFixed(1) : Math.round(value)} ms`;
const statuses = (results: readonly Timed[]) =>
  Object.entries(results.reduce<Record<number, number>>((counts, { status }) => ({ ...counts, [status]: (counts[status] ?? 0) + 1 }), {}))
    .map(([status, count]) => `${status}×${count}`)
    .join(' ');

let clients = 0;
/** A new client address (TEST-NET-3, 203.0.113.0/24 and up): one parent. */
const newClient = () => {
  clients += 1;
  return `203.0.${113 + (clients >> 8)}.${clients & 255}`;
};

/** One call of a function with `familyId`'s session from `ip` (a new client by default), timed from the request to the whole answer read. */
async function call(name: string, body?: unknown, { familyId = 'family-rossi', ip = newClient() } = {}): Promise<Timed> {
  if (!stack) throw new Error('no stack');
  const startedAt = performance.now();
  const response = await fetch(`${stack.appUrl}/.netlify/functions/${name}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      'x-nf-client-connection-ip': ip,
      cookie: SESSIONS[familyId] ?? '',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  const elapsed = performance.now() - startedAt;
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON: kept as text
  }
  return { status: response.status, ms: elapsed, body: parsed };
}

async function sequential(name: string, body?: unknown, familyId?: string): Promise<Timed[]> {
  const results: Timed[] = [];
  for (let index = 0; index < SEQUENTIAL_CALLS; index += 1) results.push(await call(name, body, { familyId }));
  return results;
}

/** Orders stored under an order id, counted as the admin sees them: the `orders` document and the `payments` pointing at it. */
async function storedOrders(orderId: string): Promise<{ orders: number; payments: number }> {
  if (!db) throw new Error('no database');
  const [order, payments] = await Promise.all([
    db.collection(COLLECTION.orders).doc(orderId).get(),
    db.collection(COLLECTION.payments).where('order_id', '==', orderId).count().get(),
  ]);
  return { orders: order.exists ? 1 : 0, payments: payments.data().count };
}

/** The three functions timed alone. */
type Alone = Record<'health' | 'lookup-family' | 'create-order', Timed>;

/** Steps 1 and 2: each function's first call after "[dev] ready", then {@link SEQUENTIAL_CALLS} of each in a row. */
async function measureAlone(): Promise<{ first: Alone; warm: { [name in keyof Alone]: Timed[] } }> {
  const first = {
    health: await call('health'),
    'lookup-family': await call('lookup-family', { cf: ROSSI_CF }),
    'create-order': await call('create-order', SEQUENTIAL_ORDER, { familyId: 'family-neri' }),
  };
  const warm = {
    health: await sequential('health'),
    'lookup-family': await sequential('lookup-family', { cf: ROSSI_CF }),
    'create-order': await sequential('create-order', SEQUENTIAL_ORDER, 'family-neri'),
  };
  return { first, warm };
}

/** Steps 3 to 5: the lookups at once, the same-key orders at once, and the lookups at once from one address. */
async function measureBursts() {
  const burstStart = performance.now();
  const lookups = await Promise.all(Array.from({ length: CONCURRENT_LOOKUPS }, () => call('lookup-family', { cf: ROSSI_CF })));
  const burstMs = performance.now() - burstStart;

  const keyed = BURST_ORDERS.map((order) => ({ ...order, key: randomUUID() }));
  const orderStart = performance.now();
  const sends = await Promise.all(
    keyed.flatMap(({ familyId, request, key }) =>
      Array.from({ length: SENDS_PER_KEY }, () =>
        call('create-order', { ...request, idempotencyKey: key }, { familyId }).then((timed) => ({ key, timed })),
      ),
    ),
  );
  const ordersMs = performance.now() - orderStart;
  const oneAddress = newClient();
  const sameAddress = await Promise.all(Array.from({ length: 40 }, () => call('lookup-family', { cf: ROSSI_CF }, { ip: oneAddress })));
  return { lookups, burstMs, keyed, sends, ordersMs, sameAddress };
}

type Bursts = Awaited<ReturnType<typeof measureBursts>>;

/** Per key of the same-key burst: the statuses, the order ids answered and the orders Firestore holds. */
function ordersPerKey({ keyed, sends }: Bursts) {
  return Promise.all(
    keyed.map(async ({ familyId, key, request }) => {
      const answers = sends.filter((send) => send.key === key).map((send) => send.timed);
      const ids = new Set(answers.map((answer) => (answer.body as { orderId?: string }).orderId ?? `(${answer.status})`));
      return {
        order: `${familyId.replace('family-', '')} ${request.product}`,
        statuses: statuses(answers),
        'order ids in answers': ids.size,
        ...(await storedOrders(bankTransferOrderId(familyId, key))),
      };
    }),
  );
}

type PerKey = Awaited<ReturnType<typeof ordersPerKey>>;

/** The tables: each function alone, the lookups at once, the same-key orders and the one-address burst. */
function printTables({ first, warm }: Awaited<ReturnType<typeof measureAlone>>, bursts: Bursts, perKey: PerKey): void {
  const { lookups, burstMs, sends, ordersMs, sameAddress } = bursts;
  console.log(`\nFunctions on the local stack, ${machineSummary()}:`);
  console.table(
    Object.entries(warm).map(([name, results]) => ({
      function: name,
      'first call': `${first[name as keyof typeof first].status}, ${ms(first[name as keyof typeof first].ms)}`,
      [`warm p50 (${SEQUENTIAL_CALLS} calls)`]: ms(
        percentile(
          results.map((result) => result.ms),
          50,
        ),
      ),
      'warm p95': ms(
        percentile(
          results.map((result) => result.ms),
          95,
        ),
      ),
      statuses: statuses(results),
    })),
  );
  const lookupTimes = lookups.map((result) => result.ms);
  console.log(`${CONCURRENT_LOOKUPS} lookup-family at once:`);
  console.table([
    {
      statuses: statuses(lookups),
      p50: ms(percentile(lookupTimes, 50)),
      p95: ms(percentile(lookupTimes, 95)),
      'last answer': ms(Math.max(...lookupTimes)),
      'burst wall time': ms(burstMs),
    },
  ]);
  const sendTimes = sends.map((send) => send.timed.ms);
  console.log(
    `${BURST_ORDERS.length} create-order × ${SENDS_PER_KEY} at once (one key each): ${statuses(sends.map((send) => send.timed))}, p50 ${ms(percentile(sendTimes, 50))}, p95 ${ms(percentile(sendTimes, 95))}, all answered in ${ms(ordersMs)}`,
  );
  console.table(perKey);

  console.log(`40 lookup-family at once from one address: ${statuses(sameAddress)}`);
}

/** One line per target (docs/benchmarks.md, "Functions on the local stack"): met or MISSED. */
function printTargets({ first, warm }: Awaited<ReturnType<typeof measureAlone>>, { lookups, sameAddress }: Bursts, perKey: PerKey): void {
  const lookupTimes = lookups.map((result) => result.ms);
  const lookupWarm = percentile(
    warm['lookup-family'].map((result) => result.ms),
    95,
  );
  const healthWarm = percentile(
    warm.health.map((result) => result.ms),
    95,
  );
  const firstMax = Math.max(...Object.values(first).map((result) => result.ms));
  const verdict = (met: boolean) => (met ? 'met' : 'MISSED');
  console.log('Targets:');
  console.log(`  warm lookup-family p95 < 150 ms: ${ms(lookupWarm)} (${verdict(lookupWarm < 150)})`);
  console.log(`  health < 20 ms (warm p95): ${ms(healthWarm)} (${verdict(healthWarm < 20)})`);
  console.log(`  first call after [dev] ready < 3 s: slowest ${ms(firstMax)} (${verdict(firstMax < 3000)})`);
  const burstOk = lookups.every((result) => result.status === 200 || result.status === 429) && Math.max(...lookupTimes) < 3000;
  console.log(
    `  ${CONCURRENT_LOOKUPS} lookups at once: 200 or 429, none 5xx, last within 3 s: ${statuses(lookups)}, last ${ms(Math.max(...lookupTimes))} (${verdict(burstOk)})`,
  );
  const onePerKey = perKey.every((row) => row['order ids in answers'] === 1 && row.orders === 1 && row.payments === 1);
  console.log(`  same-key orders: one order per key, one id in every answer (${verdict(onePerKey)})`);
  const budgetHeld = sameAddress.every((result) => result.status === 200 || result.status === 429);
  console.log(`  one address, 40 at once: only 200 or 429, none 5xx: ${statuses(sameAddress)} (${verdict(budgetHeld)})`);
}

async function main(): Promise<void> {
  console.log(`[bench] starting the stack (dev launcher, port offset ${offset})…`);
  const startedAt = performance.now();
  stack = await startStack(offset, options.verbose);
  console.log(`[bench] "[dev] ready" after ${((performance.now() - startedAt) / 1000).toFixed(1)} s at ${stack.appUrl}`);
  db = stackDb(stack);
  const alone = await measureAlone();
  const bursts = await measureBursts();
  const perKey = await ordersPerKey(bursts);
  printTables(alone, bursts, perKey);
  printTargets(alone, bursts, perKey);
}

async function cleanup(): Promise<void> {
  await db?.terminate().catch(() => {});
  await stack?.stop();
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    console.log(`\n[bench] ${signal}: stopping what the benchmark started…`);
    void cleanup().finally(() => process.exit(130));
  });
}

main()
  .then(() => cleanup())
  .then(() => process.exit(0))
  .catch(async (error: unknown) => {
    console.error('[bench] failed:', error);
    await cleanup();
    process.exit(1);
  });
