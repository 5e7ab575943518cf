import { deleteApp, initializeApp } from 'firebase/app';
import { connectFirestoreEmulator, getFirestore } from 'firebase/firestore/lite';
import { hasData, seedDemoData } from '../seed/seed';
import type { StackSettings } from './settings';

/**
 * Seeds the demo data through the Firestore SDK when the emulator's database
 * is empty. Resolves true when it seeded.
 */
export async function seedIfEmpty(settings: StackSettings): Promise<boolean> {
  const app = initializeApp({ projectId: settings.projectId, apiKey: 'demo-api-key' }, `seed-${Date.now()}`);
  try {
    const db = getFirestore(app);
    connectFirestoreEmulator(db, settings.host, settings.firestorePort);
    if (await hasData(db)) return false;
    await seedDemoData(db);
    return true;
  } finally {
    await deleteApp(app);
  }
}
