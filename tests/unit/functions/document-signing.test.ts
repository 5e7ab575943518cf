import type { Firestore, Timestamp } from 'firebase-admin/firestore';
import { PDFParse } from 'pdf-parse';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { SEASON } from '@config/season';
import { renderDocumentText, textDigest } from '@domain/documents/document-text';
import { resetToDemoData, useEmulatorDb } from '../../support/server-db';
import { testInbox } from '../../support/mail-inbox';
import {
  editFixtureDocument,
  giveVerdiAddresses,
  VERDI,
  writeFixtureDocument,
  FIXTURE_DOCUMENTS,
  clearDemoDocuments,
} from '../../support/group-document-fixtures';
import { parentCaller, signingCodeSentTo, storedSignatures } from '../../support/signing-calls';
import { browserRequest } from '../../support/function-context';

const PROJECT = 'demo-document-signing';
const SEASON_YEAR = SEASON.campYear;

let db: Firestore;
let addresses: { paolo: string; elena: string };
let tests = 0;

beforeAll(async () => {
  db = await useEmulatorDb(PROJECT);
});
beforeEach(async () => {
  await resetToDemoData(db, PROJECT);
  await clearDemoDocuments(db);
  addresses = await giveVerdiAddresses(db, `t${Date.now()}-${tests++}`);
  vi.spyOn(console, 'info').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

const paolo = () => parentCaller(VERDI.familyId, VERDI.paolo.id);
const elena = () => parentCaller(VERDI.familyId, VERDI.elena.id);

interface ChildView {
  childId: string;
  state: string;
  text: string;
  textSha256: string;
  signedByMe: boolean;
  choice: string | null;
  signatures: Array<{ id: string; mine: boolean; withdrawnAt: string | null; signerName: string }>;
}
interface DocumentView {
  id: string;
  version: number;
  title: string;
  template: string;
  kind: string;
  children: ChildView[];
}

async function documentsOf(caller: ReturnType<typeof parentCaller>): Promise<DocumentView[]> {
  const answer = await caller.documents();
  expect(answer.status).toBe(200);
  return answer.body.documents as DocumentView[];
}

/** The text the screen shows `parentName` for `childName`, and its digest, as the browser computes them. */
async function shownFor(
  documentName: keyof typeof FIXTURE_DOCUMENTS,
  childId: string,
  childName: string,
  parentName: string,
  extra: { choice?: string; delegates?: string } = {},
) {
  const fields = FIXTURE_DOCUMENTS[documentName];
  const text = renderDocumentText(fields, { child: childName, parent: parentName, delegates: extra.delegates ?? '' }, extra.choice ?? null);
  return { childId, textSha256: await textDigest(text), text };
}

/** 'Firma' then 'Conferma' with the code e-mailed to `address`; the answers of both. */
async function signWith(
  caller: ReturnType<typeof parentCaller>,
  address: string,
  body: { documentId: string; shown: Array<{ childId: string; textSha256: string }>; choice?: string; delegates?: string },
) {
  const requested = await caller.requestCode(body);
  expect(requested.status, JSON.stringify(requested.body)).toBe(200);
  const code = await signingCodeSentTo(address);
  const signed = await caller.sign({ requestId: requested.body.requestId, code, shown: body.shown });
  return { requested, signed, code };
}

const pdfText = async (bytes: Uint8Array) => (await new PDFParse({ data: bytes }).getText()).text.replace(/\s+/g, ' ');

describe('family-documents', () => {
  it("lists each child's documents of the season that concern them, with the text for this parent and its SHA-256", async () => {
    const uscite = await writeFixtureDocument(db, 'uscite', SEASON_YEAR);
    await writeFixtureDocument(db, 'campo', SEASON_YEAR);
    await writeFixtureDocument(db, 'foto', SEASON_YEAR - 1);
    const documents = await documentsOf(paolo());
    // The camp's needs the Acconto, which no Verdi child holds; last season's is not this season's.
    expect(documents.map((document) => document.id)).toEqual([uscite]);
    const [document] = documents;
    expect(document!.children.map((child) => child.childId).sort()).toEqual([VERDI.matteo, VERDI.sofia]);
    const matteo = document!.children.find((child) => child.childId === VERDI.matteo)!;
    expect(matteo.text).toBe(
      'Autorizzazione uscite\n\nIo sottoscritto/a Paolo Verdi autorizzo Matteo Verdi a partecipare alle uscite e alle attività del Reparto.',
    );
    expect(matteo.textSha256).toBe(await textDigest(matteo.text));
    expect(matteo).toMatchObject({ state: 'missing', signedByMe: false, signatures: [] });
  });

  it('shows the camp authorisation to a child who holds the Acconto', async () => {
    const campo = await writeFixtureDocument(db, 'campo', SEASON_YEAR);
    const bianchi = parentCaller('family-bianchi', 'parent-bianchi-anna');
    const documents = await documentsOf(bianchi);
    expect(documents.find((document) => document.id === campo)?.children.map((child) => child.childId)).toEqual(['son-bianchi-sara']);
  });

  it('refuses a browser without a session', async () => {
    const response = await (
      await import('../../../netlify/functions/family-documents')
    ).default(
      browserRequest('http://localhost/.netlify/functions/family-documents', { method: 'POST', body: '{}' }),
      (await import('../../support/function-context')).functionContext(),
    );
    expect(response.status).toBe(401);
  });
});

describe('signing', () => {
  it('signs for two children with one code; the second parent signs from their own access; the PDF copy carries the exact text and its SHA-256', async () => {
    const documentId = await writeFixtureDocument(db, 'uscite', SEASON_YEAR);
    const shown = [
      await shownFor('uscite', VERDI.matteo, 'Matteo Verdi', 'Paolo Verdi'),
      await shownFor('uscite', VERDI.sofia, 'Sofia Verdi', 'Paolo Verdi'),
    ];
    const { requested, signed } = await signWith(paolo(), addresses.paolo, {
      documentId,
      shown: shown.map(({ childId, textSha256 }) => ({ childId, textSha256 })),
    });
    expect(requested.body.sentTo).toBe('p•••@f•••.com');
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    const stored = await storedSignatures(db, documentId);
    expect(stored).toHaveLength(2);
    for (const view of shown) {
      const signature = stored.find((entry) => entry.child_id === view.childId)!;
      expect(signature).toMatchObject({
        parent_id: VERDI.paolo.id,
        signer_name: 'Paolo Verdi',
        text: view.text,
        text_sha256: view.textSha256,
        version: 1,
        code_sent_to: 'p•••@f•••.com',
        withdrawn_at: null,
      });
      expect(await textDigest(signature.text as string)).toBe(view.textSha256);
    }
    const copy = await testInbox().waitFor(
      (mail) => mail.to.includes(addresses.paolo) && mail.subject === 'Documento firmato: Autorizzazione uscite',
    );
    expect(copy.attachments).toHaveLength(2);
    const pdf = await pdfText(await testInbox().attachment(copy, copy.attachments[0]!.filename));
    const signature = stored.find(
      (entry) => pdf.includes(String(entry.child_id)) || pdf.includes(entry.child_id === VERDI.matteo ? 'Matteo Verdi' : 'Sofia Verdi'),
    )!;
    expect(pdf).toContain(String(signature.text_sha256));
    expect(pdf).toContain(String(signature.text).split('\n').at(-1)!.replace(/\s+/g, ' '));
    expect(pdf).toContain(`${documentId} (versione 1`);
    expect(pdf).toContain('p•••@f•••.com');
    // Both parents are asked: after Paolo, Elena's signature is missing.
    let view = (await documentsOf(elena())).find((document) => document.id === documentId)!;
    expect(view.children.map((child) => child.state)).toEqual(['partial', 'partial']);
    const elenaShown = [await shownFor('uscite', VERDI.matteo, 'Matteo Verdi', 'Elena Verdi')];
    expect(view.children.find((child) => child.childId === VERDI.matteo)!.textSha256).toBe(elenaShown[0]!.textSha256);
    const second = await signWith(elena(), addresses.elena, {
      documentId,
      shown: elenaShown.map(({ childId, textSha256 }) => ({ childId, textSha256 })),
    });
    expect(second.signed.status).toBe(200);
    view = (await documentsOf(paolo())).find((document) => document.id === documentId)!;
    expect(Object.fromEntries(view.children.map((child) => [child.childId, child.state]))).toEqual({
      [VERDI.matteo]: 'signed',
      [VERDI.sofia]: 'partial',
    });
  });

  it('signs once when Conferma is pressed three times at once, and answers a retry the same', async () => {
    const documentId = await writeFixtureDocument(db, 'uscite', SEASON_YEAR);
    const shown = [await shownFor('uscite', VERDI.matteo, 'Matteo Verdi', 'Paolo Verdi')].map(({ childId, textSha256 }) => ({
      childId,
      textSha256,
    }));
    const requested = await paolo().requestCode({ documentId, shown });
    const code = await signingCodeSentTo(addresses.paolo);
    const presses = await Promise.all([1, 2, 3].map(() => paolo().sign({ requestId: requested.body.requestId, code, shown })));
    expect(presses.map((press) => press.status)).toEqual([200, 200, 200]);
    expect(new Set(presses.map((press) => JSON.stringify(press.body))).size).toBe(1);
    const retry = await paolo().sign({ requestId: requested.body.requestId, code, shown });
    expect(retry.body).toEqual(presses[0]!.body);
    expect(await storedSignatures(db, documentId)).toHaveLength(1);
    expect((await testInbox().messagesTo(addresses.paolo)).filter((mail) => mail.subject.startsWith('Documento firmato'))).toHaveLength(1);
  });

  it('signs once from two tabs: two codes confirmed at the same moment meet on one signature', async () => {
    const documentId = await writeFixtureDocument(db, 'uscite', SEASON_YEAR);
    const shown = [await shownFor('uscite', VERDI.sofia, 'Sofia Verdi', 'Paolo Verdi')].map(({ childId, textSha256 }) => ({
      childId,
      textSha256,
    }));
    const first = await paolo().requestCode({ documentId, shown });
    const firstCode = await signingCodeSentTo(addresses.paolo);
    const second = await paolo().requestCode({ documentId, shown });
    const secondCode = await signingCodeSentTo(addresses.paolo);
    const [a, b] = await Promise.all([
      paolo().sign({ requestId: first.body.requestId, code: firstCode, shown }),
      paolo().sign({ requestId: second.body.requestId, code: secondCode, shown }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.signatures).toEqual(b.body.signatures);
    expect(await storedSignatures(db, documentId)).toHaveLength(1);
    // Once signed, 'Firma' again asks for no code.
    expect(await paolo().requestCode({ documentId, shown })).toMatchObject({
      status: 409,
      body: { error: 'Hai già firmato questo documento.' },
    });
  });

  it('counts wrong codes: five, and the request is spent', async () => {
    const documentId = await writeFixtureDocument(db, 'uscite', SEASON_YEAR);
    const shown = [await shownFor('uscite', VERDI.matteo, 'Matteo Verdi', 'Paolo Verdi')].map(({ childId, textSha256 }) => ({
      childId,
      textSha256,
    }));
    const requested = await paolo().requestCode({ documentId, shown });
    const code = await signingCodeSentTo(addresses.paolo);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let attempt = 0; attempt < 5; attempt++) {
      expect(await paolo().sign({ requestId: requested.body.requestId, code: wrong, shown })).toMatchObject({ status: 401 });
    }
    expect(await paolo().sign({ requestId: requested.body.requestId, code, shown })).toMatchObject({ status: 410 });
    expect(await storedSignatures(db, documentId)).toHaveLength(0);
  });

  it('asks again for an edited document: the old code is refused, the new version shows as to sign though the old one was signed', async () => {
    const v1 = await writeFixtureDocument(db, 'uscite', SEASON_YEAR);
    const shown = [await shownFor('uscite', VERDI.matteo, 'Matteo Verdi', 'Paolo Verdi')].map(({ childId, textSha256 }) => ({
      childId,
      textSha256,
    }));
    expect((await signWith(paolo(), addresses.paolo, { documentId: v1, shown })).signed.status).toBe(200);
    const pending = await paolo().requestCode({
      documentId: v1,
      shown: [await shownFor('uscite', VERDI.sofia, 'Sofia Verdi', 'Paolo Verdi')].map(({ childId, textSha256 }) => ({
        childId,
        textSha256,
      })),
    });
    const code = await signingCodeSentTo(addresses.paolo);
    const v2 = await editFixtureDocument(db, 'uscite', SEASON_YEAR, 1, {
      text: `${FIXTURE_DOCUMENTS.uscite.text} Anche le uscite di più giorni.`,
    });
    const refused = await paolo().sign({
      requestId: pending.body.requestId,
      code,
      shown: [await shownFor('uscite', VERDI.sofia, 'Sofia Verdi', 'Paolo Verdi')].map(({ childId, textSha256 }) => ({
        childId,
        textSha256,
      })),
    });
    expect(refused).toMatchObject({ status: 409, body: { error: 'Il documento è stato aggiornato: rileggilo e firma di nuovo.' } });
    // The browser still showing v1's text cannot ask for a code on v2.
    expect(await paolo().requestCode({ documentId: v2, shown })).toMatchObject({
      status: 409,
      body: { error: 'Il documento è stato aggiornato: rileggilo e firma di nuovo.' },
    });
    const [document] = await documentsOf(paolo());
    expect(document).toMatchObject({ id: v2, version: 2 });
    expect(document!.children.every((child) => child.state === 'missing' && !child.signedByMe)).toBe(true);
    expect(await storedSignatures(db, v1)).toHaveLength(1);
    expect(await storedSignatures(db, v2)).toHaveLength(0);
  });

  it("refuses another family's child, a child the document does not concern, a choice without a level and a delegation without names", async () => {
    const uscite = await writeFixtureDocument(db, 'uscite', SEASON_YEAR);
    const foto = await writeFixtureDocument(db, 'foto', SEASON_YEAR);
    const delega = await writeFixtureDocument(db, 'delega', SEASON_YEAR);
    const sara = await shownFor('uscite', 'son-bianchi-sara', 'Sara Bianchi', 'Paolo Verdi');
    const otherChild = { status: 403, body: { error: 'Puoi firmare solo per i tuoi figli a cui il documento è rivolto.' } };
    expect(
      await paolo().requestCode({ documentId: uscite, shown: [{ childId: sara.childId, textSha256: sara.textSha256 }] }),
    ).toMatchObject(otherChild);
    const andrea = await shownFor('uscite', VERDI.andrea, 'Andrea Verdi', 'Paolo Verdi');
    expect(
      await paolo().requestCode({ documentId: uscite, shown: [{ childId: andrea.childId, textSha256: andrea.textSha256 }] }),
    ).toMatchObject(otherChild);
    const photo = await shownFor('foto', VERDI.andrea, 'Andrea Verdi', 'Paolo Verdi');
    expect(
      await paolo().requestCode({ documentId: foto, shown: [{ childId: photo.childId, textSha256: photo.textSha256 }] }),
    ).toMatchObject({ status: 400, body: { error: 'Scegli una delle opzioni prima di firmare.' } });
    expect(
      await paolo().requestCode({ documentId: foto, choice: 'Tutto', shown: [{ childId: photo.childId, textSha256: photo.textSha256 }] }),
    ).toMatchObject({ status: 400 });
    const delegation = await shownFor('delega', VERDI.matteo, 'Matteo Verdi', 'Paolo Verdi');
    expect(
      await paolo().requestCode({ documentId: delega, shown: [{ childId: delegation.childId, textSha256: delegation.textSha256 }] }),
    ).toMatchObject({ status: 400, body: { error: 'Scrivi nome e cognome delle persone delegate al ritiro.' } });
    expect(
      await paolo().requestCode({ documentId: 'nessuno-v1', shown: [{ childId: VERDI.matteo, textSha256: delegation.textSha256 }] }),
    ).toMatchObject({ status: 404 });
    expect((await testInbox().messagesTo(addresses.paolo)).length).toBe(0);
  });

  it('signs a delegation with the names written into the text', async () => {
    const delega = await writeFixtureDocument(db, 'delega', SEASON_YEAR);
    const delegates = 'Luca Verdi (nonno), Sara Neri';
    const view = await shownFor('delega', VERDI.matteo, 'Matteo Verdi', 'Paolo Verdi', { delegates });
    const { signed } = await signWith(paolo(), addresses.paolo, {
      documentId: delega,
      delegates,
      shown: [{ childId: view.childId, textSha256: view.textSha256 }],
    });
    expect(signed.status).toBe(200);
    const [signature] = await storedSignatures(db, delega);
    expect(signature).toMatchObject({ delegates, text: view.text, choice: null });
    expect(String(signature!.text)).toContain('Luca Verdi (nonno), Sara Neri');
  });
});

describe('withdrawing', () => {
  it('gives a photo consent with a level, withdraws it once (the record stays), and signs it again as a new record', async () => {
    const foto = await writeFixtureDocument(db, 'foto', SEASON_YEAR);
    const choice = 'Anche sito e social del gruppo';
    const view = await shownFor('foto', VERDI.andrea, 'Andrea Verdi', 'Paolo Verdi', { choice });
    const shown = [{ childId: view.childId, textSha256: view.textSha256 }];
    const { signed } = await signWith(paolo(), addresses.paolo, { documentId: foto, choice, shown });
    const signatureId = (signed.body.signatures as Array<{ signatureId: string }>)[0]!.signatureId;
    let andrea = (await documentsOf(paolo()))[0]!.children.find((child) => child.childId === VERDI.andrea)!;
    expect(andrea).toMatchObject({ state: 'signed', choice, signedByMe: true });
    expect(andrea.signatures).toEqual([expect.objectContaining({ id: signatureId, mine: true, withdrawnAt: null })]);

    // Elena may not withdraw Paolo's signature; another family may not even see it.
    expect(await elena().withdraw(signatureId)).toMatchObject({
      status: 403,
      body: { error: 'Puoi revocare solo le firme che hai dato tu.' },
    });
    expect(await parentCaller('family-bianchi', 'parent-bianchi-anna').withdraw(signatureId)).toMatchObject({ status: 404 });

    const [first, again] = await Promise.all([paolo().withdraw(signatureId), paolo().withdraw(signatureId)]);
    expect(first).toMatchObject({ status: 200, body: { status: 'withdrawn' } });
    expect(again.body).toEqual(first.body);
    const stored = (await db.collection('document_signatures').doc(signatureId).get()).data()!;
    expect(stored.text).toBe(view.text);
    expect((stored.withdrawn_at as Timestamp).toDate().toISOString()).toBe(first.body.withdrawnAt);
    expect(
      (await testInbox().messagesTo(addresses.paolo)).filter((mail) => mail.subject === 'Consenso revocato: Liberatoria foto e video'),
    ).toHaveLength(1);
    andrea = (await documentsOf(paolo()))[0]!.children.find((child) => child.childId === VERDI.andrea)!;
    expect(andrea).toMatchObject({ state: 'withdrawn', signedByMe: false, choice: null });

    const internal = await shownFor('foto', VERDI.andrea, 'Andrea Verdi', 'Paolo Verdi', { choice: 'Solo uso interno al gruppo' });
    const resigned = await signWith(paolo(), addresses.paolo, {
      documentId: foto,
      choice: 'Solo uso interno al gruppo',
      shown: [{ childId: internal.childId, textSha256: internal.textSha256 }],
    });
    expect(resigned.signed.status).toBe(200);
    expect((await storedSignatures(db, foto)).map((entry) => entry.id).sort()).toEqual([signatureId, `${signatureId}_2`]);
    andrea = (await documentsOf(paolo()))[0]!.children.find((child) => child.childId === VERDI.andrea)!;
    expect(andrea).toMatchObject({ state: 'signed', choice: 'Solo uso interno al gruppo' });
  });
});
