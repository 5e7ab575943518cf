/**
 * `npm run bench:roster`: how long 'Importa anagrafica' takes to preview and
 * to commit a roster file of 40, 400 and 4,000 children, and how many
 * documents the preview reads (docs/benchmarks.md, "Roster import"). A
 * measurement, not a test.
 *
 * Starts the dev launcher (emulators/dev.ts) on ports of its own with the
 * demo data, signs in as the demo admin through the Auth emulator, then for
 * each size sends a synthetic file (families of one or two children and two
 * parents: 1.5 parents a child, every fiscal code valid) to
 * admin-roster-import as the screen does: 'preview', 'commit', and the same
 * file again ('preview' and 'commit': nothing to write). The files are
 * distinct, so the roster grows from size to size; a last preview of the
 * first file against the whole roster shows what the preview's reads
 * depend on. For each commit it also reports how many audit entries hold
 * the import and the largest one's size (netlify/lib/roster/roster-import-audit.ts).
 *
 *   npm run bench:roster
 *   npm run bench:roster -- --sizes 40,400 --verbose
 *
 * BENCH_PORT_OFFSET moves the ports (default 60: app 5240, Firestore 8240).
 * Ctrl-C stops everything it started.
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { DEMO_FAMILIES } from '../emulators/seed/demo-data';
import { computeFiscalCode } from '../emulators/seed/seed';
import type { RosterCommit, RosterPreview } from '@contracts/admin-roster-import';
import { COLLECTION } from '@domain/collections';
import type { RosterRow } from '@domain/roster/roster';
import { demoAdminToken, runBenchmark, stackDb, startStack, type BenchStack } from './bench/stack';

const { values: options } = parseArgs({
  options: { sizes: { type: 'string', default: '40,400,4000' }, verbose: { type: 'boolean', default: false } },
});
const SIZES = options.sizes.split(',').map(Number);
const offset = Number(process.env.BENCH_PORT_OFFSET ?? 60);
const BRANCHES = ['Branco', 'Reparto', 'Clan'] as const;
const CONSONANTS = 'BCDFGLMNPRSTVZ';

let stack: BenchStack | null = null;
let families = 0;

const COMBINATIONS = CONSONANTS.length ** 3;

/**
 * A surname whose three consonants (what a fiscal code keeps of it) no
 * other synthetic family of its round shares ('Bababani' for family 0), and
 * the round: the day of the month of every birth date in the family, so
 * fiscal codes stay distinct beyond the consonants' combinations.
 */
function surnameOf(family: number): { surname: string; day: number } {
  const letters = [0, 1, 2].map((position) => CONSONANTS[Math.floor(family / CONSONANTS.length ** position) % CONSONANTS.length]);
  const word = `${letters.map((letter) => `${letter}a`).join('')}ni`.toLowerCase();
  return { surname: word.charAt(0).toUpperCase() + word.slice(1), day: 1 + Math.floor(family / COMBINATIONS) };
}

