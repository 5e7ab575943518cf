/**
 * `npm run bench:event-roster`: a camp of 120 children, its leaders' list
 * built and its PDF written (docs/benchmarks.md, "Event roster"). A
 * measurement, not a test.
 *
 * Starts the dev launcher (emulators/dev.ts) on ports of its own with the
 * demo data, then writes a camp of the season (the Acconto, two required
 * documents with 'Firma di entrambi i genitori') and 120 children signed up
 * (100 confirmed, 20 waiting; families of one or two children, two parents
 * each with a phone), each with an Acconto paid, to verify or not ordered,
 * a medical form for two in three, and signatures by both parents, one or
 * none in turn. Then, `--runs` times:
 * - in this process, on the stack's Firestore, `readEventRoster` (the list
 *   built) and `renderEventRosterPdf` (the PDF written), timed, with the
 *   documents read counted as Firestore bills them (a query: its documents,
 *   at least one; a batch get: the documents found);
 * - admin-event-roster as the leader's screen calls it: 'json' and 'pdf',
 *   timed from the request to the whole answer read.
 *
 *   npm run bench:event-roster
 *   npm run bench:event-roster -- --children 200 --runs 5 --verbose
 *
 * BENCH_PORT_OFFSET moves the ports (default 92). Ctrl-C stops everything it started.
 */
import { parseArgs } from 'node:util';
import { PDFDocument } from 'pdf-lib';
import { DocumentReference, Firestore, Query, Timestamp } from 'firebase-admin/firestore';
import { SEASON } from '@config/season';
import { PLAN } from '@domain/catalogue/seed';
import { COLLECTION } from '@domain/collections';
import { eventSchema } from '@domain/events/event';
import { documentVersionId, type DocumentFields } from '@domain/documents/group-document';
import { readEventRoster } from '../netlify/lib/events/event-roster';
import { renderEventRosterPdf } from '../netlify/lib/events/event-roster-pdf';
import { callAdminFunction } from './bench/admin-call';
import { batchWriter, type BatchWriter } from './bench/batch-writer';
import { demoAdminToken, runBenchmark, stackDb, startStack, type BenchStack } from './bench/stack';
import { machineSummary, median } from './bench/timing';

const { values: options } = parseArgs({
  options: {
    children: { type: 'string', default: '120' },
    runs: { type: 'string', default: '3' },
    verbose: { type: 'boolean', default: false },
  },
});
const CHILDREN = Number(options.children);
const WAITING = Math.round(CHILDREN / 6);
const RUNS = Number(options.runs);
const offset = Number(process.env.BENCH_PORT_OFFSET ?? 92);
const YEAR = SEASON.campYear;
const EVENT_ID = 'bench-campo';

let stack: BenchStack | null = null;

/** Documents read, as Firestore bills them, since the last {@link resetReads}. */
let reads = 0;
const resetReads = () => (reads = 0);
/** Counts the reads of every query, document get and batch get of this process (firebase-admin's own classes, patched once). */
function countReads(): void {
  // eslint-disable-next-line @typescript-eslint/unbound-method -- the original, called back with its own receiver
  const queryGet = Query.prototype.get;
  Query.prototype.get = async function (this: Query) {
    const snapshot = await queryGet.call(this);
    reads += Math.max(1, snapshot.size);
    return snapshot;
  } as typeof queryGet;
  // eslint-disable-next-line @typescript-eslint/unbound-method -- the original, called back with its own receiver
  const documentGet = DocumentReference.prototype.get;
  DocumentReference.prototype.get = async function (this: DocumentReference) {
    reads += 1;
    return documentGet.call(this);
  } as typeof documentGet;
  // eslint-disable-next-line @typescript-eslint/unbound-method -- the original, called back with its own receiver
  const getAll = Firestore.prototype.getAll;
  Firestore.prototype.getAll = async function (this: Firestore, ...args: Parameters<typeof getAll>) {
    const snapshots = await getAll.apply(this, args);
    reads += snapshots.filter((snapshot) => snapshot.exists).length;
    return snapshots;
  };
}

const DOCUMENT: DocumentFields = {
  title: 'Autorizzazione campo bench',
  text: 'Io sottoscritto/a {genitore} autorizzo {figlio} a partecipare al campo estivo del gruppo.',
  kind: 'authorisation',
  choices: [],
  branches: ['Branco', 'Reparto', 'Clan'],
  product: null,
  deadline: null,
  signers: 'both',
};
const DOCUMENT_KEYS = [`autorizzazione-campo-bench-${YEAR}`, `liberatoria-bench-${YEAR}`];

