import { expect } from '@playwright/test';
import type { Firestore } from 'firebase-admin/firestore';
import { DEMO_PROJECT_ID } from '../../emulators/seed/demo-data';
import { E2E_PORTS } from './ports';

/**
 * The browser tests' own Firestore emulator, read and written through its
 * REST API as its owner (`Bearer owner`, which bypasses the security rules as
 * Google documents): to check what a screen saved, or to put a document back
 * between specs sharing one stack.
 */
const DATABASE = `projects/${DEMO_PROJECT_ID}/databases/(default)`;
const DOCUMENTS = `http://127.0.0.1:${E2E_PORTS.firestore}/v1/${DATABASE}/documents`;
const OWNER = { authorization: 'Bearer owner', 'content-type': 'application/json' };

/** A child's document fields (REST values: `{stringValue}`, `{timestampValue}`, …). */
export async function readChild(id: string): Promise<Record<string, { stringValue?: string; timestampValue?: string }>> {
  const response = await fetch(`${DOCUMENTS}:batchGet`, {
    method: 'POST',
    headers: OWNER,
    body: JSON.stringify({ documents: [`${DATABASE}/documents/sons/${id}`] }),
  });
  const [result] = (await response.json()) as Array<{
    found: { fields: Record<string, { stringValue?: string; timestampValue?: string }> };
  }>;
  return result!.found.fields;
}

/** Clears a child's medical form, the one in force and the history (specs share one stack: an earlier one may have uploaded it). */
export async function clearMedicalDoc(id: string): Promise<void> {
  const response = await fetch(`${DOCUMENTS}/sons/${id}?updateMask.fieldPaths=medical_doc&updateMask.fieldPaths=medical_forms`, {
    method: 'PATCH',
    headers: OWNER,
    body: JSON.stringify({ fields: { medical_doc: { stringValue: '' }, medical_forms: { arrayValue: {} } } }),
  });
  expect(response.ok).toBe(true);
}

/** How many payments Firestore holds for `familyId` and `plan`. */
export async function countPayments(familyId: string, plan: string): Promise<number> {
  const equal = (fieldPath: string, value: string) => ({
    fieldFilter: { field: { fieldPath }, op: 'EQUAL', value: { stringValue: value } },
  });
  const response = await fetch(`${DOCUMENTS}:runQuery`, {
    method: 'POST',
    headers: OWNER,
    body: JSON.stringify({
      structuredQuery: {
        from: [{ collectionId: 'payments' }],
        where: { compositeFilter: { op: 'AND', filters: [equal('family_id', familyId), equal('plan', plan)] } },
      },
    }),
  });
  const rows = (await response.json()) as Array<{ document?: unknown }>;
  return rows.filter((row) => row.document).length;
}

/**
 * Puts the demo data back as the stack started with it (the emulator's own
 * endpoint empties the database, then emulators/seed/seed.ts writes it with
 * firebase-admin): for a spec that changes the roster, so the specs after it
 * see the demo families.
 */
export async function resetToDemoData(): Promise<void> {
  const response = await fetch(`http://127.0.0.1:${E2E_PORTS.firestore}/emulator/v1/${DATABASE}/documents`, { method: 'DELETE' });
  expect(response.ok).toBe(true);
  const [db, { seedDemoData }] = await Promise.all([emulatorDb(), import('../../emulators/seed/seed')]);
  await seedDemoData(db);
}

/** The e2e stack's Firestore through firebase-admin, as the functions see it: to write fixtures (tests/support/group-document-fixtures.ts). */
export async function emulatorDb(): Promise<Firestore> {
  process.env.FIRESTORE_EMULATOR_HOST = `127.0.0.1:${E2E_PORTS.firestore}`;
  process.env.FIREBASE_PROJECT_ID = DEMO_PROJECT_ID;
  const { getDb } = await import('../../netlify/lib/platform/firestore');
  return getDb();
}

/**
 * Deletes what the parents of `familyId` signed or asked to sign in the
 * browser (the signatures the demo data did not write, `demo-…`, and the
 * pending signing requests), so a spec signing starts from the demo data
 * whatever ran before it.
 */
export async function clearFamilySignatures(familyId: string): Promise<void> {
  const db = await emulatorDb();
  const [signatures, requests] = await Promise.all([
    db.collection('document_signatures').where('family_id', '==', familyId).get(),
    db.collection('signature_requests').where('family_id', '==', familyId).get(),
  ]);
  const written = [...signatures.docs.filter((doc) => !doc.id.startsWith('demo-')), ...requests.docs];
  await Promise.all(written.map((doc) => doc.ref.delete()));
}

/** The signatures stored for the document version `documentId`: child, parent and whether withdrawn. */
export async function signaturesOf(documentId: string): Promise<Array<{ child: string; parent: string; withdrawn: boolean }>> {
  const snapshot = await (await emulatorDb()).collection('document_signatures').where('document_id', '==', documentId).get();
  return snapshot.docs.map((doc) => ({
    child: doc.get('child_id') as string,
    parent: doc.get('parent_id') as string,
    withdrawn: doc.get('withdrawn_at') !== null,
  }));
}
