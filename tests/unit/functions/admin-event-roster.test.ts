import { randomUUID } from 'node:crypto';
import { Timestamp } from 'firebase-admin/firestore';
import { PDFParse } from 'pdf-parse';
import { beforeEach, describe, expect, it } from 'vitest';
import adminEventRoster from '../../../netlify/functions/admin-event-roster';
import { PLAN } from '@domain/catalogue/seed';
import { adminFunctionTestbed } from '../../support/admin-function';
import { browserRequest, functionContext } from '../../support/function-context';
import { fixtureDocumentId, writeFixtureDocument } from '../../support/group-document-fixtures';
import { testInbox } from '../../support/mail-inbox';

/**
 * admin-event-roster against the Auth and Firestore emulators and the run's
 * mail catcher (docs/events.md, "The leaders' list", "Reminders"). Each
 * test seeds a camp of its own in a far season (2099, apart from the demo
 * data's documents and orders): two children holding its two places, one
 * waiting, one who cancelled.
 */

const bed = adminFunctionTestbed('demo-admin-event-roster', adminEventRoster, 'admin-event-roster');
const SEASON = 2099;
const ACCONTO_PLAN = PLAN.campAcconto;

let tag = '';
beforeEach(() => {
  tag = randomUUID().slice(0, 8);
});

/** A family with `parents` (name, phone; each with an address of the test's own) and one Reparto child of fiscal code `cf`. */
async function writeFamily(key: string, surname: string, childName: string, cf: string, parents: Array<[string, string | null]>) {
  const db = bed.db();
  const familyId = `family-${tag}-${key}`;
  const childId = `son-${tag}-${key}`;
  await db.collection('families').doc(familyId).set({ id: familyId, surname, updated_at: Timestamp.now() });
  const emails = await Promise.all(
    parents.map(async ([name, phone], index) => {
      const email = `${key}${index}.${tag}@elenco.example.com`;
      await db
        .collection('parents')
        .doc(`parent-${tag}-${key}-${index}`)
        .set({ id: `parent-${tag}-${key}-${index}`, cf: `CF${key}${index}`, family_id: familyId, name, surname, email, phone });
      return email;
    }),
  );
  await db
    .collection('sons')
    .doc(childId)
    .set({ id: childId, family_id: familyId, name: childName, surname, cf, branch: 'Reparto', updated_at: Timestamp.now() });
  return { familyId, childId, emails, parentIds: parents.map((_, index) => `parent-${tag}-${key}-${index}`) };
}
type Family = Awaited<ReturnType<typeof writeFamily>>;

/** The child's sign-up, as event-signup writes it. */
async function writeSignup(eventId: string, family: Family, state: string, position: number | null) {
  await bed
    .db()
    .collection('event_signups')
    .doc(`${eventId}_${family.childId}`)
    .set({
      event_id: eventId,
      family_id: family.familyId,
      child_id: family.childId,
      parent_id: family.parentIds[0],
      state,
      position,
      signed_up_at: Timestamp.now(),
      offered_until: null,
      cancelled_at: state === 'cancelled' ? Timestamp.now() : null,
    });
}

/** The child's Acconto, ordered with a payment of `status`. */
async function writeAcconto(family: Family, surname: string, status: string) {
  const db = bed.db();
  const paymentId = `payment-${tag}-${family.childId}`;
  await db
    .collection('payments')
    .doc(paymentId)
    .set({
      id: paymentId,
      created_at: Timestamp.now(),
      season: SEASON,
      order_id: `order-${paymentId}`,
      family_id: family.familyId,
      family_surname: surname,
      surname_key: surname.toLowerCase(),
      plan: ACCONTO_PLAN,
      method: 'Bonifico',
      status,
      total_amount: 100,
      lines: [{ item_id: `item-${paymentId}`, child_id: family.childId, name: 'x', surname, note: '', price: 100 }],
    });
  await db
    .collection('order_items')
    .doc(`item-${paymentId}`)
    .set({
      id: `item-${paymentId}`,
      created_at: Timestamp.now(),
      season: SEASON,
      family_id: family.familyId,
      payment_id: paymentId,
      note: '',
      plan: ACCONTO_PLAN,
      son_info: { id: family.childId, name: 'x', surname },
      price: 100,
    });
}

