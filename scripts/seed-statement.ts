import { getDb } from '../netlify/lib/platform/firestore';
import { seedStatementDemo } from '../emulators/seed/seed';
import { readStackSettings } from '../emulators/dev/settings';
import { serverEnvironment } from '../emulators/dev/stack-environment';

/**
 * `npm run seed:statement`, with `npm run dev` running: adds to the local
 * Firestore emulator the Bonifico orders the statement samples pay
 * (docs/samples/estratto-conto.camt053.xml and .csv; docs/admin.md,
 * "Estratto conto"), so a newcomer can import them in 'Estratto conto'.
 * Writing them again changes nothing.
 */
const settings = readStackSettings();
const environment = serverEnvironment(settings);
process.env.FIRESTORE_EMULATOR_HOST = environment.FIRESTORE_EMULATOR_HOST;
process.env.FIREBASE_PROJECT_ID = environment.FIREBASE_PROJECT_ID;
await seedStatementDemo(getDb());
console.log(
  '[seed:statement] the sample statement’s orders are in the local Firestore: open Admin → Estratto conto and import docs/samples/estratto-conto.camt053.xml',
);