/** The camp of the season, with places for the confirmed children and the two required documents. */
function campEvent(now: Timestamp): Record<string, unknown> {
  return {
    id: EVENT_ID,
    name: 'Campo estivo bench',
    branches: ['Branco', 'Reparto', 'Clan'],
    starts_at: `${YEAR}-07-20T09:00:00+02:00`,
    ends_at: `${YEAR}-07-30T17:00:00+02:00`,
    place: 'Colle Verde',
    meeting_point: 'Piazza della chiesa',
    places: CHILDREN - WAITING,
    closes_on: `${YEAR}-07-01`,
    products: ['campo-acconto'],
    required_documents: DOCUMENT_KEYS,
    season: YEAR,
    created_at: now,
    cancelled_at: null,
  };
}

/** A family of the seed: its id, surname and two parents. */
interface SeedFamily {
  familyId: string;
  surname: string;
  parents: Array<{ id: string; name: string }>;
}

/** Child `index`'s Acconto: paid by transfer, confirmed (one in three) or to verify (one in three); none for the rest. */
async function seedAcconto(set: BatchWriter['set'], family: SeedFamily, id: string, index: number, now: Timestamp): Promise<void> {
  if (index % 3 === 2) return;
  const { familyId, surname } = family;
  const paymentId = `bench-payment-${id}`;
  const status = index % 3 === 0 ? 'Confermato' : 'Da Verificare';
  await set(COLLECTION.payments, paymentId, {
    id: paymentId,
    created_at: now,
    season: YEAR,
    order_id: `bench-order-${id}`,
    family_id: familyId,
    family_surname: surname,
    surname_key: surname.toLowerCase(),
    plan: PLAN.campAcconto,
    method: 'Bonifico',
    status,
    total_amount: 100,
    lines: [{ item_id: `bench-item-${id}`, child_id: id, name: 'x', surname, note: '', price: 100 }],
  });
  await set(COLLECTION.orderItems, `bench-item-${id}`, {
    id: `bench-item-${id}`,
    created_at: now,
    season: YEAR,
    family_id: familyId,
    payment_id: paymentId,
    note: '',
    plan: PLAN.campAcconto,
    son_info: { id, name: 'x', surname },
    price: 100,
  });
}

/** Child `index`'s signatures of both documents: by both parents, one, or none in turn. */
async function seedSignatures(set: BatchWriter['set'], family: SeedFamily, id: string, index: number, now: Timestamp): Promise<void> {
  for (const key of DOCUMENT_KEYS) {
    for (const parent of family.parents.slice(0, 2 - (index % 3))) {
      await set(COLLECTION.documentSignatures, `bench-${key}-${id}-${parent.id}`, {
        document_id: documentVersionId(key, 1),
        document_key: key,
        version: 1,
        season: YEAR,
        family_id: family.familyId,
        child_id: id,
        parent_id: parent.id,
        signer_name: `${parent.name} ${family.surname}`,
        text: 'testo',
        text_sha256: '0'.repeat(64),
        choice: null,
        delegates: '',
        signed_at: now,
        code_sent_to: 'l***@example.com',
        withdrawn_at: null,
      });
    }
  }
}

/** Child `index` (the `child`-th of its family): the son with a medical form for two in three, the sign-up, the Acconto, the signatures. */
async function seedChild(set: BatchWriter['set'], family: SeedFamily, child: number, index: number, now: Timestamp): Promise<void> {
  const id = `bench-son-${index}`;
  const born = String(YEAR - 9 - (index % 10)).slice(2);
  await set(COLLECTION.sons, id, {
    id,
    family_id: family.familyId,
    name: ['Marco', 'Giulia'][child] ?? 'Luca',
    surname: family.surname,
    cf: `BNCMRC${born}M15H501X`,
    branch: ['Branco', 'Reparto', 'Clan'][index % 3],
    medical_doc: '',
    medical_forms:
      index % 3 === 2 ? [] : [{ public_id: `forms/${id}/1`, version: 1, bytes: 1000, season: YEAR, received_at: now, consent: null }],
    updated_at: now,
  });
  const waiting = index >= CHILDREN - WAITING;
  await set(COLLECTION.eventSignups, `${EVENT_ID}_${id}`, {
    event_id: EVENT_ID,
    family_id: family.familyId,
    child_id: id,
    parent_id: family.parents[0]!.id,
    state: waiting ? 'waiting' : 'confirmed',
    position: waiting ? index - (CHILDREN - WAITING) + 1 : null,
    signed_up_at: now,
    offered_until: null,
    cancelled_at: null,
  });
  await seedAcconto(set, family, id, index, now);
  await seedSignatures(set, family, id, index, now);
}