/** A file of `children` rows: families of 1, 1 and 2 children in turn, two parents each. */
function syntheticFile(children: number): RosterRow[] {
  const rows: RosterRow[] = [];
  while (rows.length < children) {
    const { surname, day } = surnameOf(families);
    const date = (year: number, month: number) => `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
    const parent = (name: string, gender: 'M' | 'F', birthDate: string) => ({
      name,
      cf: computeFiscalCode({ name, surname, gender, birthDate }),
    });
    const [mother, father] = [parent('Laura', 'F', date(1980, 5)), parent('Paolo', 'M', date(1978, 11))];
    const size = families % 3 === 2 ? 2 : 1;
    families += 1;
    for (let index = 0; index < size && rows.length < children; index += 1) {
      const name = ['Marco', 'Giulia'][index] ?? 'Luca';
      const cf = computeFiscalCode({ name, surname, gender: index === 0 ? 'M' : 'F', birthDate: date(2012 + index, 3) });
      rows.push({
        row: rows.length + 2,
        cells: {
          Cognome: surname,
          Nome: name,
          'Codice Fiscale': cf,
          Branca: BRANCHES[(families + index) % 3] ?? 'Reparto',
          'Cognome Genitore 1': surname,
          'Nome Genitore 1': mother.name,
          'Codice Fiscale Genitore 1': mother.cf,
          'Email Genitore 1': `laura.${surname.toLowerCase()}@example.com`,
          'Telefono Genitore 1': '+39 333 000 0000',
          'Cognome Genitore 2': surname,
          'Nome Genitore 2': father.name,
          'Codice Fiscale Genitore 2': father.cf,
          'Email Genitore 2': '',
          'Telefono Genitore 2': '',
        },
      });
    }
  }
  return rows;
}

/** One call of admin-roster-import, timed from the request to the whole answer read. */
async function send<T>(token: string, action: 'preview' | 'commit', rows: RosterRow[]): Promise<{ ms: number; body: T }> {
  if (!stack) throw new Error('no stack');
  const startedAt = performance.now();
  const response = await fetch(`${stack.appUrl}/.netlify/functions/admin-roster-import`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ fileName: `bench-${rows.length}.csv`, action, rows }),
  });
  const body = (await response.json()) as T;
  if (!response.ok) throw new Error(`${action} of ${rows.length} rows: ${response.status} ${JSON.stringify(body)}`);
  return { ms: performance.now() - startedAt, body };
}

/** The stack's Firestore. */
function db() {
  if (!stack) throw new Error('no stack');
  return stackDb(stack);
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/**
 * The audit entries of the first commit of `fileName` (the one that wrote
 * families): how many hold it, and the largest one's size in KiB (its
 * JSON, a little over what Firestore counts against its 1 MiB).
 */
async function importEntries(fileName: string): Promise<string> {
  const entries = (await db().collection(COLLECTION.auditLog).where('action', '==', 'roster.import').get()).docs
    .map((snapshot) => snapshot.data())
    .filter((entry) => (entry.after as { file?: string } | null)?.file === fileName);
  const byImport = new Map<string, number[]>();
  for (const entry of entries) {
    const id = String((entry.after as { import_id?: string }).import_id);
    byImport.set(id, [...(byImport.get(id) ?? []), Buffer.byteLength(JSON.stringify(entry))]);
  }
  const largest = [...byImport.values()].sort((a, b) => b.length - a.length || Math.max(...b) - Math.max(...a))[0] ?? [0];
  return `${largest.length} / ${Math.ceil(Math.max(...largest) / 1024)} KiB`;
}

async function main(): Promise<void> {
  console.log(`[bench] starting the stack (dev launcher, port offset ${offset})…`);
  stack = await startStack(offset, options.verbose);
  const token = await demoAdminToken(stack);
  const results: Array<Record<string, string | number>> = [];
  let first: RosterRow[] | null = null;
  for (const size of SIZES) {
    const rows = syntheticFile(size);
    first ??= rows;
    const parents = new Set(rows.flatMap((row) => [row.cells['Codice Fiscale Genitore 1'], row.cells['Codice Fiscale Genitore 2']]));
    const preview = await send<RosterPreview>(token, 'preview', rows);
    const commit = await send<RosterCommit>(token, 'commit', rows);
    const again = await send<RosterPreview>(token, 'preview', rows);
    const recommit = await send<RosterCommit>(token, 'commit', rows);
    console.log(`[bench] ${size} children done`);
    results.push({
      children: size,
      parents: parents.size,
      families: preview.body.create.length,
      preview: seconds(preview.ms),
      'preview reads': preview.body.reads,
      commit: seconds(commit.ms),
      'created / errors / failed': `${commit.body.created} / ${commit.body.errors.length} / ${commit.body.failed}`,
      'same file: preview': seconds(again.ms),
      'same file: commit': seconds(recommit.ms),
      'same file: created / updated': `${recommit.body.created} / ${recommit.body.updated}`,
      'audit entries / largest': await importEntries(`bench-${size}.csv`),
    });
  }
  const load = os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');
  console.log(
    `\nRoster import on the local stack, ${new Date().toISOString().slice(0, 16)}Z, ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown CPU'}), Node ${process.version}, load ${load}:`,
  );
  console.table(results);
  if (first) {
    const total = DEMO_FAMILIES.reduce((sum, family) => sum + family.children.length, 0) + SIZES.reduce((sum, size) => sum + size, 0);
    const late = await send<RosterPreview>(token, 'preview', first);
    const index = await db().collection(COLLECTION.rosterIndex).get();
    const bytes = index.docs.reduce((sum, snapshot) => sum + JSON.stringify(snapshot.data()).length, 0);
    console.log(
      `The ${first.length}-child file previewed again with ${total} children in the roster: ${seconds(late.ms)}, ${late.body.reads} reads (the roster index: ${index.size} documents, ${Math.round(bytes / 1024)} kB).`,
    );
  }
  const at400 = results.find((result) => result.children === 400);
  if (at400) console.log(`Targets at 400 children: preview < 3 s (${at400.preview}), commit < 30 s (${at400.commit}).`);
}

const stop = async () => {
  await stack?.stop();
  stack = null;
};
runBenchmark(main, stop);
