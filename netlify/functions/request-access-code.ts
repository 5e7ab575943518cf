import type { Config } from '@netlify/functions';
import { accessReturnPath } from '@config/paths';
import { requestAccessCodeContract } from '@contracts/request-access-code';
import { issueAccess, maskEmail } from '../lib/access/access-codes';
import { findParentByCf } from '../lib/families/families';
import { UnknownFiscalCodeError, fiscalCodeContractFunction } from '../lib/platform/fiscal-code-budget';
import { getDb } from '../lib/platform/firestore';
import { HttpError } from '../lib/platform/http';
import { mailContext } from '../lib/platform/mail/outbox';
import { deliverMail } from '../lib/mail-delivery';
import { parseFiscalCode } from '../lib/orders/order-request';
import { serviceConfig } from '../lib/platform/server-env';
import { readSession } from '../lib/platform/session';

/**
 * request-access-code (requestAccessCodeContract; docs/security.md,
 * "Parents' sessions"), the first step of 'Trova': a browser holding this
 * parent's session needs no code (the other parent's does: what a parent
 * signs is theirs, docs/documents.md, "Signing"); otherwise issueAccess writes a code and a
 * one-time sign-in link (or the link alone while codes are paused) to the
 * outbox, sent after the answer so its time says nothing of the mail server.
 */
export default fiscalCodeContractFunction(requestAccessCodeContract, async (input, request, context) => {
  const cf = parseFiscalCode(input.cf);
  serviceConfig('mail');
  const db = getDb();
  const [parent, session] = await Promise.all([findParentByCf(db, cf), readSession(request)]);
  if (!parent) throw new UnknownFiscalCodeError();
  if (session?.familyId === parent.family_id && session.parentId === parent.id) return { body: { status: 'session' } };
  if (!parent.email) throw new HttpError(422, requestAccessCodeContract.messages.noEmail);
  const issued = await issueAccess(db, parent, {
    siteUrl: mailContext(request).siteUrl,
    returnPath: accessReturnPath(input.returnPath),
    resend: input.resend,
  });
  if (issued.mailId) context.waitUntil(deliverMail(db, issued.mailId));
  const email = maskEmail(parent.email);
  return {
    body:
      issued.mode === 'code'
        ? { status: 'code-sent', email, resendAfterSeconds: issued.resendAfterSeconds, sameCode: issued.sameCode }
        : { status: 'link-sent', email, resendAfterSeconds: issued.resendAfterSeconds },
  };
});

/** Netlify's rate limit, besides the fiscal-code budget: 10 a minute per address and domain, like lookup-family. */
export const config: Config = { rateLimit: { windowLimit: 10, windowSize: 60, aggregateBy: ['ip', 'domain'] } };
