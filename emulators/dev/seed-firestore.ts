import { hasData, seedDemoData } from '../seed/seed';
import { getDb } from '../../netlify/lib/platform/firestore';

/**
 * Seeds the demo data with firebase-admin when the emulator's database is
 * empty (FIRESTORE_EMULATOR_HOST must point at it). Resolves true when it
 * seeded.
 */
export async function seedIfEmpty(): Promise<boolean> {
  const db = getDb();
  if (await hasData(db)) return false;
  await seedDemoData(db);
  return true;
}
