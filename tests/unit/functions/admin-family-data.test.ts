import { Timestamp } from 'firebase-admin/firestore';
import { PDFDocument } from 'pdf-lib';
import { PDFParse } from 'pdf-parse';
import { describe, expect, it } from 'vitest';
import adminFamilyData from '../../../netlify/functions/admin-family-data';
import lookupFamily from '../../../netlify/functions/lookup-family';
import { adminFunctionTestbed } from '../../support/admin-function';
import { sessionHeaders } from '../../support/family-session';
import { browserRequest, functionContext } from '../../support/function-context';
import { mediaEmulatorTestbed } from '../../support/stored-medical-form';
import { clearDemoDocuments } from '../../support/group-document-fixtures';
import { SEASON } from '@config/season';
import { writeEvent } from '../../support/event-fixtures';

/**
 * A family's rights (docs/privacy.md): 'Esporta dati' gives everything the
 * portal holds, as JSON and PDF; 'Elimina famiglia' erases the people and
 * their forms and keeps the payments for the books without names.
 */

const PROJECT = 'demo-family-data';
const testbed = adminFunctionTestbed(PROJECT, adminFamilyData, 'admin-family-data');
const media = mediaEmulatorTestbed();
const BIANCHI_CF = 'BNCNNA84L45B114C';

async function raw(body: unknown, token = testbed.tokens.admin) {
  return adminFamilyData(
    browserRequest('http://localhost/.netlify/functions/admin-family-data', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    }),
    functionContext(),
  );
}

const lookup = async (cf: string) =>
  lookupFamily(
    browserRequest('http://localhost/.netlify/functions/lookup-family', {
      method: 'POST',
      headers: await sessionHeaders({ cf }),
      body: JSON.stringify({ cf }),
    }),
    functionContext(),
  );

const ESPOSITO_PAYMENT = 'payment-order-esposito-2024-acconto';

/** The statement lines admin-statement remembers once confirmed: one paid the Esposito family's transfer, one a Verdi order. */
async function storeStatementLines() {
  const lines = testbed.db().collection('statement_lines');
  const matched = { matched_by: 'tesoriere@example.com', matched_at: Timestamp.now() };
  await lines.doc('line-esposito').set({
    bankReference: 'BANCA-2024-1187',
    date: '2024-11-18',
    amountEuros: 100,
    description: 'ACCONTO CAMPO GENNARO ESPOSITO CE24-EG1A',
    orderingParty: 'LUIGI ESPOSITO',
    payment_ids: [ESPOSITO_PAYMENT],
    ...matched,
  });
  await lines.doc('line-verdi').set({
    bankReference: '',
    date: '2025-04-03',
    amountEuros: 30,
    description: 'MAGLIETTE ANDREA E CHIARA',
    orderingParty: 'PAOLO VERDI',
    payment_ids: ['payment-order-verdi-magliette'],
    ...matched,
  });
}

const SIGNED_TEXT = 'Io, Anna Bianchi, genitore di Sara Bianchi,\nautorizzo la pubblicazione delle foto: solo uso interno al gruppo.';

/** A photo release Anna signed for Sara in 2025, then withdrew, as the signing function writes it (docs/documents.md). */
async function storeSignature(id: string, familyId: string, childId: string, parentId: string, signer: string) {
  await testbed
    .db()
    .collection('document_signatures')
    .doc(id)
    .set({
      document_id: 'liberatoria-foto-2025-v1',
      document_key: 'liberatoria-foto-2025',
      version: 1,
      season: 2025,
      family_id: familyId,
      child_id: childId,
      parent_id: parentId,
      signer_name: signer,
      text: SIGNED_TEXT,
      text_sha256: 'b'.repeat(64),
      choice: 'Solo uso interno al gruppo',
      delegates: '',
      signed_at: Timestamp.fromDate(new Date('2025-09-20T08:00:00Z')),
      code_sent_to: 'a•••@e•••.com',
      withdrawn_at: Timestamp.fromDate(new Date('2025-10-01T08:00:00Z')),
    });
}

/** The text a reader of the PDF sees, with runs of white space as one space. */
async function pdfText(bytes: Uint8Array): Promise<string> {
  const parser = new PDFParse({ data: bytes.slice() });
  try {
    return (await parser.getText()).text.replace(/\s+/g, ' ');
  } finally {
    await parser.destroy();
  }
}

