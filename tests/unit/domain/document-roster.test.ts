import { describe, expect, it } from 'vitest';
import {
  carriedKey,
  countStates,
  documentKey,
  documentRevision,
  documentStatusRows,
  sameFields,
  type RosterChild,
} from '@domain/documents/document-roster';
import type { DocumentSignature } from '@domain/documents/document-signature';
import type { DocumentFields, GroupDocument } from '@domain/documents/group-document';

/** The leaders' view's pure rules (docs/documents.md, "The admin's side", "The leaders' view"). */

const fields: DocumentFields = {
  title: 'Autorizzazione al campo',
  text: 'Io, {genitore}, autorizzo {figlio} al campo estivo del gruppo.',
  kind: 'authorisation',
  choices: [],
  branches: ['Reparto', 'Clan'],
  product: 'campo-acconto',
  deadline: null,
  signers: 'both',
};
const document: GroupDocument = {
  ...fields,
  id: 'campo-2025-v1',
  key: 'campo-2025',
  version: 1,
  season: 2025,
  created_at: new Date('2025-02-01T10:00:00Z'),
  retired_at: null,
};
const child = (id: string, surname: string, overrides: Partial<RosterChild> = {}): RosterChild => ({
  id,
  familyId: `family-${surname}`,
  name: id,
  surname,
  branch: 'Reparto',
  heldProducts: ['campo-acconto'],
  parentsOnRecord: 2,
  ...overrides,
});
const signature = (childId: string, parentId: string, at: string): DocumentSignature => ({
  id: `${childId}-${parentId}`,
  document_id: document.id,
  document_key: document.key,
  version: 1,
  season: 2025,
  family_id: 'f',
  child_id: childId,
  parent_id: parentId,
  signer_name: parentId,
  text: 'x',
  text_sha256: '0'.repeat(64),
  choice: null,
  delegates: '',
  signed_at: new Date(at),
  code_sent_to: 'a***@example.it',
  withdrawn_at: null,
});

describe('documentStatusRows', () => {
  it('keeps the children the document concerns, sorted, each with its state and signatures oldest first', () => {
    const rows = documentStatusRows(
      document,
      [
        child('b', 'Verdi'),
        child('a', 'Bianchi', { parentsOnRecord: 1 }),
        child('c', 'Neri', { branch: 'Branco' }),
        child('d', 'Rossi', { heldProducts: [] }),
      ],
      [
        signature('b', 'p2', '2025-03-02T10:00:00Z'),
        signature('a', 'p1', '2025-03-01T10:00:00Z'),
        signature('b', 'p1', '2025-03-01T09:00:00Z'),
      ],
    );
    expect(rows.map((row) => [row.child.id, row.state, row.signatures.map((line) => line.signerName)])).toEqual([
      ['a', 'signed', ['p1']],
      ['b', 'signed', ['p1', 'p2']],
    ]);
    expect(countStates(rows)).toEqual({ signed: 2, partial: 0, missing: 0, withdrawn: 0 });
  });
});

describe('keys, fields and revisions', () => {
  it("makes a key of the title and the season, and carries it to the next season's", () => {
    expect(documentKey('Liberatoria foto & video: ragazzi più grandi', 2025)).toBe('liberatoria-foto-video-ragazzi-piu-grandi-2025');
    expect(documentKey('!!!', 2025)).toBe('documento-2025');
    expect(carriedKey('liberatoria-foto-2025', 2025, 2026)).toBe('liberatoria-foto-2026');
    expect(carriedKey('liberatoria-foto-2025-2', 2025, 2026)).toBe('liberatoria-foto-2026');
    expect(carriedKey('uscite', 2025, 2026)).toBe('uscite-2026');
  });

  it('compares fields whatever the order of the branches, and changes the revision with any field', async () => {
    expect(sameFields(fields, { ...fields, branches: ['Clan', 'Reparto'] })).toBe(true);
    expect(sameFields(fields, { ...fields, deadline: '2025-06-30' })).toBe(false);
    const revision = await documentRevision(document);
    expect(await documentRevision({ ...document, branches: ['Clan', 'Reparto'] })).toBe(revision);
    expect(await documentRevision({ ...document, text: `${document.text} ` })).not.toBe(revision);
    expect(await documentRevision({ ...document, retired_at: new Date() })).not.toBe(revision);
  });
});