/** Family `family` (one child when even, two when odd) from child `firstIndex` on, with its two parents; the next child's index. */
async function seedFamily(set: BatchWriter['set'], family: number, firstIndex: number, now: Timestamp): Promise<number> {
  const familyId = `bench-family-${family}`;
  const surname = `Bench${family}`;
  const seed: SeedFamily = { familyId, surname, parents: ['Laura', 'Paolo'].map((name, at) => ({ id: `${familyId}-parent-${at}`, name })) };
  await set(COLLECTION.families, familyId, { id: familyId, surname, updated_at: now });
  for (const [at, parent] of seed.parents.entries()) {
    await set(COLLECTION.parents, parent.id, {
      id: parent.id,
      cf: `BNCPRN${family}X${at}`,
      family_id: familyId,
      name: parent.name,
      surname,
      email: null,
      phone: `+39 333 000 ${String(family * 2 + at).padStart(4, '0')}`,
    });
  }
  let index = firstIndex;
  for (let child = 0; child < (family % 2 === 0 ? 1 : 2) && index < CHILDREN; child += 1, index += 1) {
    await seedChild(set, seed, child, index, now);
  }
  return index;
}

/** Writes the camp, its two documents and the children with their sign-ups, orders, forms and signatures. */
async function seedCamp(db: Firestore): Promise<void> {
  const now = Timestamp.now();
  const writer = batchWriter(db);
  await writer.set(COLLECTION.events, EVENT_ID, campEvent(now));
  await writer.set(COLLECTION.eventCounters, EVENT_ID, {
    event_id: EVENT_ID,
    confirmed: CHILDREN - WAITING,
    offered: 0,
    next_position: WAITING + 1,
  });
  for (const key of DOCUMENT_KEYS) {
    await writer.set(COLLECTION.groupDocuments, documentVersionId(key, 1), {
      ...DOCUMENT,
      key,
      version: 1,
      season: YEAR,
      created_at: now,
      retired_at: null,
    });
  }
  for (let index = 0, family = 0; index < CHILDREN; family += 1) index = await seedFamily(writer.set, family, index, now);
  await writer.commit();
}

/** One call of admin-event-roster, timed from the request to the whole answer read; its size in bytes. */
async function call(token: string, format: 'json' | 'pdf'): Promise<{ ms: number; bytes: number }> {
  if (!stack) throw new Error('no stack');
  const answer = await callAdminFunction(stack, token, 'admin-event-roster', { eventId: EVENT_ID, format });
  if (!answer.ok) throw new Error(`${format}: ${answer.status} ${answer.body.toString().slice(0, 300)}`);
  return { ms: answer.ms, bytes: answer.body.byteLength };
}

const ms = (value: number) => `${Math.round(value)} ms`;

async function main(): Promise<void> {
  console.log(`[bench] starting the stack (dev launcher, port offset ${offset})…`);
  stack = await startStack(offset, options.verbose);
  const db = stackDb(stack);
  await seedCamp(db);
  console.log(`[bench] a camp of ${CHILDREN} children (${WAITING} waiting) written`);
  const token = await demoAdminToken(stack);
  countReads();
  const times = { list: [] as number[], pdf: [] as number[], json: [] as number[], pdfCall: [] as number[] };
  const readsPerRun: number[] = [];
  let pdfBytes = 0;
  let pages = 0;
  for (let run = 0; run < RUNS; run += 1) {
    resetReads();
    const startedAt = performance.now();
    const event = eventSchema.parse({ ...(await db.collection(COLLECTION.events).doc(EVENT_ID).get()).data() });
    const roster = await readEventRoster(db, event);
    times.list.push(performance.now() - startedAt);
    readsPerRun.push(reads);
    const pdfStartedAt = performance.now();
    const bytes = await renderEventRosterPdf(roster, 'Gruppo Scout');
    times.pdf.push(performance.now() - pdfStartedAt);
    pdfBytes = bytes.byteLength;
    pages = (await PDFDocument.load(bytes)).getPageCount();
    times.json.push((await call(token, 'json')).ms);
    times.pdfCall.push((await call(token, 'pdf')).ms);
  }
  console.log(`\nEvent roster on the local stack, ${machineSummary()}:`);
  console.table([
    { step: 'list built (readEventRoster, in process)', median: ms(median(times.list)), runs: times.list.map(ms).join(', ') },
    { step: 'PDF written (renderEventRosterPdf)', median: ms(median(times.pdf)), runs: times.pdf.map(ms).join(', ') },
    { step: "admin-event-roster 'json' (HTTP)", median: ms(median(times.json)), runs: times.json.map(ms).join(', ') },
    { step: "admin-event-roster 'pdf' (HTTP, audited)", median: ms(median(times.pdfCall)), runs: times.pdfCall.map(ms).join(', ') },
  ]);
  console.log(`Reads per list: ${readsPerRun.join(', ')}. PDF: ${pages} pages, ${Math.round(pdfBytes / 1024)} kB.`);
}

const stop = async () => {
  await stack?.stop();
  stack = null;
};
runBenchmark(main, stop);