describe('admin-family-data', () => {
  it("exports the Bianchi family's people, payments and forms as JSON and as a PDF, each audited", async () => {
    await media.storeForm(testbed.db(), 'son-bianchi-sara', SEASON.campYear);
    const json = await raw({ familyId: 'family-bianchi', action: 'export' });
    expect(json.status).toBe(200);
    expect(json.headers.get('content-disposition')).toBe('attachment; filename="dati-famiglia-family-bianchi.json"');
    const data = (await json.json()) as Record<string, { name?: string; cf?: string; total_amount?: number; medical_forms?: unknown[] }[]>;
    expect(data.parents?.map((parent) => parent.cf)).toEqual([BIANCHI_CF]);
    expect(data.children?.map((child) => [child.name, child.medical_forms?.length])).toEqual([['Sara', 1]]);
    expect(data.payments?.map((payment) => payment.total_amount)).toEqual([100]);

    const pdf = await raw({ familyId: 'family-bianchi', action: 'exportPdf' });
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const document = await PDFDocument.load(new Uint8Array(await pdf.arrayBuffer()));
    expect(document.getTitle()).toBe('Dati della famiglia Bianchi');

    const audit = await testbed.db().collection('audit_log').where('action', '==', 'family.export').get();
    expect(audit.size).toBe(2);
  });

  it('erases the Bianchi family: the lookup no longer finds it, the payment keeps its amount without names, the form is gone', async () => {
    const form = await media.storeForm(testbed.db(), 'son-bianchi-sara', SEASON.campYear);
    expect((await lookup(BIANCHI_CF)).status).toBe(200);
    // What the parent's access left behind: the day's limits and a sign-in link not used.
    await testbed.db().collection('access_limits').doc('parent-bianchi-anna').set({ parent_id: 'parent-bianchi-anna', wrong_tries: 2 });
    await testbed
      .db()
      .collection('access_links')
      .doc('some-token-hash')
      .set({ parent_id: 'parent-bianchi-anna', family_id: 'family-bianchi' });
    // A 'Riduzione' whose reason tells of the family's hardship.
    const reduction = testbed.db().collection('family_reductions').doc(`${SEASON.campYear}_family-bianchi_campo-saldo`);
    await reduction.set({ family_id: 'family-bianchi', season: SEASON.campYear, product: 'campo-saldo', reason: 'Lavoro perso' });

    const erased = await testbed.call({ familyId: 'family-bianchi', action: 'erase' }, testbed.tokens.admin);
    expect(erased).toEqual({ status: 200, body: { parents: 1, children: 1, forms: 1, payments: 1, statementLines: 0 } });
    expect((await reduction.get()).exists).toBe(false);

    // The erased parent's session ends with the family (docs/security.md, "Parents' sessions").
    expect((await lookup(BIANCHI_CF)).status).toBe(401);
    expect(media.isStored(form)).toBe(false);
    const db = testbed.db();
    expect((await db.collection('sons').doc('son-bianchi-sara').get()).exists).toBe(false);
    expect((await db.collection('families').doc('family-bianchi').get()).exists).toBe(false);
    expect((await db.collection('access_limits').doc('parent-bianchi-anna').get()).exists).toBe(false);
    expect((await db.collection('access_links').doc('some-token-hash').get()).exists).toBe(false);
    const payments = await db.collection('payments').where('family_id', '==', 'family-bianchi').get();
    expect(payments.docs.map((payment) => [payment.get('total_amount'), payment.get('status'), payment.get('family_surname')])).toEqual([
      [100, 'Confermato', 'Famiglia eliminata family-bianchi'],
    ]);
    expect(JSON.stringify(payments.docs.map((payment) => payment.get('lines')))).not.toContain('Sara');
    const items = await db.collection('order_items').where('family_id', '==', 'family-bianchi').get();
    expect(JSON.stringify(items.docs.map((item) => item.data()))).not.toMatch(/Sara|Bianchi"/);
    const index = await db.collection('roster_index').get();
    expect(JSON.stringify(index.docs.map((shard) => shard.data()))).not.toContain(BIANCHI_CF);
    const audit = await db.collection('audit_log').where('action', '==', 'family.erase').get();
    expect(audit.docs.map((entry) => entry.get('actor.email'))).toEqual(['admin@example.com']);

    // Pressed again (or at the same moment elsewhere): the family is gone.
    expect((await testbed.call({ familyId: 'family-bianchi', action: 'erase' }, testbed.tokens.admin)).status).toBe(404);
  });

  it("gives the place a child held at an outing to the family waiting, deletes the family's sign-ups, and exported them first", async () => {
    const db = testbed.db();
    const eventId = await writeEvent(db, 'uscita-al-lago-erase', 1, { name: 'Uscita al lago' });
    const signup = (childId: string, familyId: string, parentId: string, state: string, position: number | null) =>
      db.collection('event_signups').doc(`${eventId}_${childId}`).set({
        event_id: eventId,
        family_id: familyId,
        child_id: childId,
        parent_id: parentId,
        state,
        position,
        signed_up_at: Timestamp.now(),
      });
    await signup('son-bianchi-sara', 'family-bianchi', 'parent-bianchi-anna', 'confirmed', null);
    await signup('son-rossi-marco', 'family-rossi', 'parent-rossi-mario', 'waiting', 1);
    await db.collection('event_counters').doc(eventId).set({ event_id: eventId, confirmed: 1, offered: 0, next_position: 2 });

    const exported = (await (await raw({ familyId: 'family-bianchi', action: 'export' })).json()) as {
      eventSignups: { event_name: string; child_id: string; state: string }[];
    };
    expect(exported.eventSignups.map(({ event_name, child_id, state }) => [event_name, child_id, state])).toContainEqual([
      'Uscita al lago',
      'son-bianchi-sara',
      'confirmed',
    ]);
    const pdf = await pdfText(new Uint8Array(await (await raw({ familyId: 'family-bianchi', action: 'exportPdf' })).arrayBuffer()));
    expect(pdf).toContain('Uscita al lago · Sara Bianchi · Iscritto');

    expect((await testbed.call({ familyId: 'family-bianchi', action: 'erase' }, testbed.tokens.admin)).status).toBe(200);
    expect((await db.collection('event_signups').where('family_id', '==', 'family-bianchi').get()).size).toBe(0);
    expect((await db.collection('event_signups').doc(`${eventId}_son-rossi-marco`).get()).get('state')).toBe('offered');
    expect((await db.collection('event_counters').doc(eventId).get()).data()).toMatchObject({ confirmed: 0, offered: 1 });
    const offers = await db.collection('mail').where('to', 'array-contains', 'mario.rossi@example.com').get();
    expect(offers.docs.map((mail) => mail.get('subject'))).toContain('Si è liberato un posto: Uscita al lago');
  });

  it("exports the bank statement's lines that paid the family (payer, free text, euros, day), as JSON and in the PDF, and no other family's", async () => {
    await storeStatementLines();
    const json = await raw({ familyId: 'family-esposito', action: 'export' });
    const data = (await json.json()) as { statementLines: Array<Record<string, unknown>> };
    expect(data.statementLines).toEqual([
      {
        id: 'line-esposito',
        bankReference: 'BANCA-2024-1187',
        date: '2024-11-18',
        amountEuros: 100,
        description: 'ACCONTO CAMPO GENNARO ESPOSITO CE24-EG1A',
        orderingParty: 'LUIGI ESPOSITO',
        payment_ids: [ESPOSITO_PAYMENT],
        matched_by: 'tesoriere@example.com',
        matched_at: expect.any(String),
        redacted_at: null,
      },
    ]);

    const pdf = await raw({ familyId: 'family-esposito', action: 'exportPdf' });
    const text = await pdfText(new Uint8Array(await pdf.arrayBuffer()));
    expect(text).toContain(
      "Bonifici nell'estratto conto 18/11/2024 · 100,00 € · ordinante LUIGI ESPOSITO · causale ACCONTO CAMPO GENNARO ESPOSITO CE24-EG1A · riferimento della banca BANCA-2024-1187",
    );
    expect(text).not.toContain('PAOLO VERDI');
  });

  it("erases the family's statement lines' payer and free text, keeps their day, euros and reference for the books", async () => {
    await storeStatementLines();
    const erased = await testbed.call({ familyId: 'family-esposito', action: 'erase' }, testbed.tokens.admin);
    expect(erased).toEqual({ status: 200, body: { parents: 1, children: 1, forms: 0, payments: 1, statementLines: 1 } });
    const line = (await testbed.db().collection('statement_lines').doc('line-esposito').get()).data();
    expect(line).toMatchObject({
      bankReference: 'BANCA-2024-1187',
      date: '2024-11-18',
      amountEuros: 100,
      description: 'Famiglia eliminata family-esposito',
      orderingParty: 'Famiglia eliminata family-esposito',
      payment_ids: [ESPOSITO_PAYMENT],
      redacted_at: expect.any(Timestamp),
    });
    expect(JSON.stringify(line)).not.toMatch(/ESPOSITO|GENNARO|LUIGI/);
    // Another family's line is left as it was.
    expect((await testbed.db().collection('statement_lines').doc('line-verdi').get()).get('orderingParty')).toBe('PAOLO VERDI');
    const audit = await testbed.db().collection('audit_log').where('action', '==', 'family.erase').get();
    expect(audit.docs[0]?.get('summary')).toContain("1 righe dell'estratto conto senza ordinante né causale");
  });

  it("exports the family's signatures with the exact text signed (JSON and PDF), and the erasure deletes them and a pending e-mail change, no other family's", async () => {
    await clearDemoDocuments(testbed.db());
    await storeSignature('sig-sara-foto', 'family-bianchi', 'son-bianchi-sara', 'parent-bianchi-anna', 'Anna Bianchi');
    await storeSignature('sig-marco-uscite', 'family-rossi', 'son-rossi-marco', 'parent-rossi-mario', 'Mario Rossi');
    const db = testbed.db();
    await db
      .collection('email_changes')
      .doc('parent-bianchi-anna')
      .set({ parent_id: 'parent-bianchi-anna', new_email: 'anna.nuova@example.com' });

    const json = await raw({ familyId: 'family-bianchi', action: 'export' });
    const data = (await json.json()) as { signatures: Array<Record<string, unknown>> };
    expect(data.signatures).toEqual([
      expect.objectContaining({
        id: 'sig-sara-foto',
        child_id: 'son-bianchi-sara',
        signer_name: 'Anna Bianchi',
        text: SIGNED_TEXT,
        choice: 'Solo uso interno al gruppo',
        withdrawn_at: '2025-10-01T08:00:00.000Z',
      }),
    ]);
    const pdf = await raw({ familyId: 'family-bianchi', action: 'exportPdf' });
    const text = await pdfText(new Uint8Array(await pdf.arrayBuffer()));
    expect(text).toContain('Documenti firmati');
    expect(text).toContain('liberatoria-foto-2025-v1 (versione 1, stagione 2025) · per Sara Bianchi · firmato da Anna Bianchi');
    expect(text).toContain('scelta: Solo uso interno al gruppo');
    expect(text).toContain('revocato il 01/10/2025');
    expect(text).toContain(`Testo firmato: ${SIGNED_TEXT.replace(/\s+/g, ' ')}`);
    expect(text).not.toContain('Mario Rossi');

    const erased = await testbed.call({ familyId: 'family-bianchi', action: 'erase' }, testbed.tokens.admin);
    expect(erased.status).toBe(200);
    expect((await db.collection('document_signatures').doc('sig-sara-foto').get()).exists).toBe(false);
    expect((await db.collection('email_changes').doc('parent-bianchi-anna').get()).exists).toBe(false);
    expect((await db.collection('document_signatures').doc('sig-marco-uscite').get()).exists).toBe(true);
    const audit = await db.collection('audit_log').where('action', '==', 'family.erase').get();
    expect(audit.docs[0]?.get('before.signatures')).toBe(1);
  });

  it('exports the waiting-list application a child was admitted from (JSON and PDF, no code hash) and the erasure deletes it', async () => {
    const applications = testbed.db().collection('admission_applications');
    const application = {
      id: 'adm-sara',
      state: 'accepted',
      number: 7,
      cohort: 2017,
      child: { name: 'Sara', surname: 'Bianchi', cf: 'BNCSRA17A41H501X', birth_date: '2017-01-01', sex: 'F' },
      parent: { name: 'Anna', surname: 'Bianchi', cf: BIANCHI_CF, email: 'anna@example.com', phone: '333 100 0002' },
      siblings: '',
      note: 'Abitiamo vicino',
      code_hash: 'ab'.repeat(32),
      code_tries: 0,
      code_sent_at: null,
      created_at: Timestamp.now(),
      applied_at: Timestamp.now(),
      expires_at: null,
      decision: null,
      family_id: 'family-bianchi',
      accepted_at: Timestamp.now(),
    };
    await applications.doc('adm-sara').set(application);
    await applications.doc('adm-other').set({ ...application, id: 'adm-other', family_id: 'family-rossi' });
    const data = (await (await raw({ familyId: 'family-bianchi', action: 'export' })).json()) as {
      admissions: Array<Record<string, unknown>>;
    };
    expect(data.admissions).toMatchObject([{ id: 'adm-sara', note: 'Abitiamo vicino', code_hash: null }]);
    const text = await pdfText(new Uint8Array(await (await raw({ familyId: 'family-bianchi', action: 'exportPdf' })).arrayBuffer()));
    expect(text).toContain("Lista d'attesa");
    expect(text).toContain('LA-0007 · Sara Bianchi');

    expect((await raw({ familyId: 'family-bianchi', action: 'erase' })).status).toBe(200);
    expect((await applications.get()).docs.map((doc) => doc.id)).toEqual(['adm-other']);
  });

  it('refuses a family with a Bonifico to verify (409), the treasurer and a capo (403)', async () => {
    expect(await testbed.call({ familyId: 'family-verdi', action: 'erase' }, testbed.tokens.admin)).toEqual({
      status: 409,
      body: { error: 'La famiglia ha bonifici da verificare: confermali o annullali prima di eliminarla.' },
    });
    for (const token of [testbed.tokens.treasurer, testbed.tokens.leader]) {
      expect((await testbed.call({ familyId: 'family-bianchi', action: 'export' }, token)).status).toBe(403);
    }
    expect((await testbed.db().collection('families').doc('family-verdi').get()).exists).toBe(true);
  });
});
