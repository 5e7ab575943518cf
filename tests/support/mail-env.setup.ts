import { inject } from 'vitest';
import { DEMO_MAIL_FROM, DEMO_SESSION_SECRET } from '../../emulators/dev/stack-environment';

/**
 * Setup file of the unit tests: the functions send their e-mails to the
 * run's mail catcher (tests/support/mail-catcher.global.ts), never to an SMTP
 * server of the developer's shell, from the local stack's sender, and sign
 * sessions with its demo secret. A test about a missing setting deletes the
 * variable itself.
 */
process.env.SMTP_URL = inject('mailCatcher').smtpUrl;
process.env.MAIL_FROM = DEMO_MAIL_FROM;
process.env.SESSION_SECRET = DEMO_SESSION_SECRET;
