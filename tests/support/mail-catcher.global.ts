import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startMailCatcher } from '../../emulators/dev/mail-catcher';
import { testMailPorts } from './mail-inbox';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The node tests' mail catcher: SMTP (the functions' SMTP_URL) and its web inbox (tests/support/mail-inbox.ts). */
    mailCatcher: { smtpUrl: string; webUrl: string };
  }
}

/**
 * Vitest global setup of the unit tests: one mail catcher (MailDev, as in
 * `npm run dev`) for the whole run, SMTP on MAIL_TEST_SMTP_PORT (1225 by
 * default) and its web inbox on MAIL_TEST_WEB_PORT (1280), keeping its
 * messages in a temporary folder removed at the end.
 * tests/support/mail-env.setup.ts points each test file's SMTP_URL at it;
 * `testInbox()` reads what arrived.
 */
export default async function setup(project: TestProject) {
  const ports = testMailPorts();
  const mailDir = await mkdtemp(path.join(tmpdir(), 'test-mail-'));
  const catcher = await startMailCatcher({ host: '127.0.0.1', smtpPort: ports.smtp, webPort: ports.web, mailDir });
  project.provide('mailCatcher', { smtpUrl: catcher.smtpUrl, webUrl: catcher.webUrl });
  return async () => {
    await catcher.close();
    await rm(mailDir, { recursive: true, force: true });
  };
}
