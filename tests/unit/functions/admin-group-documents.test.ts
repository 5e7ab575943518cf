import { randomUUID } from 'node:crypto';
import { Timestamp } from 'firebase-admin/firestore';
import { beforeEach, describe, expect, it } from 'vitest';
import adminGroupDocuments from '../../../netlify/functions/admin-group-documents';
import { SEASON } from '@config/season';
import { PLAN } from '@domain/catalogue/seed';
import { seasonItemId } from '@domain/catalogue/season-catalogue';
import { renderDocumentText, textDigest } from '@domain/documents/document-text';
import { PHOTO_RELEASE_LEVELS, type DocumentFields } from '@domain/documents/group-document';
import { adminFunctionTestbed } from '../../support/admin-function';
import { testInbox } from '../../support/mail-inbox';
import { forgetSeasonSettings } from '../../../netlify/lib/season/season-settings';

/**
 * admin-group-documents against the Auth and Firestore emulators and the
 * run's mail catcher (docs/documents.md, "The admin's side", "The leaders'
 * view", "Reminders"). The demo roster's Reparto: Marco Rossi, Sara
 * Bianchi (the camp's Acconto paid), Matteo and Sofia Verdi (two parents),
 * Gennaro Esposito. Signatures are written as the signing function writes
 * them: the rendered text and its SHA-256.
 */

const bed = adminFunctionTestbed('demo-admin-group-documents', adminGroupDocuments, 'admin-group-documents');
const YEAR: number = SEASON.campYear;

/** A Reparto authorisation with a title of its own (the demo data has documents too). */
function fields(overrides: Partial<DocumentFields> = {}): DocumentFields {
  return {
    title: `Autorizzazione prova ${randomUUID().slice(0, 6)}`,
    text: 'Io, {genitore}, autorizzo {figlio} a partecipare alle attività del reparto.',
    kind: 'authorisation',
    choices: [],
    branches: ['Reparto'],
    product: null,
    deadline: null,
    signers: 'one',
    ...overrides,
  };
}

type Doc = { id: string; key: string; version: number; revision: string; retiredAt: string | null; signatures: number };

async function create(overrides: Partial<DocumentFields> = {}, token = bed.tokens.admin) {
  const body = fields(overrides);
  const answer = await bed.call({ action: 'create', season: YEAR, fields: body }, token);
  expect(answer.status).toBe(200);
  return { fields: body, document: answer.body.document as Doc };
}

/** Writes a signature of `documentId` for a child by a parent, as the signing function does. */
async function sign(documentId: string, childId: string, parentId: string, choice: string | null = null) {
  const db = bed.db();
  const document = (await db.collection('group_documents').doc(documentId).get()).data() as {
    key: string;
    version: number;
    title: string;
    text: string;
    kind: 'authorisation';
  };
  const text = renderDocumentText(document, { child: childId, parent: parentId, delegates: '' }, choice);
  await db.collection('document_signatures').add({
    document_id: documentId,
    document_key: document.key,
    version: document.version,
    season: YEAR,
    family_id: `family-${childId.split('-')[1]}`,
    child_id: childId,
    parent_id: parentId,
    signer_name: parentId,
    text,
    text_sha256: await textDigest(text),
    choice,
    delegates: '',
    signed_at: Timestamp.now(),
    code_sent_to: 'a***@example.it',
    withdrawn_at: null,
  });
}

async function auditOf(action: string) {
  const entries = await bed.db().collection('audit_log').where('action', '==', action).get();
  return entries.docs.map((entry) => entry.data());
}

async function versionsOf(key: string) {
  const versions = await bed.db().collection('group_documents').where('key', '==', key).get();
  return versions.docs.map((version) => ({
    id: version.id,
    ...(version.data() as { version: number; retired_at: unknown; title: string }),
  }));
}

beforeEach(() => forgetSeasonSettings());

