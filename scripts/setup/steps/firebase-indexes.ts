import { readFileSync } from 'node:fs';
import path from 'node:path';
import { googleRequest } from '../google-api';
import type { FirebaseTarget, SetupStep } from '../types';

const FIRESTORE_API = 'https://firestore.googleapis.com/v1';

interface IndexField {
  fieldPath: string;
  order?: string;
  arrayConfig?: string;
}
interface FileIndex {
  collectionGroup: string;
  queryScope: string;
  fields: IndexField[];
}
interface FieldOverride {
  collectionGroup: string;
  fieldPath: string;
  ttl?: boolean;
  indexes: unknown[];
}

/**
 * firestore.indexes.json, plus the one time-to-live policy the file cannot
 * hold (docs/deploy.md, "Rules and indexes": `access_codes.expires_at`, a
 * collection group of subcollections).
 */
function indexFile(): { indexes: FileIndex[]; fieldOverrides: FieldOverride[] } {
  const file = JSON.parse(readFileSync(path.resolve('firestore.indexes.json'), 'utf8')) as {
    indexes: FileIndex[];
    fieldOverrides?: FieldOverride[];
  };
  const overrides = file.fieldOverrides ?? [];
  if (!overrides.some((field) => field.collectionGroup === 'access_codes' && field.fieldPath === 'expires_at')) {
    overrides.push({ collectionGroup: 'access_codes', fieldPath: 'expires_at', ttl: true, indexes: [] });
  }
  return { indexes: file.indexes, fieldOverrides: overrides };
}

/** An index as a comparable key; Google appends `__name__` to some, which the file never names. */
const indexKey = (collectionGroup: string, queryScope: string, fields: readonly IndexField[]) =>
  [
    collectionGroup,
    queryScope,
    ...fields
      .filter((field) => field.fieldPath !== '__name__')
      .map((field) => `${field.fieldPath}:${field.order ?? field.arrayConfig ?? ''}`),
  ].join('|');

type ProjectTarget = Extract<FirebaseTarget, { kind: 'project' }>;

/** Composite indexes of the file missing from the project, created (Google builds them in a few minutes). */
async function createMissingIndexes(target: ProjectTarget, database: string, page: string): Promise<number> {
  const { indexes } = indexFile();
  const listed = await googleRequest<{ indexes?: Array<{ name: string; queryScope: string; fields: IndexField[] }> }>(
    target,
    'GET',
    `${database}/collectionGroups/-/indexes`,
    undefined,
    page,
  );
  const existing = new Set(
    (listed.body.indexes ?? []).map((index) =>
      indexKey(/collectionGroups\/([^/]+)\//.exec(index.name)?.[1] ?? '', index.queryScope, index.fields),
    ),
  );
  const missing = indexes.filter((index) => !existing.has(indexKey(index.collectionGroup, index.queryScope, index.fields)));
  for (const index of missing) {
    await googleRequest(
      target,
      'POST',
      `${database}/collectionGroups/${index.collectionGroup}/indexes`,
      { queryScope: index.queryScope, fields: index.fields },
      page,
    );
  }
  return missing.length;
}

/** Field overrides (single-field indexes off, time-to-live) that differ, patched. */
async function patchFieldOverrides(target: ProjectTarget, database: string, page: string): Promise<number> {
  let patched = 0;
  for (const override of indexFile().fieldOverrides) {
    const url = `${database}/collectionGroups/${override.collectionGroup}/fields/${override.fieldPath}`;
    const field = await googleRequest<{ indexConfig?: { usesAncestorConfig?: boolean }; ttlConfig?: unknown }>(
      target,
      'GET',
      url,
      undefined,
      page,
    );
    const indexesOff = override.indexes.length > 0 || field.body.indexConfig?.usesAncestorConfig === false;
    const ttlRight = Boolean(field.body.ttlConfig) === Boolean(override.ttl);
    if (indexesOff && ttlRight) continue;
    await googleRequest(
      target,
      'PATCH',
      `${url}?updateMask=indexConfig,ttlConfig`,
      { indexConfig: { indexes: override.indexes }, ...(override.ttl ? { ttlConfig: {} } : {}) },
      page,
    );
    patched += 1;
  }
  return patched;
}

/**
 * firestore.indexes.json on a real project through the Firestore Admin
 * API: missing composite indexes created, field overrides (single-field
 * indexes off, time-to-live policies) patched where they differ; nothing
 * is deleted. The emulator needs no index: skipped there.
 */
export const firebaseIndexesStep: SetupStep = {
  title: 'Indici e scadenze di Firestore (firestore.indexes.json)',
  plan: ({ firebase }) =>
    firebase.kind === 'emulator'
      ? ["nessuna chiamata: l'emulatore non usa indici"]
      : [
          `GET ${FIRESTORE_API}/projects/${firebase.projectId}/databases/(default)/collectionGroups/-/indexes`,
          `POST …/collectionGroups/{gruppo}/indexes per ogni indice mancante (${indexFile().indexes.length} nel file)`,
          `GET, e se diverso PATCH, …/collectionGroups/{gruppo}/fields/{campo} per ${indexFile().fieldOverrides.length} campi (scadenze TTL comprese)`,
        ],
  apply: async ({ firebase }) => {
    if (firebase.kind === 'emulator') return { status: 'saltato', detail: "l'emulatore non usa indici" };
    const database = `${FIRESTORE_API}/projects/${firebase.projectId}/databases/(default)`;
    const page = `https://console.firebase.google.com/project/${firebase.projectId}/firestore/indexes`;
    const created = await createMissingIndexes(firebase, database, page);
    const patched = await patchFieldOverrides(firebase, database, page);
    if (created === 0 && patched === 0) return { status: 'già a posto', detail: 'ogni indice e scadenza del file è sul progetto' };
    return {
      status: 'aggiornato',
      detail: `${created} indici creati (si costruiscono in qualche minuto), ${patched} campi aggiornati`,
    };
  },
};
