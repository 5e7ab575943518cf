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
 * address and one to the current address (requestEmailChange); `{ code,
 * oldCode }` confirms both (confirmEmailChange) and tells the old address;
 * `{ code, askGroup }` leaves the change to the group (admin-email-change).
 * The e-mails leave after the answer.
 */
export default contractFunction(changeParentEmailContract, async (input, request, context) => {
  const session = await requireSession(request);
  serviceConfig('mail');
  const db = getDb();
  const mail = mailContext(request);
  if ('email' in input) {
    const email = parseNewEmail(input.email);
    const { mailIds, oldEmail } = await requestEmailChange(db, session, email, mail);
    for (const mailId of mailIds) context.waitUntil(deliverMail(db, mailId));
    return {
      body: { status: 'code-sent', email: maskEmail(email), oldEmail: oldEmail && maskEmail(oldEmail), minutes: EMAIL_CODE_MINUTES },
    };
  }
  const code = input.code.trim();
  const proof = 'oldCode' in input ? { code, oldCode: input.oldCode.trim() } : { code, askGroup: true as const };
  const outcome = await confirmEmailChange(db, session, proof, mail);
  if (outcome.kind === 'awaiting-group') return { body: { status: 'awaiting-group', email: outcome.email } };
  if (outcome.mailId) context.waitUntil(deliverMail(db, outcome.mailId));
  return { body: { status: 'changed', email: outcome.email } };
});

/** 10 a minute per address and domain: the code's own tries are counted per change. */
export const config: Config = { rateLimit: { windowLimit: 10, windowSize: 60, aggregateBy: ['ip', 'domain'] } };
