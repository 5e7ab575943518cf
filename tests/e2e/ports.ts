/** The line tests/e2e/serve-built-app.ts prints once the built app answers (Playwright waits for it). */
export const BUILT_APP_READY = '[e2e] built app ready:';

/**
 * Ports of the browser tests' own stack. E2E_PORT_OFFSET moves every port
 * (and the data folder) so two runs can share a machine.
 */
export const E2E_PORT_OFFSET = Number(process.env.E2E_PORT_OFFSET ?? 0);
export const E2E_PORTS = {
  /** The dev stack's Vite: the functions (and the dev server's pages, which the tests do not visit). */
  app: 5180 + E2E_PORT_OFFSET,
  /** The production build the tests visit (tests/e2e/serve-built-app.ts). */
  site: 5179 + E2E_PORT_OFFSET,
  firestore: 8180 + E2E_PORT_OFFSET,
  auth: 9180 + E2E_PORT_OFFSET,
  hub: 4480 + E2E_PORT_OFFSET,
  logging: 4580 + E2E_PORT_OFFSET,
  media: 9380 + E2E_PORT_OFFSET,
  /** The mail catcher (emulators/dev/mail-catcher.ts): SMTP, where the functions send. */
  mailSmtp: 1125 + E2E_PORT_OFFSET,
  /** The mail catcher's web inbox and REST API (tests/support/mail-inbox.ts). */
  mailWeb: 1180 + E2E_PORT_OFFSET,
};

/** The e2e stack's web inbox: `mailInbox(E2E_MAIL_WEB_URL)` (tests/support/mail-inbox.ts) reads what the functions sent. */
export const E2E_MAIL_WEB_URL = `http://127.0.0.1:${E2E_PORTS.mailWeb}`;
