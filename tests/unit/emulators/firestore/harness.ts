import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import { connectFirestoreEmulator, getFirestore, setLogLevel, type Firestore } from 'firebase/firestore/lite';
import { startFirestoreEmulator, type RunningFirestoreEmulator } from '../../../../emulators/firestore/server';

/** A running emulator with a Firestore Lite client connected to it, for one test file. */
export interface Harness {
  emulator: RunningFirestoreEmulator;
  app: FirebaseApp;
  db: Firestore;
  projectId: string;
  /** POSTs raw JSON to a REST path under /v1/projects/{p}/databases/(default)/documents. */
  rest: (suffix: string, body: unknown) => Promise<{ status: number; json: unknown }>;
  close: () => Promise<void>;
}

let counter = 0;

// Failing RPCs are part of these tests; keep the SDK's warnings out of the output.
setLogLevel('silent');

/** Starts an in-memory emulator on a free port and connects the SDK. */
export async function startHarness(options: { dataDir?: string } = {}): Promise<Harness> {
  const emulator = await startFirestoreEmulator({ port: 0, ...options });
  const projectId = `demo-test-${process.pid}-${++counter}`;
  const app = initializeApp({ projectId, apiKey: 'demo-key' }, projectId);
  const db = getFirestore(app);
  connectFirestoreEmulator(db, '127.0.0.1', emulator.port);
  const base = `${emulator.url}/v1/projects/${projectId}/databases/(default)/documents`;
  return {
    emulator,
    app,
    db,
    projectId,
    rest: async (suffix, body) => {
      const response = await fetch(`${base}${suffix}`, { method: 'POST', body: typeof body === 'string' ? body : JSON.stringify(body) });
      return { status: response.status, json: await response.json() };
    },
    close: async () => {
      await deleteApp(app);
      await emulator.close();
    },
  };
}

/** The resource name of a document of the harness's database. */
export function nameOf(harness: Harness, path: string): string {
  return `projects/${harness.projectId}/databases/(default)/documents/${path}`;
}
