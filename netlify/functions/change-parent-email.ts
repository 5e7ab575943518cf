import type { Config } from '@netlify/functions';
import { changeParentEmailContract } from '@contracts/change-parent-email';
import { maskEmail } from '../lib/access/access-codes';
import { contractFunction } from '../lib/platform/contract-function';
import { confirmEmailChange, EMAIL_CODE_MINUTES, parseNewEmail, requestEmailChange } from '../lib/access/email-change';
import { getDb } from '../lib/platform/firestore';
import { mailContext } from '../lib/platform/mail/outbox';
import { deliverMail } from '../lib/mail-delivery';
import { serviceConfig } from '../lib/platform/server-env';
import { requireSession } from '../lib/platform/session';

/**
 * change-parent-email (changeParentEmailContract; docs/api.md,
 * "change-parent-email"; docs/security.md, "Changing a parent's e-mail"):
 * the session parent's own address. `{ email }` sends a code to the new
 * address (requestEmailChange); `{ code }` confirms it (confirmEmailChange)
 * and tells the old address. The e-mails leave after the answer.
 */
export default contractFunction(changeParentEmailContract, async (input, request, context) => {
  const session = await requireSession(request);
  serviceConfig('mail');
  const db = getDb();
  const mail = mailContext(request);
  if ('email' in input) {
    const email = parseNewEmail(input.email);
    const mailId = await requestEmailChange(db, session, email, mail);
    if (mailId) context.waitUntil(deliverMail(db, mailId));
    return { body: { status: 'code-sent', email: maskEmail(email), minutes: EMAIL_CODE_MINUTES } };
  }
  const changed = await confirmEmailChange(db, session, input.code.trim(), mail);
  if (changed.mailId) context.waitUntil(deliverMail(db, changed.mailId));
  return { body: { status: 'changed', email: changed.email } };
});

/** 10 a minute per address and domain: the code's own tries are counted per change. */
export const config: Config = { rateLimit: { windowLimit: 10, windowSize: 60, aggregateBy: ['ip', 'domain'] } };
