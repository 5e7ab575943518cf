import { describe, expect, it } from 'vitest';
import { concernsChild, documentFieldsSchema, nextVersion, type GroupDocument } from '@domain/documents/group-document';
import { renderDocumentText, textDigest } from '@domain/documents/document-text';
import { childDocumentStatus, type DocumentSignature } from '@domain/documents/document-signature';

const document: GroupDocument = {
  id: 'campo-2025-v1',
  key: 'campo-2025',
  version: 1,
  season: 2025,
  title: 'Autorizzazione campo estivo',
  text: 'Io sottoscritto {genitore} autorizzo {figlio} a partecipare al campo.',
  kind: 'authorisation',
  choices: [],
  branches: ['Reparto'],
  product: 'campo-acconto',
  deadline: '2025-06-30',
  signers: 'both',
  created_at: new Date('2025-03-01T10:00:00Z'),
  retired_at: null,
};

const signature = (parent: string, overrides: Partial<DocumentSignature> = {}): DocumentSignature => ({
  id: `${parent}-sig`,
  document_id: document.id,
  document_key: document.key,
  version: 1,
  season: 2025,
  family_id: 'f1',
  child_id: 'c1',
  parent_id: parent,
  signer_name: parent,
  text: 'testo',
  text_sha256: 'a'.repeat(64),
  choice: null,
  delegates: '',
  signed_at: new Date('2025-03-02T10:00:00Z'),
  code_sent_to: 'a***@example.it',
  withdrawn_at: null,
  ...overrides,
});

describe('a document of the group', () => {
  it('fills in the child and the parent and hashes the exact text the same way every time', async () => {
    const text = renderDocumentText(document, { child: 'Marco Rossi', parent: 'Anna Bianchi', delegates: '' });
    expect(text).toBe('Autorizzazione campo estivo\n\nIo sottoscritto Anna Bianchi autorizzo Marco Rossi a partecipare al campo.');
    expect(await textDigest(text)).toMatch(/^[0-9a-f]{64}$/);
    expect(await textDigest(text)).toBe(await textDigest(`${text}`));
    expect(await textDigest(text)).not.toBe(await textDigest(`${text} `));
  });

  it('adds the level picked to a choice, so the hash covers it', () => {
    const release = { ...document, kind: 'choice' as const, text: 'Liberatoria per {figlio}.' };
    expect(renderDocumentText(release, { child: 'Marco', parent: 'Anna', delegates: '' }, 'Nessuna pubblicazione')).toBe(
      'Autorizzazione campo estivo\n\nLiberatoria per Marco.\n\nScelta: Nessuna pubblicazione',
    );
  });

  it('asks only the children of its branches who hold its product, and nobody once retired', () => {
    expect(concernsChild(document, { branch: 'Reparto', heldProducts: ['campo-acconto'] })).toBe(true);
    expect(concernsChild(document, { branch: 'Reparto', heldProducts: [] })).toBe(false);
    expect(concernsChild(document, { branch: 'Branco', heldProducts: ['campo-acconto'] })).toBe(false);
    expect(concernsChild({ ...document, retired_at: new Date() }, { branch: 'Reparto', heldProducts: ['campo-acconto'] })).toBe(false);
  });

  it('numbers the next version after the current one', () => {
    expect(nextVersion(document)).toEqual({ id: 'campo-2025-v2', version: 2 });
  });

  it('refuses a choice with one level and a delegation without the delegates’ place, in Italian', () => {
    const fields = { ...document, kind: 'choice' as const, choices: ['Sì'] };
    expect(documentFieldsSchema.safeParse(fields).error?.issues[0]?.message).toBe('Una scelta ha almeno due livelli.');
    const delegation = { ...document, kind: 'delegation' as const };
    expect(documentFieldsSchema.safeParse(delegation).error?.issues[0]?.message).toContain('{delegati}');
  });
});

describe('where a child stands on a document', () => {
  it('needs both parents when asked, one when the family has one parent on record', () => {
    expect(childDocumentStatus(document, 'c1', [], 2).state).toBe('missing');
    expect(childDocumentStatus(document, 'c1', [signature('p1')], 2).state).toBe('partial');
    expect(childDocumentStatus(document, 'c1', [signature('p1'), signature('p1', { id: 'again' })], 2).state).toBe('partial');
    expect(childDocumentStatus(document, 'c1', [signature('p1'), signature('p2')], 2).state).toBe('signed');
    expect(childDocumentStatus(document, 'c1', [signature('p1')], 1).state).toBe('signed');
  });

  it('ignores another version or child, and says withdrawn when the only signature was withdrawn', () => {
    const other = [signature('p1', { document_id: 'campo-2025-v0' }), signature('p2', { child_id: 'c2' })];
    expect(childDocumentStatus(document, 'c1', other, 2).state).toBe('missing');
    const withdrawn = signature('p1', { withdrawn_at: new Date('2025-04-01T00:00:00Z') });
    expect(childDocumentStatus({ ...document, signers: 'one' }, 'c1', [withdrawn], 2)).toMatchObject({
      state: 'withdrawn',
      holding: [],
    });
  });

  it('takes the latest holding level of a choice', () => {
    const first = signature('p1', { choice: 'Anche sito e social del gruppo' });
    const later = signature('p2', { choice: 'Solo uso interno al gruppo', signed_at: new Date('2025-05-01T00:00:00Z') });
    expect(childDocumentStatus({ ...document, signers: 'one' }, 'c1', [later, first], 2).choice).toBe('Solo uso interno al gruppo');
  });
});