describe('admin-group-documents: create', () => {
  it('writes version 1 with its audit entry; the same request again writes nothing', async () => {
    const { fields: sent, document } = await create();
    expect(document).toMatchObject({ version: 1, retiredAt: null, signatures: 0 });
    expect(document.id).toBe(`${document.key}-v1`);
    const again = await bed.call({ action: 'create', season: YEAR, fields: sent }, bed.tokens.admin);
    expect(again.body).toMatchObject({ outcome: 'unchanged', document: { id: document.id } });
    expect(await versionsOf(document.key)).toHaveLength(1);
    expect((await auditOf('document.create')).filter((entry) => entry.target.id === document.id)).toHaveLength(1);
  });

  it('refuses another document of the same title in the season, in Italian', async () => {
    const { fields: sent } = await create();
    const answer = await bed.call({ action: 'create', season: YEAR, fields: { ...sent, deadline: `${YEAR}-06-30` } }, bed.tokens.admin);
    expect(answer).toEqual({ status: 409, body: { error: expect.stringContaining('Esiste già un documento') } });
  });

  it('answers the form’s Italian messages and refuses the treasurer', async () => {
    const short = await bed.call({ action: 'create', season: YEAR, fields: fields({ title: 'A' }) }, bed.tokens.admin);
    expect(short).toEqual({ status: 400, body: { error: 'Scrivi un titolo di almeno 3 caratteri.' } });
    const choice = await bed.call(
      { action: 'create', season: YEAR, fields: fields({ kind: 'choice', choices: ['Sì'] }) },
      bed.tokens.admin,
    );
    expect(choice).toEqual({ status: 400, body: { error: 'Una scelta ha almeno due livelli.' } });
    const product = await bed.call({ action: 'create', season: YEAR, fields: fields({ product: 'non-esiste' }) }, bed.tokens.admin);
    expect(product.status).toBe(400);
    expect(product.body.error).toContain('non è nel catalogo');
    expect((await bed.call({ action: 'create', season: YEAR, fields: fields() })).status).toBe(403);
    expect((await bed.call({ action: 'list', season: 1990 }, bed.tokens.admin)).status).toBe(400);
  });
});

describe('admin-group-documents: a capo', () => {
  it('creates and edits only documents all of whose branches are theirs, and sees only those', async () => {
    const clan = await bed.call({ action: 'create', season: YEAR, fields: fields({ branches: ['Reparto', 'Clan'] }) }, bed.tokens.leader);
    expect(clan).toEqual({
      status: 403,
      body: { error: 'Puoi creare o modificare solo documenti che riguardano soltanto le tue branche.' },
    });
    const own = await create({}, bed.tokens.leader);
    const branco = await create({ branches: ['Branco'] });
    const both = await create({ branches: ['Reparto', 'Branco'] });

    const edit = await bed.call(
      { action: 'edit', id: both.document.id, revision: both.document.revision, fields: { ...both.fields, title: 'Cambiato dal capo' } },
      bed.tokens.leader,
    );
    expect(edit.status).toBe(403);
    expect((await bed.call({ action: 'status', id: branco.document.id }, bed.tokens.leader)).status).toBe(403);

    const list = await bed.call({ action: 'list', season: YEAR }, bed.tokens.leader);
    const ids = (list.body.documents as Doc[]).map((document) => document.id);
    expect(ids).toContain(own.document.id);
    expect(ids).toContain(both.document.id);
    expect(ids).not.toContain(branco.document.id);
    // The counts are the capo's branch only: Reparto's five children.
    const listed = (list.body.documents as Array<Doc & { counts: Record<string, number> }>).find(
      (document) => document.id === both.document.id,
    );
    expect(listed?.counts).toEqual({ signed: 0, partial: 0, missing: 5, withdrawn: 0 });
  });
});

