import type { Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import adminFamily from '../../../netlify/functions/admin-family';
import type { RosterCommit, RosterPreview } from '@contracts/admin-roster-import';
import adminRosterImport from '../../../netlify/functions/admin-roster-import';
import lookupFamily from '../../../netlify/functions/lookup-family';
import { DEMO_FAMILIES } from '../../../emulators/seed/demo-data';
import { childFiscalCode, computeFiscalCode } from '../../../emulators/seed/seed';
import { adminFamilyContract } from '@contracts/admin-family';
import { ROSTER_MESSAGES } from '@domain/roster/roster';
import { startTestAuth, type TestAuth } from '../../support/auth-emulator';
import { browserRequest, functionContext, type NetlifyFunction } from '../../support/function-context';
import { demoRosterRows, rosterRow } from '../../support/roster-rows';
import { resetToDemoData, useEmulatorDb } from '../../support/server-db';
import { storedSessionHeaders } from '../../support/family-session';
import { ImportAudit, PART_BYTES } from '../../../netlify/lib/roster/roster-import-audit';
import { runTransaction } from '../../../netlify/lib/platform/firestore';
import type { FamilyImportRecord } from '@domain/roster/roster-import-audit';

/**
 * The roster's two admin functions against the Auth and Firestore emulators
 * (docs/admin.md, "Importa anagrafica" and "Famiglie"): admin-roster-import
 * previews without writing, commits families whole, changes nothing the
 * second time, archives only what the admin ticks; admin-family edits one
 * person at a time. What they write is seen through lookup-family, as a
 * parent's 'Trova' sees it, and in the audit log.
 */

const PROJECT = 'demo-admin-roster';

let db: Firestore;
let auth: TestAuth;
let admin: string;
let parentAccount: string;

beforeAll(async () => {
  db = await useEmulatorDb(PROJECT);
  auth = await startTestAuth(PROJECT);
  admin = await auth.account('segreteria@example.com', { role: 'admin' });
  parentAccount = await auth.account('genitore@example.com');
}, 120_000);
afterAll(() => auth.stop(), 30_000);
beforeEach(async () => {
  await resetToDemoData(db, PROJECT);
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

async function post(fn: NetlifyFunction, name: string, body: unknown, token: string | null) {
  const response = await fn(
    browserRequest(`http://localhost/.netlify/functions/${name}`, {
      method: 'POST',
      headers: token ? { authorization: `Bearer ${token}` } : {},
      body: JSON.stringify(body),
    }),
    functionContext(),
  );
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** `token` null: no Authorization header. */
const importRoster = (body: unknown, token: string | null = admin) => post(adminRosterImport, 'admin-roster-import', body, token);
const preview = async (rows: unknown[]) =>
  (await importRoster({ fileName: 'censimento.csv', action: 'preview', rows })).body as unknown as RosterPreview;
const commit = async (rows: unknown[], archive: string[] = []) =>
  (await importRoster({ fileName: 'censimento.csv', action: 'commit', rows, archive })).body as unknown as RosterCommit;
const editFamily = (change: unknown, token: string | null = admin) => post(adminFamily, 'admin-family', { change }, token);

/** What a parent's 'Trova' shows: the family's surname and its children with their branches, or the status. */
async function lookup(cf: string) {
  const response = await lookupFamily(
    browserRequest('http://localhost/.netlify/functions/lookup-family', {
      method: 'POST',
      headers: await storedSessionHeaders(db, { cf }),
      body: JSON.stringify({ cf }),
    }),
    functionContext(),
  );
  if (response.status !== 200) return { status: response.status };
  const body = (await response.json()) as { family: { surname: string }; children: Array<{ name: string; branch: string }> };
  return { surname: body.family.surname, children: body.children.map((child) => `${child.name} ${child.branch}`) };
}

const count = async (collection: string) => (await db.collection(collection).count().get()).data().count;
const auditEntries = async () => (await db.collection('audit_log').get()).docs.map((doc) => doc.data());

const GIALLI = {
  laura: computeFiscalCode({ name: 'Laura', surname: 'Gialli', gender: 'F', birthDate: '1982-07-12' }),
  marco: computeFiscalCode({ name: 'Marco', surname: 'Gialli', gender: 'M', birthDate: '2013-04-02' }),
  elisa: computeFiscalCode({ name: 'Elisa', surname: 'Gialli', gender: 'F', birthDate: '2016-09-09' }),
};
const laura = { surname: 'Gialli', name: 'Laura', cf: GIALLI.laura, email: 'laura.gialli@example.com', phone: '' };
/** A new family of two children, the rows after the demo roster's. */
const gialliRows = (first: number) => [
  rosterRow(first, { child: { surname: 'Gialli', name: 'Marco', cf: GIALLI.marco, branch: 'Esploratori' }, parents: [laura] }),
  rosterRow(first + 1, { child: { surname: 'Gialli', name: 'Elisa', cf: GIALLI.elisa, branch: 'Coccinelle' }, parents: [laura] }),
];

const rossi = DEMO_FAMILIES[0]!;
const luca = rossi.children.find((child) => child.name === 'Luca')!;
const bianchi = DEMO_FAMILIES.find((family) => family.surname === 'Bianchi')!;

/** The demo roster with `change` applied to the row of `childName`. */
function demoRowsWith(childName: string, change: Record<string, string>) {
  return demoRosterRows().map((row) => (row.cells.Nome === childName ? { ...row, cells: { ...row.cells, ...change } } : row));
}

describe('admin-roster-import', () => {
  it('previews the demo roster plus a new family and a bad row: what it would create, nothing written', async () => {
    const rows = [...demoRosterRows(), ...gialliRows(16)];
    rows.push(rosterRow(18, { child: { surname: 'Gialli', name: 'Ugo', cf: GIALLI.marco, branch: 'Reparto' }, parents: [laura] }));
    const before = { families: await count('families'), sons: await count('sons'), parents: await count('parents') };

    const plan = await preview(rows);
    expect(plan.create).toEqual([
      expect.objectContaining({
        familyId: null,
        surname: 'Gialli',
        rows: [16, 17],
        newChildren: [
          expect.objectContaining({ name: 'Marco', branch: 'Reparto' }),
          expect.objectContaining({ name: 'Elisa', branch: 'Branco' }),
        ],
        newParents: [expect.objectContaining({ cf: GIALLI.laura, email: 'laura.gialli@example.com', phone: null })],
      }),
    ]);
    expect(plan.update).toEqual([]);
    expect(plan.unchanged).toBe(DEMO_FAMILIES.length);
    expect(plan.missing).toEqual([]);
    expect(plan.errors).toEqual([{ row: 18, column: 'Codice Fiscale', message: ROSTER_MESSAGES.duplicateChild(16) }]);
    // The index's 16 documents, and one query each for the file's new children and new parents.
    expect(plan.reads).toBe(18);
    expect({ families: await count('families'), sons: await count('sons'), parents: await count('parents') }).toEqual(before);
    expect(await auditEntries()).toEqual([]);
  });

  it('commits: the new family is found by Trova at once, the bad row is skipped, one audit entry says so', async () => {
    const rows = [...demoRosterRows(), ...gialliRows(16)];
    rows.push(rosterRow(18, { child: { surname: 'Gialli', name: 'Ugo', cf: GIALLI.marco, branch: 'Reparto' }, parents: [laura] }));
    const result = await commit(rows);
    expect(result).toMatchObject({ created: 1, updated: 0, unchanged: DEMO_FAMILIES.length, archived: 0, failed: 0 });
    expect(result.errors.map((error) => error.row)).toEqual([18]);
    expect(await lookup(GIALLI.laura)).toEqual({ surname: 'Gialli', children: ['Elisa Branco', 'Marco Reparto'] });

    const entries = await auditEntries();
    expect(entries).toHaveLength(1);
    const gialli = (await db.collection('parents').where('cf', '==', GIALLI.laura).get()).docs[0]!.data();
    const children = (await db.collection('sons').where('family_id', '==', gialli.family_id).get()).docs.map((doc) => doc.data());
    const idOf = (name: string) => children.find((child) => child.name === name)?.id as string;
    expect(entries[0]).toMatchObject({
      action: 'roster.import',
      actor: { email: 'segreteria@example.com' },
      summary: 'Importazione di «censimento.csv»: 1 famiglie nuove, 0 aggiornate, 5 invariate, 0 figli archiviati, 1 errori',
      after: {
        file: 'censimento.csv',
        rows: rows.length,
        counts: { rows: rows.length, created: 1, updated: 0, unchanged: DEMO_FAMILIES.length, archived: 0, errors: 1, failed: 0 },
        part: 1,
        parts: 1,
        import_id: entries[0]!.id,
        // Who was added, with the parent's e-mail: the key to the family's children.
        families: [
          {
            family_id: gialli.family_id,
            surname: 'Gialli',
            created: true,
            children_added: [
              { id: idOf('Marco'), name: 'Marco Gialli', branch: 'Reparto' },
              { id: idOf('Elisa'), name: 'Elisa Gialli', branch: 'Branco' },
            ],
            parents_added: [{ id: gialli.id, name: 'Laura Gialli', email: 'laura.gialli@example.com', phone: null }],
            children_changed: [],
            parents_changed: [],
          },
        ],
        archived: [],
      },
    });
  });

  it('the same file again: 0 created, 0 updated, nothing written but the audit entry', async () => {
    const rows = [...demoRosterRows(), ...gialliRows(16)];
    await commit(rows);
    const counts = { families: await count('families'), sons: await count('sons'), parents: await count('parents') };
    expect(await commit(rows)).toMatchObject({ created: 0, updated: 0, unchanged: DEMO_FAMILIES.length + 1, errors: [] });
    expect({ families: await count('families'), sons: await count('sons'), parents: await count('parents') }).toEqual(counts);
  });

  it('matches families typed by hand (no search fields, no index entries) in the preview, and gives them their surname key, fiscal codes and index: unchanged', async () => {
    const { FieldValue } = await import('firebase-admin/firestore');
    for (const family of DEMO_FAMILIES) {
      await db.collection('families').doc(family.id).update({ surname_key: FieldValue.delete(), fiscal_codes: FieldValue.delete() });
    }
    for (const shard of (await db.collection('roster_index').get()).docs) await shard.ref.delete();
    expect(await preview(demoRosterRows())).toMatchObject({ create: [], update: [], unchanged: DEMO_FAMILIES.length });
    expect(await commit(demoRosterRows())).toMatchObject({ created: 0, updated: 0, unchanged: DEMO_FAMILIES.length });
    expect(await preview(demoRosterRows())).toMatchObject({ create: [], update: [], unchanged: DEMO_FAMILIES.length });
    const family = (await db.collection('families').doc(bianchi.id).get()).data();
    expect(family?.surname_key).toBe('bianchi');
    expect([...(family?.fiscal_codes as string[])].sort()).toEqual(
      [bianchi.parents[0]!.cf, childFiscalCode(bianchi, bianchi.children[0]!)].sort(),
    );
  });

  it('a corrected e-mail changes that field only', async () => {
    const rows = demoRowsWith('Sara', { 'Email Genitore 1': 'Anna.Bianchi@Posta.example.com' });
    const plan = await preview(rows);
    expect(plan.update).toHaveLength(1);
    expect(plan.update[0]?.changes).toEqual([
      { person: 'Anna Bianchi (genitore)', field: 'Email', from: 'anna.bianchi@example.com', to: 'anna.bianchi@posta.example.com' },
    ]);
    expect(await commit(rows)).toMatchObject({ created: 0, updated: 1 });
    // The audit entry keeps the e-mail before and after: the address the family's access codes go to.
    expect((await auditEntries())[0]?.after).toMatchObject({
      families: [
        {
          family_id: bianchi.id,
          surname: 'Bianchi',
          created: false,
          children_added: [],
          parents_added: [],
          children_changed: [],
          parents_changed: [
            {
              id: bianchi.parents[0]!.id,
              name: 'Anna Bianchi',
              before: { email: 'anna.bianchi@example.com' },
              after: { email: 'anna.bianchi@posta.example.com' },
            },
          ],
        },
      ],
    });
    const parent = (await db.collection('parents').doc(bianchi.parents[0]!.id).get()).data();
    expect(parent).toEqual({
      id: bianchi.parents[0]!.id,
      family_id: bianchi.id,
      cf: bianchi.parents[0]!.cf,
      name: 'Anna',
      surname: 'Bianchi',
      email: 'anna.bianchi@posta.example.com',
      phone: '+39 333 100 0002',
    });
  });

  it('a child moved from Branco to Reparto: 1 updated, and the lookup lists him in Reparto (the sweatshirt screen)', async () => {
    expect(await lookup(rossi.parents[0]!.cf)).toMatchObject({ children: expect.arrayContaining(['Luca Branco']) });
    const rows = demoRowsWith('Luca', { Branca: 'Reparto' });
    const plan = await preview(rows);
    expect(plan.update[0]?.changes).toEqual([{ person: 'Luca Rossi', field: 'Branca', from: 'Branco', to: 'Reparto' }]);
    expect(await commit(rows)).toMatchObject({ created: 0, updated: 1 });
    expect(await lookup(rossi.parents[0]!.cf)).toEqual({ surname: 'Rossi', children: ['Giulia Clan', 'Luca Reparto', 'Marco Reparto'] });
  });

  it("lists the roster's children not in the file, archives only those ticked, and a later file brings one back", async () => {
    const withoutRossi = demoRosterRows().filter((row) => row.cells.Cognome !== 'Rossi');
    const plan = await preview(withoutRossi);
    expect(plan.missing.map((child) => child.name)).toEqual(['Giulia', 'Luca', 'Marco']);
    const lucaId = plan.missing.find((child) => child.name === 'Luca')!.id;
    expect(await commit(withoutRossi, [lucaId])).toMatchObject({ archived: 1 });
    expect((await auditEntries())[0]?.after).toMatchObject({ archived: [{ id: lucaId, name: 'Luca Rossi' }], families: [] });
    expect(await lookup(rossi.parents[0]!.cf)).toEqual({ surname: 'Rossi', children: ['Giulia Clan', 'Marco Reparto'] });
    expect((await db.collection('sons').doc(luca.id).get()).get('archived_at')).not.toBeNull();
    expect((await preview(withoutRossi)).missing.map((child) => child.name)).toEqual(['Giulia', 'Marco']);

    const back = await preview(demoRosterRows());
    expect(back.update[0]?.changes).toEqual([{ person: 'Luca Rossi', field: 'Stato', from: 'Archiviato', to: 'Nel censimento' }]);
    const entriesBefore = (await auditEntries()).length;
    await commit(demoRosterRows());
    const latest = (await db.collection('audit_log').orderBy('at', 'desc').limit(1).get()).docs[0]!.data();
    expect(await auditEntries()).toHaveLength(entriesBefore + 1);
    expect(latest.after).toMatchObject({
      families: [
        expect.objectContaining({
          family_id: rossi.id,
          children_changed: [{ id: lucaId, name: 'Luca Rossi', before: { archived: true }, after: { archived: false } }],
        }),
      ],
    });
    expect(await lookup(rossi.parents[0]!.cf)).toMatchObject({ children: ['Giulia Clan', 'Luca Branco', 'Marco Reparto'] });
  });

  it('two commits of the same file at the same moment create each family once', async () => {
    const rows = [...demoRosterRows(), ...gialliRows(16)];
    const results = await Promise.all([commit(rows), commit(rows)]);
    expect(results.map((result) => result.created).sort()).toEqual([0, 1]);
    expect(results.map((result) => result.failed)).toEqual([0, 0]);
    expect(await count('families')).toBe(DEMO_FAMILIES.length + 1);
    expect((await db.collection('sons').where('cf', '==', GIALLI.marco).get()).size).toBe(1);
    expect((await db.collection('parents').where('cf', '==', GIALLI.laura).get()).size).toBe(1);
  });

  it('refuses anyone but an admin (401 without a token, 403 without the claim) and writes nothing', async () => {
    const rows = [...demoRosterRows(), ...gialliRows(16)];
    const anonymous = await importRoster({ fileName: 'x.csv', action: 'commit', rows }, null);
    const parent = await importRoster({ fileName: 'x.csv', action: 'commit', rows }, parentAccount);
    expect([anonymous.status, parent.status]).toEqual([401, 403]);
    expect(typeof anonymous.body.error).toBe('string');
    expect(await lookup(GIALLI.laura)).toEqual({ status: 404 });
    expect(await count('families')).toBe(DEMO_FAMILIES.length);
    expect(await auditEntries()).toEqual([]);
  });

  it('answers a malformed body with 400 and an Italian message', async () => {
    const answer = await importRoster({ fileName: 'x.csv', action: 'import', rows: [] });
    expect(answer).toEqual({ status: 400, body: { error: expect.stringContaining('Richiesta non valida') } });
  });
});

describe('admin-family', () => {
  const giovanni = {
    surname: 'Rossi',
    name: 'Giovanni',
    cf: computeFiscalCode({ name: 'Giovanni', surname: 'Rossi', gender: 'M', birthDate: '2014-06-06' }),
    branch: 'Lupetti',
  };

  it('adds a child: the lookup lists him, the roster index knows him, the audit log says who', async () => {
    expect(await editFamily({ kind: 'addChild', familyId: rossi.id, child: giovanni })).toEqual({
      status: 200,
      body: { familyId: rossi.id },
    });
    expect(await lookup(rossi.parents[0]!.cf)).toMatchObject({ children: expect.arrayContaining(['Giovanni Branco']) });
    expect((await preview(demoRosterRows())).missing.map((child) => child.name)).toEqual(['Giovanni']);
    expect(await auditEntries()).toEqual([
      expect.objectContaining({ action: 'family.child_add', actor: expect.objectContaining({ email: 'segreteria@example.com' }) }),
    ]);
  });

  it('moves a child to another branch', async () => {
    const child = { surname: 'Rossi', name: 'Luca', cf: childFiscalCode(rossi, luca), branch: 'Reparto' };
    expect((await editFamily({ kind: 'updateChild', childId: luca.id, child })).status).toBe(200);
    expect(await lookup(rossi.parents[0]!.cf)).toMatchObject({ children: expect.arrayContaining(['Luca Reparto']) });
  });

  it('refuses a fiscal code someone else has (409) and a field that does not pass its check (400)', async () => {
    const taken = await editFamily({ kind: 'addChild', familyId: rossi.id, child: { ...giovanni, cf: bianchi.parents[0]!.cf } });
    expect(taken).toEqual({ status: 409, body: { error: adminFamilyContract.messages.taken(bianchi.parents[0]!.cf, 'Anna Bianchi') } });
    const badBranch = await editFamily({ kind: 'addChild', familyId: rossi.id, child: { ...giovanni, branch: 'Castorini' } });
    expect(badBranch).toEqual({ status: 400, body: { error: ROSTER_MESSAGES.branch('Castorini') } });
    expect(await auditEntries()).toEqual([]);
  });

  it('two admins adding the same child at the same moment: one is added, the other told who has the code', async () => {
    const answers = await Promise.all([
      editFamily({ kind: 'addChild', familyId: rossi.id, child: giovanni }),
      editFamily({ kind: 'addChild', familyId: rossi.id, child: giovanni }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect((await db.collection('sons').where('cf', '==', giovanni.cf).get()).size).toBe(1);
  });

  it('removes a child without orders, and archives one who has orders (kept for the books, gone from the lookup)', async () => {
    expect((await editFamily({ kind: 'removeChild', childId: luca.id })).status).toBe(200);
    expect((await db.collection('sons').doc(luca.id).get()).exists).toBe(false);

    const sara = bianchi.children[0]!;
    expect((await editFamily({ kind: 'removeChild', childId: sara.id })).status).toBe(200);
    expect((await db.collection('sons').doc(sara.id).get()).get('archived_at')).not.toBeNull();
    expect(await lookup(bianchi.parents[0]!.cf)).toEqual({ surname: 'Bianchi', children: [] });
    expect((await auditEntries()).map((entry) => entry.summary).sort()).toEqual([
      'Luca Rossi eliminato (nessun ordine)',
      'Sara Bianchi archiviato (ha ordini: resta per i conti)',
    ]);
  });

  it("corrects a parent's fiscal code: Trova finds the family by the new code, not the old one", async () => {
    const verdi = DEMO_FAMILIES.find((family) => family.surname === 'Verdi')!;
    const elena = verdi.parents[1]!;
    const corrected = computeFiscalCode({ name: 'Elena', surname: 'Verdi', gender: 'F', birthDate: '1981-02-03' });
    const parent = { surname: 'Verdi', name: 'Elena', cf: corrected, email: 'ELENA@example.com', phone: '' };
    expect((await editFamily({ kind: 'updateParent', parentId: elena.id, parent })).status).toBe(200);
    expect(await lookup(corrected)).toMatchObject({ surname: 'Verdi' });
    expect(await lookup(elena.cf)).toEqual({ status: 404 });
    const family = (await db.collection('families').doc(verdi.id).get()).data();
    expect(family?.fiscal_codes).toContain(corrected);
    expect(family?.fiscal_codes).not.toContain(elena.cf);
    expect((await db.collection('parents').doc(elena.id).get()).get('email')).toBe('elena@example.com');
  });

  it('keeps a family with at least one parent', async () => {
    const verdi = DEMO_FAMILIES.find((family) => family.surname === 'Verdi')!;
    expect((await editFamily({ kind: 'removeParent', parentId: verdi.parents[1]!.id })).status).toBe(200);
    expect(await editFamily({ kind: 'removeParent', parentId: verdi.parents[0]!.id })).toEqual({
      status: 409,
      body: { error: adminFamilyContract.messages.lastParent },
    });
  });

  it('refuses anyone but an admin and writes nothing', async () => {
    const anonymous = await editFamily({ kind: 'removeChild', childId: luca.id }, null);
    const parent = await editFamily({ kind: 'removeChild', childId: luca.id }, parentAccount);
    expect([anonymous.status, parent.status]).toEqual([401, 403]);
    expect((await db.collection('sons').doc(luca.id).get()).exists).toBe(true);
  });
});

describe('the import audit entry of a large import (ImportAudit)', () => {
  /** A created family of two children and two parents, as an import of the bench's size writes thousands. */
  const record = (index: number): FamilyImportRecord => ({
    family_id: `family-${index}`,
    surname: `Cognome${index}`,
    created: true,
    children_added: [
      { id: `son-${index}-a`, name: `Marco Cognome${index}`, branch: 'Reparto' },
      { id: `son-${index}-b`, name: `Giulia Cognome${index}`, branch: 'Clan' },
    ],
    parents_added: [
      { id: `parent-${index}-a`, name: `Laura Cognome${index}`, email: `laura.cognome${index}@example.com`, phone: '+39 333 000 0000' },
      { id: `parent-${index}-b`, name: `Paolo Cognome${index}`, email: null, phone: null },
    ],
    children_changed: [],
    parents_changed: [],
  });
  const actor = { uid: 'admin', email: 'segreteria@example.com' };

  it('spreads the families over entries that stay within their size, each family once, all naming the first entry', async () => {
    // Two chunks of 20 families an entry: a chunk's records always stay together.
    const PART = 20 * 1024;
    const audit = new ImportAudit(db, actor, 'grande.csv', PART);
    const families = Array.from({ length: 100 }, (_, index) => record(index));
    // A chunk's transaction that failed and is tried again: what it staged is forgotten.
    audit.begin();
    audit.add(families.slice(0, 20));
    for (let start = 0; start < families.length; start += 20) {
      await runTransaction(db, (transaction) => {
        audit.begin();
        audit.add(families.slice(start, start + 20));
        audit.flush(transaction);
        return Promise.resolve();
      });
      audit.commit();
    }
    const unfinished = (await db.collection('audit_log').doc(audit.importId!).get()).data();
    expect(unfinished?.summary).toMatch(/^Importazione di «grande\.csv» non conclusa: \d+ famiglie scritte finora$/);

    await runTransaction(db, (transaction) => {
      audit.begin();
      audit.add([], [{ id: 'son-luca', name: 'Luca Rossi' }]);
      audit.finish({ rows: 200, created: 100, updated: 0, unchanged: 0, archived: 1, errors: 0, failed: 0 });
      audit.flush(transaction);
      return Promise.resolve();
    });
    audit.commit();

    const entries = (await db.collection('audit_log').where('action', '==', 'roster.import').get()).docs
      .map((doc) => doc.data())
      .sort((a, b) => Number(a.after.part) - Number(b.after.part));
    expect(entries).toHaveLength(3);
    expect(entries.map((entry) => entry.after.part)).toEqual(entries.map((_, index) => index + 1));
    expect(new Set(entries.map((entry) => entry.after.import_id))).toEqual(new Set([audit.importId]));
    for (const entry of entries) {
      const held = JSON.stringify({ families: entry.after.families, archived: entry.after.archived });
      expect(Buffer.byteLength(held)).toBeLessThanOrEqual(PART);
    }
    const written = entries.flatMap((entry) => (entry.after.families as FamilyImportRecord[]).map((family) => family.family_id));
    expect(written).toEqual(families.map((family) => family.family_id));
    expect(entries.flatMap((entry) => entry.after.archived as unknown[])).toEqual([{ id: 'son-luca', name: 'Luca Rossi' }]);
    expect(entries[0]).toMatchObject({
      summary: `Importazione di «grande.csv»: 100 famiglie nuove, 0 aggiornate, 0 invariate, 1 figli archiviati, 0 errori (dettaglio in ${entries.length} voci del registro)`,
      after: { parts: entries.length, rows: 200 },
    });
    expect(entries[1]?.summary).toMatch(/^Importazione di «grande\.csv», parte 2: \d+ famiglie$/);
    // 'Registro' (newest first) shows the finished import's first entry above its parts.
    const newestFirst = (await db.collection('audit_log').orderBy('at', 'desc').get()).docs.map((doc) => doc.get('after.part') as number);
    expect(newestFirst).toEqual([1, 3, 2]);
  });

  it(`keeps an entry of ${PART_BYTES / 1024} KiB of records far below Firestore's 1 MiB a document`, () => {
    // About this many families of the bench's shape fill an entry; Firestore counts a document's size below its JSON's.
    const perPart = Math.floor(PART_BYTES / Buffer.byteLength(JSON.stringify(record(1000))));
    expect(perPart).toBeGreaterThan(400);
    expect(Buffer.byteLength(JSON.stringify(Array.from({ length: perPart }, (_, index) => record(1000 + index))))).toBeLessThan(
      (1024 * 1024) / 3,
    );
  });
});
