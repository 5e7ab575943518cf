import type { Firestore } from 'firebase-admin/firestore';
import { inject } from 'vitest';
import { seedDemoData } from '../../emulators/seed/seed';

/**
 * Points the server code of this test file (netlify/lib/platform/firestore.ts) at the
 * shared Firestore emulator under a project id of its own, and returns its
 * firebase-admin client. Call once per file, before the first function call.
 */
export async function useEmulatorDb(projectId: string): Promise<Firestore> {
  process.env.FIRESTORE_EMULATOR_HOST = inject('firestoreEmulatorHost');
  process.env.FIREBASE_PROJECT_ID = projectId;
  const { getDb } = await import('../../netlify/lib/platform/firestore');
  return getDb();
}

/** Deletes every document of the file's project (the emulator's own endpoint). */
export async function clearDb(projectId: string): Promise<void> {
  const response = await fetch(
    `http://${inject('firestoreEmulatorHost')}/emulator/v1/projects/${projectId}/databases/(default)/documents`,
    { method: 'DELETE' },
  );
  if (!response.ok) throw new Error(`Could not clear ${projectId}: ${response.status}`);
}

/** Clears the project and writes the demo data of `npm run dev`. */
export async function resetToDemoData(db: Firestore, projectId: string): Promise<void> {
  await clearDb(projectId);
  await seedDemoData(db);
}

/**
 * msw's `onUnhandledRequest` for server tests that intercept Stripe: the
 * Firestore emulator's own requests (127.0.0.1) pass, anything else
 * unexpected fails the test.
 */
export const onlyEmulatorUnhandled = (request: Request, print: { error: () => void }): void => {
  if (new URL(request.url).hostname !== '127.0.0.1') print.error();
};
