import { expect } from '@playwright/test';
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
  process.env.FIRESTORE_EMULATOR_HOST = `127.0.0.1:${E2E_PORTS.firestore}`;
  process.env.FIREBASE_PROJECT_ID = DEMO_PROJECT_ID;
  const [{ getDb }, { seedDemoData }] = await Promise.all([import('../../netlify/lib/firestore'), import('../../emulators/seed/seed')]);
  await seedDemoData(getDb());
}