/** A signature of `document` (a fixture's id) for the family's child by its parent `parent`. */
async function writeSignature(documentName: 'uscite' | 'foto', family: Family, parent: number) {
  await bed
    .db()
    .collection('document_signatures')
    .doc(`sig-${tag}-${documentName}-${family.childId}-${parent}`)
    .set({
      document_id: fixtureDocumentId(documentName, SEASON),
      document_key: `${documentName}-${SEASON}`,
      version: 1,
      season: SEASON,
      family_id: family.familyId,
      child_id: family.childId,
      parent_id: family.parentIds[parent],
      signer_name: 'Genitore',
      text: 'testo',
      text_sha256: '0'.repeat(64),
      choice: documentName === 'foto' ? 'Solo uso interno al gruppo' : null,
      delegates: '',
      signed_at: Timestamp.now(),
      code_sent_to: 'g***@example.com',
      withdrawn_at: null,
    });
}

/**
 * The camp of `branches`: 2 places, the Acconto, 'uscite' (both parents)
 * and 'foto' (one) required, and a key with no document. Rossi (two
 * parents; Acconto paid, form received, 'uscite' signed by one parent,
 * 'foto' signed) and Bianchi (one parent; Acconto a Bonifico to verify,
 * nothing else) hold the places, Verdi waits, Neri cancelled.
 */
async function seedCamp(branches: string[] = ['Reparto']) {
  const db = bed.db();
  const eventId = `camp-${tag}`;
  await db
    .collection('events')
    .doc(eventId)
    .set({
      id: eventId,
      name: 'Campo estivo di prova',
      branches,
      starts_at: '2099-05-09T08:30:00+02:00',
      ends_at: '2099-05-16T17:00:00+02:00',
      place: 'Colle Verde',
      meeting_point: 'Piazza della chiesa',
      places: 2,
      closes_on: '2099-04-30',
      products: ['campo-acconto'],
      required_documents: [`uscite-${SEASON}`, `foto-${SEASON}`, `assente-${SEASON}`],
      season: SEASON,
      created_at: Timestamp.now(),
      cancelled_at: null,
    });
  await writeFixtureDocument(db, 'uscite', SEASON);
  await writeFixtureDocument(db, 'foto', SEASON);
  // Born 15/08/2087, 01/01/2088 (a girl: day + 40), 10/03/2087 (re-issued: 'T' for 7), 20/01/2089.
  const rossi = await writeFamily('r', 'Rossi', 'Marco', 'RSSMRC87M15H501X', [
    ['Mario', '+39 333 111 2222'],
    ['Anna', null],
  ]);
  const bianchi = await writeFamily('b', 'Bianchi', 'Sara', 'BNCSRA88A41H501Y', [['Luca', '+39 347 000 1111']]);
  const verdi = await writeFamily('v', 'Verdi', 'Luca', 'VRDLCU8TC10H501Z', [['Paolo', null]]);
  const neri = await writeFamily('n', 'Neri', 'Ugo', 'NREUGO89A20H501W', [['Rita', null]]);
  await writeSignup(eventId, rossi, 'confirmed', null);
  await writeSignup(eventId, bianchi, 'confirmed', null);
  await writeSignup(eventId, verdi, 'waiting', 1);
  await writeSignup(eventId, neri, 'cancelled', null);
  await writeAcconto(rossi, 'Rossi', 'Confermato');
  await writeAcconto(bianchi, 'Bianchi', 'Da Verificare');
  await db
    .collection('sons')
    .doc(rossi.childId)
    .update({
      medical_forms: [{ public_id: `forms/${rossi.childId}/1`, version: 1, bytes: 10, season: SEASON, received_at: Timestamp.now() }],
    });
  await writeSignature('uscite', rossi, 0);
  await writeSignature('foto', rossi, 0);
  return { eventId, rossi, bianchi, verdi, neri };
}

/** The function called for a file: the raw response. */
async function download(body: unknown, token = bed.tokens.admin) {
  return adminEventRoster(
    browserRequest('http://localhost/.netlify/functions/admin-event-roster', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    }),
    functionContext(),
  );
}

async function pdfText(bytes: Uint8Array): Promise<string> {
  const parser = new PDFParse({ data: bytes.slice() });
  try {
    return (await parser.getText()).text.replace(/\s+/g, ' ');
  } finally {
    await parser.destroy();
  }
}

const auditEntries = async (action: string, eventId: string) =>
  (await bed.db().collection('audit_log').where('action', '==', action).get()).docs
    .map((doc) => doc.data())
    .filter((entry) => (entry.target as { id: string }).id === eventId);

