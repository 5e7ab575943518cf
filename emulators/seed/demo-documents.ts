import { Timestamp, type Firestore, type WriteBatch } from 'firebase-admin/firestore';
import { COLLECTION } from '@domain/collections';
import { renderDocumentText, textDigest } from '@domain/documents/document-text';
import { documentSignatureSchema } from '@domain/documents/document-signature';
import { documentVersionId, groupDocumentSchema, PHOTO_RELEASE_LEVELS, type DocumentFields } from '@domain/documents/group-document';
import { DEMO_FAMILIES } from './demo-data';

/**
 * The demo group's usual documents of the 2025 season (docs/documents.md;
 * docs/local-stack.md): the outings' authorisation (one parent), the
 * summer camp's (both parents, asked of the children holding the Acconto),
 * the photo release (a choice of PHOTO_RELEASE_LEVELS) and the delegation
 * to collect a child; and a few signatures, written as the signing
 * function writes them (renderDocumentText, textDigest).
 */

const SEASON = 2025;

/** Each demo document: its key and its admin's fields. */
export const DEMO_DOCUMENTS: ReadonlyArray<{ key: string; fields: DocumentFields }> = [
  {
    key: `autorizzazione-uscite-${SEASON}`,
    fields: {
      title: 'Autorizzazione alle uscite',
      text: 'Io sottoscritto/a {genitore} autorizzo {figlio} a partecipare alle uscite, alle attività e agli spostamenti del gruppo per l’anno scout, con i mezzi scelti dai capi.',
      kind: 'authorisation',
      choices: [],
      branches: ['Branco', 'Reparto', 'Clan'],
      product: null,
      deadline: `${SEASON}-03-31`,
      signers: 'one',
    },
  },
  {
    key: `autorizzazione-campo-estivo-${SEASON}`,
    fields: {
      title: 'Autorizzazione al campo estivo',
      text: 'Io sottoscritto/a {genitore} autorizzo {figlio} a partecipare al campo estivo del gruppo, al viaggio di andata e ritorno e alle attività previste, sotto la responsabilità dei capi.',
      kind: 'authorisation',
      choices: [],
      branches: ['Branco', 'Reparto', 'Clan'],
      product: 'campo-acconto',
      deadline: `${SEASON}-06-30`,
      signers: 'both',
    },
  },
  {
    key: `liberatoria-foto-${SEASON}`,
    fields: {
      title: 'Liberatoria foto e video',
      text: 'Io sottoscritto/a {genitore}, per {figlio}, scelgo come il gruppo può usare le foto e i video delle attività in cui compare (L. 633/1941 art. 96).',
      kind: 'choice',
      choices: [...PHOTO_RELEASE_LEVELS],
      branches: ['Branco', 'Reparto', 'Clan'],
      product: null,
      deadline: null,
      signers: 'one',
    },
  },
  {
    key: `delega-ritiro-${SEASON}`,
    fields: {
      title: 'Delega al ritiro',
      text: 'Io sottoscritto/a {genitore} delego al ritiro di {figlio} al termine delle attività: {delegati}. Mi impegno a comunicare ai capi ogni cambiamento.',
      kind: 'delegation',
      choices: [],
      branches: ['Branco', 'Reparto'],
      product: null,
      deadline: null,
      signers: 'one',
    },
  },
];

/** The demo signatures: document key, child, parent, when, the level or the delegates. */
const DEMO_SIGNATURES: ReadonlyArray<{ key: string; child: string; parent: string; at: string; choice?: string; delegates?: string }> = [
  { key: `autorizzazione-uscite-${SEASON}`, child: 'son-rossi-marco', parent: 'parent-rossi-mario', at: '2025-02-12T19:10:00Z' },
  { key: `autorizzazione-uscite-${SEASON}`, child: 'son-bianchi-sara', parent: 'parent-bianchi-anna', at: '2025-02-14T08:40:00Z' },
  { key: `autorizzazione-uscite-${SEASON}`, child: 'son-verdi-matteo', parent: 'parent-verdi-paolo', at: '2025-02-20T21:05:00Z' },
  { key: `autorizzazione-campo-estivo-${SEASON}`, child: 'son-bianchi-sara', parent: 'parent-bianchi-anna', at: '2025-03-11T18:00:00Z' },
  {
    key: `liberatoria-foto-${SEASON}`,
    child: 'son-rossi-marco',
    parent: 'parent-rossi-mario',
    at: '2025-02-12T19:12:00Z',
    choice: PHOTO_RELEASE_LEVELS[1],
  },
  {
    key: `liberatoria-foto-${SEASON}`,
    child: 'son-verdi-sofia',
    parent: 'parent-verdi-elena',
    at: '2025-02-21T07:30:00Z',
    choice: PHOTO_RELEASE_LEVELS[2],
  },
  {
    key: `delega-ritiro-${SEASON}`,
    child: 'son-rossi-luca',
    parent: 'parent-rossi-mario',
    at: '2025-02-12T19:15:00Z',
    delegates: 'Giovanna Rossi (nonna), Piero Rossi (zio)',
  },
];

/** 'a***@example.com': how the signing function records the address the code went to. */
function masked(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}***@${domain}`;
}

/** Adds the demo documents (version 1 each) and their signatures to `batch`, each checked with its schema. */
export async function putDemoDocuments(db: Firestore, batch: WriteBatch): Promise<void> {
  const createdAt = Timestamp.fromDate(new Date(`${SEASON}-02-01T09:00:00Z`));
  for (const { key, fields } of DEMO_DOCUMENTS) {
    const document = { key, version: 1, season: SEASON, ...fields, created_at: createdAt, retired_at: null };
    groupDocumentSchema.parse(document);
    batch.set(db.collection(COLLECTION.groupDocuments).doc(documentVersionId(key, 1)), document);
  }
  for (const signature of DEMO_SIGNATURES) {
    const { fields } = DEMO_DOCUMENTS.find((document) => document.key === signature.key) ?? {};
    const family = DEMO_FAMILIES.find((candidate) => candidate.children.some((child) => child.id === signature.child));
    const child = family?.children.find((candidate) => candidate.id === signature.child);
    const parent = family?.parents.find((candidate) => candidate.id === signature.parent);
    if (!fields || !family || !child || !parent)
      throw new Error(`Demo signature of an unknown document or person: ${JSON.stringify(signature)}`);
    const delegates = signature.delegates ?? '';
    const text = renderDocumentText(
      fields,
      { child: `${child.name} ${family.surname}`, parent: `${parent.name} ${family.surname}`, delegates },
      signature.choice ?? null,
    );
    const record = {
      document_id: documentVersionId(signature.key, 1),
      document_key: signature.key,
      version: 1,
      season: SEASON,
      family_id: family.id,
      child_id: child.id,
      parent_id: parent.id,
      signer_name: `${parent.name} ${family.surname}`,
      text,
      text_sha256: await textDigest(text),
      choice: signature.choice ?? null,
      delegates,
      signed_at: Timestamp.fromDate(new Date(signature.at)),
      code_sent_to: masked(parent.email),
      withdrawn_at: null,
    };
    documentSignatureSchema.parse(record);
    batch.set(db.collection(COLLECTION.documentSignatures).doc(`demo-${signature.key}-${child.id}-${parent.id}`), record);
  }
}
