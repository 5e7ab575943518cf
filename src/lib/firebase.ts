import { initializeApp, type FirebaseApp } from 'firebase/app';
import { browserLocalPersistence, connectAuthEmulator, initializeAuth, type Auth } from 'firebase/auth';
import { connectFirestoreEmulator, getFirestore, type Firestore } from 'firebase/firestore/lite';
import { appEnv } from '@config/env';

/** Thrown when the build has no Firebase configuration; screens show {@link message}. */
export class ServiceNotConfiguredError extends Error {
  constructor(service: string) {
    super(`Il servizio ${service} non è configurato. Contatta il gruppo.`);
    this.name = 'ServiceNotConfiguredError';
  }
}

interface FirebaseClients {
  app: FirebaseApp;
  auth: Auth;
  db: Firestore;
}

let clients: FirebaseClients | null = null;

/**
 * The admin screens' Firebase clients (Auth and Firestore Lite), created on
 * first use; parents' screens never load them.
 * With emulator hosts in the environment (`npm run dev`, tests) they talk to
 * the local emulators; otherwise to the real project of the build.
 * @throws ServiceNotConfiguredError when the build has no Firebase settings.
 */
export function getFirebase(): FirebaseClients {
  if (clients) return clients;
  const settings = appEnv().firebase;
  if (!settings) throw new ServiceNotConfiguredError('database');
  const app = initializeApp({
    apiKey: settings.apiKey,
    authDomain: settings.authDomain,
    projectId: settings.projectId,
    appId: settings.appId,
  });
  // initializeAuth without a popup/redirect resolver: admins sign in with
  // e-mail/password only, so the bundle stays smaller.
  const auth = initializeAuth(app, { persistence: browserLocalPersistence });
  const db = getFirestore(app);
  if (settings.authEmulatorUrl) {
    connectAuthEmulator(auth, settings.authEmulatorUrl, { disableWarnings: true });
  }
  if (settings.firestoreEmulatorHost) {
    const [host = '127.0.0.1', port = '8080'] = settings.firestoreEmulatorHost.split(':');
    connectFirestoreEmulator(db, host, Number(port));
  }
  clients = { app, auth, db };
  return clients;
}
