/**
 * `npm run bench:documents`: a season's signatures for 150 children listed
 * and exported ('Documenti'; docs/benchmarks.md, "Documents"). A
 * measurement, not a test.
 *
 * Starts the dev launcher (emulators/dev.ts) on ports of its own with the
 * demo data, adds 150 children (families of one or two, two parents each,
 * the three branches in turn) and a document of the season for every
 * branch, signed by both parents, signed by one, or not at all (a third
 * each), with each signature's text and SHA-256 as the signing function
 * writes them. Then, as the admin's screen does, times admin-group-documents
 * 'list' (the season's documents counted) and 'status' (one document's
 * rows), and the CSV of those rows (documentStatusCsv), each `--runs` times.
 *
 *   npm run bench:documents
 *   npm run bench:documents -- --children 300 --runs 5 --verbose
 *
 * BENCH_PORT_OFFSET moves the ports (default 90). Ctrl-C stops everything it started.
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { Timestamp } from 'firebase-admin/firestore';
import type { DocumentList, DocumentStatus } from '@contracts/admin-group-documents';
import { SEASON } from '@config/season';
import { BRANCHES } from '@domain/branches';
import { COLLECTION } from '@domain/collections';
import { renderDocumentText, textDigest } from '@domain/documents/document-text';
import { documentVersionId, type DocumentFields } from '@domain/documents/group-document';
import { documentStatusCsv } from '../src/features/admin/documents/document-csv';
import { demoAdminToken, runBenchmark, stackDb, startStack, type BenchStack } from './bench/stack';

const { values: options } = parseArgs({
  options: {
    children: { type: 'string', default: '150' },
    runs: { type: 'string', default: '3' },
    verbose: { type: 'boolean', default: false },
  },
});
const CHILDREN = Number(options.children);
const RUNS = Number(options.runs);
const offset = Number(process.env.BENCH_PORT_OFFSET ?? 90);
const YEAR = SEASON.campYear;

let stack: BenchStack | null = null;

const FIELDS: DocumentFields = {
  title: 'Autorizzazione bench',
  text: 'Io sottoscritto/a {genitore} autorizzo {figlio} a partecipare alle attività del gruppo.',
  kind: 'authorisation',
  choices: [],
  branches: [...BRANCHES],
  product: null,
  deadline: null,
  signers: 'both',
};

/** One call of admin-group-documents, timed from the request to the whole answer read. */
async function call<T>(token: string, body: unknown): Promise<{ ms: number; body: T }> {
  if (!stack) throw new Error('no stack');
  const startedAt = performance.now();
  const response = await fetch(`${stack.appUrl}/.netlify/functions/admin-group-documents`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as T;
  if (!response.ok) throw new Error(`${JSON.stringify(body).slice(0, 60)}: ${response.status} ${JSON.stringify(answer)}`);
  return { ms: performance.now() - startedAt, body: answer };
}

/** Writes `count` children in families of one or two with two parents, and their signatures of `documentId` (both, one, none in turn). */
async function seedChildren(documentId: string, count: number): Promise<number> {
  if (!stack) throw new Error('no stack');
  const db = stackDb(stack);
  const now = Timestamp.now();
  let batch = db.batch();
  let writes = 0;
  let signatures = 0;
  const flush = async () => {
    if (writes === 0) return;
    await batch.commit();
    batch = db.batch();
    writes = 0;
  };
  for (let index = 0, family = 0; index < count; family += 1) {
    const familyId = `bench-family-${family}`;
    const surname = `Bench${family}`;
    const parents = ['Laura', 'Paolo'].map((name, at) => ({ id: `${familyId}-parent-${at}`, name }));
    for (const parent of parents) {
      batch.set(db.collection(COLLECTION.parents).doc(parent.id), {
        id: parent.id,
        cf: `BNCPRN${family}X${parent.name}`,
        family_id: familyId,
        name: parent.name,
        surname,
        email: null,
        phone: null,
      });
      writes += 1;
    }
    for (let child = 0; child < (family % 2 === 0 ? 1 : 2) && index < count; child += 1, index += 1) {
      const id = `bench-son-${index}`;
      const name = ['Marco', 'Giulia'][child] ?? 'Luca';
      batch.set(db.collection(COLLECTION.sons).doc(id), {
        id,
        family_id: familyId,
        name,
        surname,
        cf: `BNCSON${index}`,
        branch: BRANCHES[index % BRANCHES.length],
        medical_doc: '',
        updated_at: now,
      });
      writes += 1;
      for (const parent of parents.slice(0, 2 - (index % 3))) {
        const text = renderDocumentText(FIELDS, { child: `${name} ${surname}`, parent: `${parent.name} ${surname}`, delegates: '' });
        batch.set(db.collection(COLLECTION.documentSignatures).doc(`bench-${id}-${parent.id}`), {
          document_id: documentId,
          document_key: documentId.replace(/-v1$/, ''),
          version: 1,
          season: YEAR,
          family_id: familyId,
          child_id: id,
          parent_id: parent.id,
          signer_name: `${parent.name} ${surname}`,
          text,
          text_sha256: await textDigest(text),
          choice: null,
          delegates: '',
          signed_at: now,
          code_sent_to: 'l***@example.com',
          withdrawn_at: null,
        });
        writes += 1;
        signatures += 1;
      }
    }
    if (writes > 400) await flush();
  }
  await flush();
  return signatures;
}

const ms = (value: number) => `${Math.round(value)} ms`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function main(): Promise<void> {
  console.log(`[bench] starting the stack (dev launcher, port offset ${offset})…`);
  stack = await startStack(offset, options.verbose);
  const token = await demoAdminToken(stack);
  const created = await call<{ document: { id: string } }>(token, { action: 'create', season: YEAR, fields: FIELDS });
  const documentId = created.body.document.id;
  if (documentId !== documentVersionId(`autorizzazione-bench-${YEAR}`, 1)) throw new Error(`Unexpected id ${documentId}`);
  const signatures = await seedChildren(documentId, CHILDREN);
  console.log(`[bench] ${CHILDREN} children and ${signatures} signatures written`);

  const times = { list: [] as number[], status: [] as number[], csv: [] as number[] };
  let rows = 0;
  let bytes = 0;
  for (let run = 0; run < RUNS; run += 1) {
    const list = await call<DocumentList>(token, { action: 'list', season: YEAR });
    times.list.push(list.ms);
    const status = await call<DocumentStatus>(token, { action: 'status', id: documentId });
    times.status.push(status.ms);
    const startedAt = performance.now();
    const csv = documentStatusCsv(status.body.rows);
    times.csv.push(performance.now() - startedAt);
    rows = status.body.rows.length;
    bytes = Buffer.byteLength(csv);
  }
  const load = os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');
  console.log(
    `\n'Documenti' on the local stack, ${new Date().toISOString().slice(0, 16)}Z, ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown CPU'}), Node ${process.version}, load ${load}:`,
  );
  console.table([
    { step: "'list' (the season's documents, counted)", median: ms(median(times.list)), runs: times.list.map(ms).join(', ') },
    { step: "'status' (one document's rows)", median: ms(median(times.status)), runs: times.status.map(ms).join(', ') },
    { step: 'CSV of the rows (documentStatusCsv)', median: ms(median(times.csv)), runs: times.csv.map(ms).join(', ') },
  ]);
  console.log(
    `${rows} rows (${CHILDREN} bench children and the demo's), ${signatures} bench signatures, CSV ${Math.round(bytes / 1024)} kB.`,
  );
}

const stop = async () => {
  await stack?.stop();
  stack = null;
};
runBenchmark(main, stop);
