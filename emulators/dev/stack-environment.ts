import { readFileSync } from 'node:fs';
import type { StackSettings } from './settings';

/** The demo Cloudinary account the media emulator accepts and get-signature signs with. */
export const DEMO_MEDIA = { cloudName: 'demo', apiKey: 'demo-api-key', apiSecret: 'demo-api-secret', uploadPreset: 'schede-mediche' };

/** Where the media (Cloudinary) emulator of a stack answers, e.g. http://127.0.0.1:9300. */
export const mediaEmulatorUrl = (settings: StackSettings): string => `http://${settings.host}:${settings.mediaPort}`;

/**
 * The group's name from group.config.json, read as a file: Playwright loads
 * this module (through playwright.config.ts) with Node's own ESM loader,
 * which imports JSON only with an import attribute the browser build does not take.
 */
const groupName = (JSON.parse(readFileSync(new URL('../../group.config.json', import.meta.url), 'utf8')) as { name: string }).name;

/** The sender of the local stack's e-mails: the group's name at a reserved example domain. */
export const DEMO_MAIL_FROM = `${groupName} <portale@example.org>`;

/**
 * Signs the parents' sessions on local stacks and in the tests only: it is
 * public (in this repository), so a deploy sets a secret of its own
 * (`openssl rand -base64 48`, .env.example).
 */
export const DEMO_SESSION_SECRET = 'demo-session-secret-local-stack-only-0123456789';

/** Where the functions send e-mail on a local stack: the mail catcher's SMTP port (emulators/dev/mail-catcher.ts). */
export const mailSmtpUrl = (settings: StackSettings): string => `smtp://${settings.host}:${settings.mailSmtpPort}`;

/**
 * The server's environment on a local stack (docs/local-stack.md): what the
 * functions, the seed and `npm run admin` need to find the emulators, the
 * demo Cloudinary account and the mail catcher. `npm run dev` sets it in its
 * own process and Vite's (whose Netlify plugin runs the functions); under `netlify dev`,
 * netlify-cli runs the functions itself and reads the same values, at the
 * default ports, from emulators/dev/netlify-dev.env (netlify.toml
 * `[dev] envFiles`; tests/unit/emulators/netlify-dev-env.test.ts keeps the
 * two equal).
 */
export function serverEnvironment(settings: StackSettings): Record<string, string> {
  return {
    FIRESTORE_EMULATOR_HOST: `${settings.host}:${settings.firestorePort}`,
    FIREBASE_AUTH_EMULATOR_HOST: `${settings.host}:${settings.authPort}`,
    FIREBASE_PROJECT_ID: settings.projectId,
    // No Google credentials locally: google-auth-library must not probe the cloud metadata server.
    METADATA_SERVER_DETECTION: 'none',
    CLOUDINARY_CLOUD_NAME: DEMO_MEDIA.cloudName,
    CLOUDINARY_API_KEY: DEMO_MEDIA.apiKey,
    CLOUDINARY_API_SECRET: DEMO_MEDIA.apiSecret,
    CLOUDINARY_UPLOAD_PRESET: DEMO_MEDIA.uploadPreset,
    // get-signature's upload address and the signed download URLs (admin-medical-form) point at the media emulator.
    CLOUDINARY_API_URL: mediaEmulatorUrl(settings),
    // Every e-mail goes to the mail catcher, whose web inbox shows it (never a real mailbox).
    SMTP_URL: mailSmtpUrl(settings),
    MAIL_FROM: DEMO_MAIL_FROM,
    SESSION_SECRET: DEMO_SESSION_SECRET,
  };
}

/** The browser's public configuration on a local stack: the `VITE_` values that point it at the emulators. */
export function browserEnvironment(settings: StackSettings): Record<string, string> {
  return {
    VITE_FIREBASE_API_KEY: 'demo-api-key',
    VITE_FIREBASE_PROJECT_ID: settings.projectId,
    VITE_FIREBASE_AUTH_DOMAIN: '',
    VITE_FIREBASE_APP_ID: '',
    VITE_FIREBASE_AUTH_EMULATOR_URL: `http://${settings.host}:${settings.authPort}`,
    VITE_FIRESTORE_EMULATOR_HOST: `${settings.host}:${settings.firestorePort}`,
  };
}
