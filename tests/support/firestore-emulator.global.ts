import type { TestProject } from 'vitest/node';
import { startFirestoreEmulator } from '../../emulators/dev/firestore-emulator';

declare module 'vitest' {
  export interface ProvidedContext {
    /** host:port of the Firestore emulator the tests share. */
    firestoreEmulatorHost: string;
  }
}

/**
 * Vitest global setup of the node tests: one official Firestore emulator
 * (in memory, firestore.rules loaded) for the whole run, on
 * FIRESTORE_TEST_PORT (8280 by default). Each test file uses a project id
 * of its own, so files never see each other's documents.
 */
export default async function setup(project: TestProject) {
  const port = Number(process.env.FIRESTORE_TEST_PORT ?? 8280);
  const emulator = await startFirestoreEmulator({
    host: '127.0.0.1',
    port,
    projectId: 'demo-tests',
    rulesPath: 'firestore.rules',
  });
  project.provide('firestoreEmulatorHost', emulator.hostPort);
  return () => emulator.close();
}
