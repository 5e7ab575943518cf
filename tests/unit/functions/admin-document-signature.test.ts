import { Timestamp } from 'firebase-admin/firestore';
import { PDFParse } from 'pdf-parse';
import { describe, expect, it } from 'vitest';
import { SEASON } from '@config/season';
import { renderDocumentText, textDigest } from '@domain/documents/document-text';
import adminDocumentSignature from '../../../netlify/functions/admin-document-signature';
import { adminFunctionTestbed } from '../../support/admin-function';
import { browserRequest, functionContext } from '../../support/function-context';
import { FIXTURE_DOCUMENTS, VERDI, writeFixtureDocument } from '../../support/group-document-fixtures';

const PROJECT = 'demo-admin-document-signature';
const testbed = adminFunctionTestbed(PROJECT, adminDocumentSignature, 'admin-document-signature');

/** Stores Paolo Verdi's signature of the photo release for `childId` as sign-document writes it; returns its id and text. */
async function storedSignature(childId: string, childName: string) {
  const db = testbed.db();
  const documentId = await writeFixtureDocument(db, 'foto', SEASON.campYear);
  const choice = 'Solo uso interno al gruppo';
  const text = renderDocumentText(FIXTURE_DOCUMENTS.foto, { child: childName, parent: 'Paolo Verdi', delegates: '' }, choice);
  const id = `${documentId}_${childId}_${VERDI.paolo.id}`;
  await db
    .collection('document_signatures')
    .doc(id)
    .set({
      document_id: documentId,
      document_key: `foto-${SEASON.campYear}`,
      version: 1,
      season: SEASON.campYear,
      family_id: VERDI.familyId,
      child_id: childId,
      parent_id: VERDI.paolo.id,
      signer_name: 'Paolo Verdi',
      text,
      text_sha256: await textDigest(text),
      choice,
      delegates: '',
      signed_at: Timestamp.fromDate(new Date('2025-03-01T09:30:00Z')),
      code_sent_to: 'p•••@e•••.com',
      withdrawn_at: null,
    });
  return { id, text, sha: await textDigest(text) };
}

/** The function's raw answer (a PDF on success). */
async function open(signatureId: string, token: string) {
  return adminDocumentSignature(
    browserRequest('http://localhost/.netlify/functions/admin-document-signature', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: JSON.stringify({ signatureId }),
    }),
    functionContext(),
  );
}

async function openings(signatureId: string) {
  const entries = await testbed.db().collection('audit_log').where('target.id', '==', signatureId).get();
  return entries.docs.map((entry) => entry.data() as { action: string; actor: { email: string }; summary: string });
}

describe('admin-document-signature', () => {
  it("answers the signature's PDF with the text signed, its SHA-256 and the Italian time, and logs the opening", async () => {
    const signature = await storedSignature(VERDI.matteo, 'Matteo Verdi');
    const response = await open(signature.id, testbed.tokens.admin);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    const text = (await new PDFParse({ data: new Uint8Array(await response.arrayBuffer()) }).getText()).text.replace(/\s+/g, ' ');
    expect(text).toContain('Liberatoria foto e video');
    expect(text).toContain('Io sottoscritto/a Paolo Verdi, per Matteo Verdi, scelgo');
    expect(text).toContain('Scelta: Solo uso interno al gruppo');
    expect(text).toContain(signature.sha);
    expect(text).toContain('01/03/2025 10:30');
    expect(await openings(signature.id)).toEqual([
      expect.objectContaining({ action: 'document_signature.open', actor: expect.objectContaining({ email: 'admin@example.com' }) }),
    ]);
  });

  it("lets a capo open only their branches' children, and refuses a role without 'documents'", async () => {
    const matteo = await storedSignature(VERDI.matteo, 'Matteo Verdi');
    const andrea = await storedSignature(VERDI.andrea, 'Andrea Verdi');
    expect((await open(matteo.id, testbed.tokens.leader)).status).toBe(200);
    const clan = await open(andrea.id, testbed.tokens.leader);
    expect(clan.status).toBe(403);
    expect(await clan.json()).toEqual({ error: 'Puoi aprire solo le firme dei ragazzi della tua branca.' });
    expect((await open(andrea.id, testbed.tokens.treasurer)).status).toBe(403);
    expect((await open(andrea.id, testbed.tokens.parent)).status).toBe(403);
    expect(await openings(andrea.id)).toEqual([]);
    expect(await openings(matteo.id)).toHaveLength(1);
  });

  it('answers 404 for a signature that does not exist', async () => {
    const response = await open('nessuna', testbed.tokens.admin);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: 'Firma non trovata: aggiorna la pagina.' });
  });
});