describe('admin-event-roster', () => {
  it('lists the children holding a place by surname, then those waiting, with age, parents, payment, form and documents', async () => {
    const { eventId, rossi, bianchi, verdi } = await seedCamp();
    const { status, body } = await bed.call({ eventId, format: 'json' }, bed.tokens.admin);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      event: { id: eventId, name: 'Campo estivo di prova', places: 2, meetingPoint: 'Piazza della chiesa' },
      products: [{ id: 'campo-acconto' }],
      documents: [
        { key: `uscite-${SEASON}`, title: 'Autorizzazione uscite' },
        { key: `foto-${SEASON}`, title: 'Liberatoria foto e video' },
      ],
      unavailableDocuments: [`assente-${SEASON}`],
      asksMedicalForm: true,
    });
    expect(body.rows).toEqual([
      {
        childId: bianchi.childId,
        familyId: bianchi.familyId,
        name: 'Sara',
        surname: 'Bianchi',
        branch: 'Reparto',
        age: 11,
        state: 'confirmed',
        rank: null,
        parents: [{ name: 'Luca Bianchi', phone: '+39 347 000 1111' }],
        payments: [{ productId: 'campo-acconto', state: 'toVerify' }],
        medicalForm: false,
        documents: [
          { key: `uscite-${SEASON}`, state: 'missing' },
          { key: `foto-${SEASON}`, state: 'missing' },
        ],
      },
      expect.objectContaining({
        childId: rossi.childId,
        age: 11,
        state: 'confirmed',
        parents: [
          { name: 'Mario Rossi', phone: '+39 333 111 2222' },
          { name: 'Anna Rossi', phone: null },
        ],
        payments: [{ productId: 'campo-acconto', state: 'paid' }],
        medicalForm: true,
        documents: [
          { key: `uscite-${SEASON}`, state: 'partial' },
          { key: `foto-${SEASON}`, state: 'signed' },
        ],
      }),
      expect.objectContaining({
        childId: verdi.childId,
        age: 12,
        state: 'waiting',
        rank: 1,
        payments: [{ productId: 'campo-acconto', state: 'unpaid' }],
      }),
    ]);
    // Looking at the list on the screen is not a download: nothing in the log.
    expect(await auditEntries('event.roster_download', eventId)).toEqual([]);
  });

  it("answers the CSV and the PDF as attachments, each logged as 'Elenco scaricato' with the children it carries", async () => {
    const { eventId, rossi, bianchi, verdi } = await seedCamp();
    const csv = await download({ eventId, format: 'csv' });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-disposition')).toBe(`attachment; filename="elenco-${eventId}.csv"`);
    expect(csv.headers.get('cache-control')).toBe('private, no-store');
    const lines = (await csv.text()).replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(
      'Stato;Cognome;Nome;Branca;Età;Genitore 1;Telefono 1;Genitore 2;Telefono 2;Acconto;Scheda medica;Autorizzazione uscite;Liberatoria foto e video',
    );
    // A phone starts with '+', which a spreadsheet would run as a formula: written as text (toSpreadsheetCsv).
    expect(lines.slice(1)).toEqual([
      'Iscritto;Bianchi;Sara;Reparto;11;Luca Bianchi;"\'+39 347 000 1111";;;Da verificare;Mancante;Da firmare;Da firmare',
      'Iscritto;Rossi;Marco;Reparto;11;Mario Rossi;"\'+39 333 111 2222";Anna Rossi;;Pagato;Ricevuta;Manca la firma del secondo genitore;Firmato',
      "In lista d'attesa, posizione 1;Verdi;Luca;Reparto;12;Paolo Verdi;;;;Non pagato;Mancante;Da firmare;Da firmare",
    ]);

    const pdf = await download({ eventId, format: 'pdf' }, bed.tokens.leader);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const text = await pdfText(new Uint8Array(await pdf.arrayBuffer()));
    expect(text).toContain('Campo estivo di prova');
    expect(text).toContain('ritrovo: Piazza della chiesa');
    expect(text).toMatch(/Bianchi Sara.*Rossi Marco.*Lista d'attesa.*Verdi Luca/);
    expect(text).toContain('+39 333 111 2222');

    const entries = await auditEntries('event.roster_download', eventId);
    expect(entries.map((entry) => [(entry.actor as { email: string }).email, (entry.after as { format: string }).format]).sort()).toEqual([
      ['admin@example.com', 'csv'],
      ['capo@example.com', 'pdf'],
    ]);
    expect((entries[0]!.after as { children: string[] }).children).toEqual([rossi.childId, bianchi.childId, verdi.childId].sort());
  });

  it('lets a capo list only events all of whose branches are theirs, and refuses the treasurer and a parent', async () => {
    const own = await seedCamp();
    expect((await bed.call({ eventId: own.eventId, format: 'json' }, bed.tokens.leader)).status).toBe(200);
    expect(await bed.call({ eventId: own.eventId, format: 'json' }, bed.tokens.treasurer)).toMatchObject({ status: 403 });
    expect((await bed.call({ eventId: own.eventId, format: 'csv' }, bed.tokens.parent)).status).toBe(403);
    tag = randomUUID().slice(0, 8);
    const shared = await seedCamp(['Reparto', 'Clan']);
    const refused = await download({ eventId: shared.eventId, format: 'pdf' }, bed.tokens.leader);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: 'Puoi vedere l’elenco solo degli eventi che riguardano soltanto le tue branche.' });
    expect(await auditEntries('event.roster_download', shared.eventId)).toEqual([]);
    expect(await bed.call({ eventId: 'no-such-event', format: 'json' }, bed.tokens.admin)).toEqual({
      status: 404,
      body: { error: 'Evento non trovato: ricarica la pagina.' },
    });
    expect((await bed.call({ eventId: own.eventId, format: 'xls' }, bed.tokens.admin)).status).toBe(400);
  });

  it("'Invia promemoria' writes once to each family holding a place with papers missing, even when two leaders press it at once", async () => {
    const { eventId, rossi, bianchi, verdi } = await seedCamp();
    const [first, second] = await Promise.all([
      bed.call({ eventId, action: 'remind' }, bed.tokens.admin),
      bed.call({ eventId, action: 'remind' }, bed.tokens.leader),
    ]);
    await bed.settled();
    expect([first.status, second.status]).toEqual([200, 200]);
    expect((first.body.sent as number) + (second.body.sent as number)).toBe(2);
    expect((first.body.recentlyReminded as number) + (second.body.recentlyReminded as number)).toBe(2);

    const inbox = testInbox();
    const toBianchi = await inbox.waitFor((message) => message.to.includes(bianchi.emails[0]!));
    expect(toBianchi.subject).toBe('Promemoria: documenti per Campo estivo di prova');
    expect(toBianchi.text).toContain(
      'Sara: Autorizzazione uscite da firmare, Liberatoria foto e video da firmare, scheda medica da caricare',
    );
    const toRossi = await inbox.waitFor((message) => message.to.includes(rossi.emails[0]!));
    expect(toRossi.to).toEqual(expect.arrayContaining(rossi.emails));
    expect(toRossi.text).toContain('Marco: Autorizzazione uscite da firmare');
    expect(toRossi.text).not.toContain('scheda medica da caricare');
    expect(toRossi.text).not.toContain('Liberatoria');
    expect(await inbox.messagesTo(bianchi.emails[0]!)).toHaveLength(1);
    expect(await inbox.messagesTo(rossi.emails[0]!)).toHaveLength(1);
    // The family waiting is not chased.
    expect(await inbox.messagesTo(verdi.emails[0]!)).toHaveLength(0);

    // The document's record is the one 'Documenti' keeps: its own reminder within 7 days finds it.
    const record = await bed.db().collection('reminders').doc(`${SEASON}_documento-uscite-${SEASON}_${bianchi.familyId}`).get();
    expect(record.data()).toMatchObject({ child_ids: [bianchi.childId], product: `documento-uscite-${SEASON}` });
    // Each press audits the families it wrote to: together, each family once and the 4 papers (one press may have taken both).
    const audit = (await auditEntries('event.remind', eventId)).map((entry) => entry.after as { families: string[]; papers: number });
    expect(audit.flatMap((entry) => entry.families).sort()).toEqual([rossi.familyId, bianchi.familyId].sort());
    expect(audit.reduce((papers, entry) => papers + entry.papers, 0)).toBe(4);

    const again = await bed.call({ eventId, action: 'remind' }, bed.tokens.admin);
    expect(again).toEqual({ status: 200, body: { sent: 0, recentlyReminded: 2, withoutEmail: 0 } });
  });
});
