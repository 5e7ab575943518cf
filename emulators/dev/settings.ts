import path from 'node:path';
import { DEMO_PROJECT_ID } from '../seed/demo-data';

/**
 * Ports and folders of one local stack. `npm run dev` uses the defaults; the
 * browser tests set other ports and a data folder of their own through the
 * environment, so they can run while a developer's stack is up.
 */
export interface StackSettings {
  projectId: string;
  dataDir: string;
  host: string;
  appPort: number;
  firestorePort: number;
  authPort: number;
  /** Ports the Firebase CLI reserves next to the Auth emulator. */
  hubPort: number;
  loggingPort: number;
  mediaPort: number;
  /** The mail catcher (emulators/dev/mail-catcher.ts): SMTP, and its web inbox with the REST API. */
  mailSmtpPort: number;
  mailWebPort: number;
}

const readPort = (env: NodeJS.ProcessEnv, name: string, fallback: number) => {
  const value = Number(env[name] ?? fallback);
  if (!Number.isInteger(value) || value <= 0 || value > 65535) throw new Error(`${name} must be a TCP port, got "${env[name]}"`);
  return value;
};

/** Reads the stack settings from the environment (see README, "Local stack"). */
export function readStackSettings(env: NodeJS.ProcessEnv = process.env): StackSettings {
  return {
    projectId: DEMO_PROJECT_ID,
    dataDir: path.resolve(env.DATA_DIR ?? '.data'),
    host: '127.0.0.1',
    appPort: readPort(env, 'PORT', 5173),
    firestorePort: readPort(env, 'FIRESTORE_EMULATOR_PORT', 8080),
    authPort: readPort(env, 'AUTH_EMULATOR_PORT', 9099),
    hubPort: readPort(env, 'FIREBASE_HUB_PORT', 4400),
    loggingPort: readPort(env, 'FIREBASE_LOGGING_PORT', 4500),
    mediaPort: readPort(env, 'MEDIA_EMULATOR_PORT', 9300),
    mailSmtpPort: readPort(env, 'MAIL_SMTP_PORT', 1025),
    mailWebPort: readPort(env, 'MAIL_WEB_PORT', 1080),
  };
}

/**
 * How the launcher's "stack is up" line starts, printed once the app, the
 * emulators and the demo data are all ready: the browser tests and the
 * benchmark wait for it (Vite alone answers earlier).
 */
export const STACK_READY = '[dev] ready:';
