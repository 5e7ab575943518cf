import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { documentVersionId, type DocumentFields } from '../../src/domain/documents/group-document';
import { COLLECTION } from '../../src/domain/collections';

/**
 * Group documents of a season for the signing tests (node and browser),
 * kept out of the demo seed (emulators/seed belongs to the admin's demo
 * data): written straight to Firestore as the admin's 'Nuovo documento'
 * would store them (`group_documents/{key}-v{version}`).
 */

/** The Verdi family of the demo data has two parents and children in every branch (emulators/seed/demo-data.ts). */
export const VERDI = {
  familyId: 'family-verdi',
  paolo: { id: 'parent-verdi-paolo', cf: 'VRDPLA78S23H501P' },
  elena: { id: 'parent-verdi-elena', cf: 'VRDLNE81B42E900U' },
  /** Reparto. */
  matteo: 'son-verdi-matteo',
  sofia: 'son-verdi-sofia',
  /** Clan. */
  andrea: 'son-verdi-andrea',
} as const;

/** The usual documents of a season, keyed by their key's stem. */
export const FIXTURE_DOCUMENTS: Record<'uscite' | 'foto' | 'delega' | 'campo', DocumentFields> = {
  uscite: {
    title: 'Autorizzazione uscite',
    text: 'Io sottoscritto/a {genitore} autorizzo {figlio} a partecipare alle uscite e alle attività del Reparto.',
    kind: 'authorisation',
    choices: [],
    branches: ['Reparto'],
    product: null,
    deadline: '2025-10-31',
    signers: 'both',
  },
  foto: {
    title: 'Liberatoria foto e video',
    text: 'Io sottoscritto/a {genitore}, per {figlio}, scelgo come il gruppo può usare foto e video delle attività.',
    kind: 'choice',
    choices: ['Nessuna pubblicazione', 'Solo uso interno al gruppo', 'Anche sito e social del gruppo'],
    branches: ['Branco', 'Reparto', 'Clan'],
    product: null,
    deadline: null,
    signers: 'one',
  },
  delega: {
    title: 'Delega al ritiro',
    text: 'Io sottoscritto/a {genitore} delego al ritiro di {figlio} al termine delle attività: {delegati}.',
    kind: 'delegation',
    choices: [],
    branches: ['Reparto'],
    product: null,
    deadline: null,
    signers: 'one',
  },
  campo: {
    title: 'Autorizzazione campo estivo',
    text: 'Io sottoscritto/a {genitore} autorizzo {figlio} a partecipare al campo estivo del gruppo.',
    kind: 'authorisation',
    choices: [],
    branches: ['Reparto'],
    product: 'campo-acconto',
    deadline: null,
    signers: 'both',
  },
};

/** The id of a fixture document's version in `season`: 'uscite-2025-v1'. */
export const fixtureDocumentId = (name: keyof typeof FIXTURE_DOCUMENTS, season: number, version = 1) =>
  documentVersionId(`${name}-${season}`, version);

/** Writes the fixture `name` for `season` as version `version` (with `changes`); returns its id. */
export async function writeFixtureDocument(
  db: Firestore,
  name: keyof typeof FIXTURE_DOCUMENTS,
  season: number,
  options: { version?: number; changes?: Partial<DocumentFields>; retired?: boolean } = {},
): Promise<string> {
  const version = options.version ?? 1;
  const id = fixtureDocumentId(name, season, version);
  await db
    .collection('group_documents')
    .doc(id)
    .set({
      ...FIXTURE_DOCUMENTS[name],
      ...options.changes,
      key: `${name}-${season}`,
      version,
      season,
      created_at: Timestamp.now(),
      retired_at: options.retired ? Timestamp.now() : null,
    });
  return id;
}

/** Retires `id` and writes its next version with `changes` (the admin's edit of a signed document); returns the new id. */
export async function editFixtureDocument(
  db: Firestore,
  name: keyof typeof FIXTURE_DOCUMENTS,
  season: number,
  version: number,
  changes: Partial<DocumentFields>,
): Promise<string> {
  await db
    .collection('group_documents')
    .doc(fixtureDocumentId(name, season, version))
    .update({ retired_at: Timestamp.now() });
  return writeFixtureDocument(db, name, season, { version: version + 1, changes });
}

/** Gives the Verdi parents their own addresses (Elena has none in the demo data), so a test reads only its own e-mails. */
export async function giveVerdiAddresses(db: Firestore, tag: string): Promise<{ paolo: string; elena: string }> {
  const paolo = `paolo.${tag}@firme.example.com`;
  const elena = `elena.${tag}@firme.example.com`;
  await db.collection('parents').doc(VERDI.paolo.id).update({ email: paolo });
  await db.collection('parents').doc(VERDI.elena.id).update({ email: elena });
  return { paolo, elena };
}

/**
 * Deletes the demo data's documents and signatures (emulators/seed/demo-documents.ts), for tests that count
 * only the fixtures they write.
 */
export async function clearDemoDocuments(db: Firestore): Promise<void> {
  for (const collection of [COLLECTION.groupDocuments, COLLECTION.documentSignatures]) {
    const snapshot = await db.collection(collection).get();
    await Promise.all(snapshot.docs.map((document) => document.ref.delete()));
  }
}