describe('admin-group-documents: edit', () => {
  it('corrects a version nobody signed in place', async () => {
    const { fields: sent, document } = await create();
    const answer = await bed.call(
      { action: 'edit', id: document.id, revision: document.revision, fields: { ...sent, deadline: `${YEAR}-05-31` } },
      bed.tokens.admin,
    );
    expect(answer.body).toMatchObject({ outcome: 'edited', document: { id: document.id, version: 1 } });
    expect(await versionsOf(document.key)).toHaveLength(1);
    expect((await auditOf('document.edit')).some((entry) => entry.target.id === document.id)).toBe(true);
  });

  it('makes a signed version the next one: retired, version 2 written, new signatures asked', async () => {
    const { fields: sent, document } = await create();
    await sign(document.id, 'son-rossi-marco', 'parent-rossi-mario');
    const answer = await bed.call(
      { action: 'edit', id: document.id, revision: document.revision, fields: { ...sent, text: `${sent.text} Anche di sabato.` } },
      bed.tokens.admin,
    );
    expect(answer.body).toMatchObject({ outcome: 'versioned', document: { id: `${document.key}-v2`, version: 2, signatures: 0 } });
    const versions = await versionsOf(document.key);
    const live = versions.sort((a, b) => a.version - b.version).map((version) => [version.version, version.retired_at === null]);
    expect(live).toEqual([
      [1, false],
      [2, true],
    ]);
    expect((await auditOf('document.version')).some((entry) => entry.target.id === `${document.key}-v2`)).toBe(true);
    const status = await bed.call({ action: 'status', id: `${document.key}-v2` }, bed.tokens.admin);
    const marco = (status.body.rows as Array<{ childId: string; state: string }>).find((row) => row.childId === 'son-rossi-marco');
    expect(marco?.state).toBe('missing');
  });

  it('two admins editing a signed version at once make exactly one new version', async () => {
    const { fields: sent, document } = await create();
    await sign(document.id, 'son-rossi-marco', 'parent-rossi-mario');
    const [a, b] = await Promise.all(
      ['Prima modifica', 'Seconda modifica'].map((title) =>
        bed.call({ action: 'edit', id: document.id, revision: document.revision, fields: { ...sent, title } }, bed.tokens.admin),
      ),
    );
    expect([a?.status, b?.status].sort()).toEqual([200, 409]);
    const refused = a?.status === 409 ? a : b;
    expect(refused?.body.error).toMatch(/ricarica la pagina/);
    const versions = await versionsOf(document.key);
    expect(versions).toHaveLength(2);
    expect(versions.filter((version) => version.retired_at === null)).toHaveLength(1);
    expect((await auditOf('document.version')).filter((entry) => entry.target.id === `${document.key}-v2`)).toHaveLength(1);
  });

  it('two presses of the same edit write once', async () => {
    const { fields: sent, document } = await create();
    await sign(document.id, 'son-rossi-marco', 'parent-rossi-mario');
    const request = { action: 'edit', id: document.id, revision: document.revision, fields: { ...sent, title: 'Stessa modifica' } };
    const answers = await Promise.all([bed.call(request, bed.tokens.admin), bed.call(request, bed.tokens.admin)]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(answers.map((answer) => answer.body.outcome).sort()).toEqual(['unchanged', 'versioned']);
    expect(await versionsOf(document.key)).toHaveLength(2);
  });

  it('refuses an edit started from an older revision', async () => {
    const { fields: sent, document } = await create();
    await bed.call(
      { action: 'edit', id: document.id, revision: document.revision, fields: { ...sent, title: 'Primo titolo' } },
      bed.tokens.admin,
    );
    const late = await bed.call(
      { action: 'edit', id: document.id, revision: document.revision, fields: { ...sent, title: 'Altro titolo' } },
      bed.tokens.admin,
    );
    expect(late).toEqual({ status: 409, body: { error: expect.stringContaining('modificato da un altro volontario') } });
    const missing = await bed.call({ action: 'edit', id: 'non-esiste-v1', revision: 'x', fields: sent }, bed.tokens.admin);
    expect(missing).toEqual({ status: 404, body: { error: 'Documento non trovato: ricarica la pagina.' } });
  });

  it('retires a document: gone from the list, its signatures kept', async () => {
    const { document } = await create();
    await sign(document.id, 'son-rossi-marco', 'parent-rossi-mario');
    const answer = await bed.call({ action: 'retire', id: document.id }, bed.tokens.admin);
    expect(answer.body).toMatchObject({ outcome: 'retired', document: { signatures: 1 } });
    const list = await bed.call({ action: 'list', season: YEAR }, bed.tokens.admin);
    expect((list.body.documents as Doc[]).map((listed) => listed.id)).not.toContain(document.id);
    expect((await auditOf('document.retire')).some((entry) => entry.target.id === document.id)).toBe(true);
  });
});

describe('admin-group-documents: status', () => {
  it("lists each concerned child of the caller's branches with who signed, both parents and a choice's level", async () => {
    const both = await create({ signers: 'both' });
    await sign(both.document.id, 'son-verdi-matteo', 'parent-verdi-paolo');
    await sign(both.document.id, 'son-verdi-sofia', 'parent-verdi-paolo');
    await sign(both.document.id, 'son-verdi-sofia', 'parent-verdi-elena');
    await sign(both.document.id, 'son-rossi-marco', 'parent-rossi-mario');
    const status = await bed.call({ action: 'status', id: both.document.id }, bed.tokens.leader);
    expect(status.status).toBe(200);
    const rows = status.body.rows as Array<{ childId: string; state: string; signatures: Array<{ signerName: string; signedAt: string }> }>;
    expect(Object.fromEntries(rows.map((row) => [row.childId, row.state]))).toEqual({
      'son-bianchi-sara': 'missing',
      'son-esposito-gennaro': 'missing',
      'son-rossi-marco': 'signed',
      'son-verdi-matteo': 'partial',
      'son-verdi-sofia': 'signed',
    });
    expect(rows.find((row) => row.childId === 'son-verdi-sofia')?.signatures.map((line) => line.signerName)).toEqual([
      'parent-verdi-paolo',
      'parent-verdi-elena',
    ]);
    expect(status.body.counts).toEqual({ signed: 2, partial: 1, missing: 2, withdrawn: 0 });

    const photo = await create({ kind: 'choice', choices: [...PHOTO_RELEASE_LEVELS], branches: ['Reparto', 'Clan'] });
    await sign(photo.document.id, 'son-verdi-andrea', 'parent-verdi-paolo', PHOTO_RELEASE_LEVELS[1]);
    const admin = await bed.call({ action: 'status', id: photo.document.id }, bed.tokens.admin);
    const andrea = (admin.body.rows as Array<{ childId: string; choice: string | null }>).find((row) => row.childId === 'son-verdi-andrea');
    expect(andrea?.choice).toBe(PHOTO_RELEASE_LEVELS[1]);
  });

  it("asks a product's document only of the children who hold it this season", async () => {
    const camp = await create({ product: 'campo-acconto' });
    const status = await bed.call({ action: 'status', id: camp.document.id }, bed.tokens.admin);
    expect((status.body.rows as Array<{ childId: string }>).map((row) => row.childId)).toEqual(['son-bianchi-sara']);
    // Marco gets the Acconto; a refunded one would hold nothing.
    const db = bed.db();
    const itemId = seasonItemId(YEAR, PLAN.campAcconto, 'son-rossi-marco');
    await db
      .collection('payments')
      .doc('payment-rossi-doc')
      .set({
        id: 'payment-rossi-doc',
        created_at: Timestamp.now(),
        season: YEAR,
        order_id: 'order-rossi-doc',
        family_id: 'family-rossi',
        family_surname: 'Rossi',
        surname_key: 'rossi',
        plan: PLAN.campAcconto,
        method: 'Online',
        status: 'Rimborsato',
        total_amount: 100,
        lines: [{ item_id: itemId, child_id: 'son-rossi-marco', name: 'Marco', surname: 'Rossi', note: '', price: 100 }],
      });
    await db
      .collection('order_items')
      .doc(itemId)
      .set({
        id: itemId,
        created_at: Timestamp.now(),
        season: YEAR,
        family_id: 'family-rossi',
        payment_id: 'payment-rossi-doc',
        note: '',
        plan: PLAN.campAcconto,
        son_info: { id: 'son-rossi-marco', name: 'Marco', surname: 'Rossi' },
        price: 100,
      });
    const refunded = await bed.call({ action: 'status', id: camp.document.id }, bed.tokens.admin);
    expect((refunded.body.rows as Array<{ childId: string }>).map((row) => row.childId)).toEqual(['son-bianchi-sara']);
    await db.collection('payments').doc('payment-rossi-doc').update({ status: 'Confermato' });
    const paid = await bed.call({ action: 'status', id: camp.document.id }, bed.tokens.admin);
    expect((paid.body.rows as Array<{ childId: string }>).map((row) => row.childId)).toEqual(['son-bianchi-sara', 'son-rossi-marco']);
  });
});

describe('admin-group-documents: remind', () => {
  it('e-mails each family still to sign once a week, through the outbox', async () => {
    const tag = randomUUID().slice(0, 8);
    const db = bed.db();
    const address = (name: string) => `${name}+${tag}@example.com`;
    await db
      .collection('parents')
      .doc('parent-bianchi-anna')
      .update({ email: address('anna') });
    await db
      .collection('parents')
      .doc('parent-verdi-paolo')
      .update({ email: address('paolo') });
    await db
      .collection('parents')
      .doc('parent-verdi-elena')
      .update({ email: address('elena') });
    await db
      .collection('parents')
      .doc('parent-rossi-mario')
      .update({ email: address('mario') });
    await db.collection('parents').doc('parent-esposito-luigi').update({ email: null });
    const { document, fields: sent } = await create({ signers: 'both', deadline: `${YEAR}-06-15` });
    await sign(document.id, 'son-rossi-marco', 'parent-rossi-mario');
    await sign(document.id, 'son-verdi-sofia', 'parent-verdi-paolo');

    const [first, second] = await Promise.all([
      bed.call({ action: 'remind', id: document.id }, bed.tokens.leader),
      bed.call({ action: 'remind', id: document.id }, bed.tokens.leader),
    ]);
    await bed.settled();
    // Bianchi and Verdi written to once between the two presses; Esposito has no e-mail; Rossi signed.
    expect(first?.status).toBe(200);
    expect(second?.status).toBe(200);
    expect((first?.body.sent as number) + (second?.body.sent as number)).toBe(2);
    const subject = `Promemoria: ${sent.title} da firmare`;
    const anna = await testInbox().waitFor((message) => message.to.includes(address('anna')) && message.subject === subject);
    expect(anna.text).toContain('Sara');
    expect(anna.text).toContain('/famiglia');
    expect(anna.text).toContain('15/06/');
    const verdi = await testInbox().waitFor((message) => message.to.includes(address('elena')) && message.subject === subject);
    expect(verdi.to).toContain(address('paolo'));
    expect(verdi.text).toContain('Sofia (manca la firma del secondo genitore)');
    expect(verdi.text).toContain('Matteo');
    expect(await testInbox().messagesTo(address('mario'))).toHaveLength(0);

    const again = await bed.call({ action: 'remind', id: document.id }, bed.tokens.admin);
    expect(again.body).toEqual({ sent: 0, recentlyReminded: 2, withoutEmail: 1 });
    expect((await auditOf('document.remind')).filter((entry) => entry.target.id === document.id)).toHaveLength(
      (first?.body.sent as number) > 0 && (second?.body.sent as number) > 0 ? 2 : 1,
    );
  });
});

describe('admin-group-documents: the demo data', () => {
  it("has the group's usual documents of 2025, some signed, each signature's hash that of its text", async () => {
    const list = await bed.call({ action: 'list', season: 2025 }, bed.tokens.admin);
    const counts = Object.fromEntries(
      (list.body.documents as Array<Doc & { counts: Record<string, number> }>)
        .filter((document) => document.id.endsWith('-2025-v1'))
        .map((document) => [document.id, document.counts]),
    );
    expect(counts).toEqual({
      'autorizzazione-uscite-2025-v1': { signed: 3, partial: 0, missing: 10, withdrawn: 0 },
      'autorizzazione-campo-estivo-2025-v1': { signed: 1, partial: 0, missing: 0, withdrawn: 0 },
      'liberatoria-foto-2025-v1': { signed: 2, partial: 0, missing: 11, withdrawn: 0 },
      'delega-ritiro-2025-v1': { signed: 1, partial: 0, missing: 8, withdrawn: 0 },
    });
    const signatures = await bed.db().collection('document_signatures').get();
    expect(signatures.size).toBeGreaterThanOrEqual(7);
    for (const signature of signatures.docs) {
      const { text, text_sha256 } = signature.data() as { text: string; text_sha256: string };
      expect(await textDigest(text)).toBe(text_sha256);
    }
    const delegation = signatures.docs.find((signature) => signature.get('document_key') === 'delega-ritiro-2025');
    expect(delegation?.get('text')).toContain('Giovanna Rossi (nonna), Piero Rossi (zio)');
  });
});
