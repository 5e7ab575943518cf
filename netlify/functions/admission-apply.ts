import type { Config } from '@netlify/functions';
import { admissionApplyContract } from '@contracts/admission-apply';
import { confirmApplication, startApplication } from '../lib/admissions/admission-apply';
import { contractFunction } from '../lib/platform/contract-function';
import { getDb } from '../lib/platform/firestore';
import { mailContext } from '../lib/platform/mail/outbox';
import { deliverMail } from '../lib/mail-delivery';
import { serviceConfig } from '../lib/platform/server-env';

/**
 * admission-apply (admissionApplyContract; docs/api.md, "admission-apply"):
 * 'Iscrivi alla lista d'attesa' with no session. `apply` checks the
 * application and e-mails a code to the parent (startApplication); `confirm`
 * with the code puts it on the list and e-mails its number, position and
 * status link (confirmApplication). The e-mails leave after the answer.
 */
export default contractFunction(admissionApplyContract, async (input, request, context) => {
  serviceConfig('mail');
  const db = getDb();
  const mail = mailContext(request);
  if (input.step === 'apply') {
    const { mailId, ...sent } = await startApplication(db, input, mail);
    if (mailId) context.waitUntil(deliverMail(db, mailId));
    return { body: { status: 'code-sent', ...sent } };
  }
  const { place, mailId } = await confirmApplication(db, input, mail);
  if (mailId) context.waitUntil(deliverMail(db, mailId));
  return { body: { status: 'applied', place } };
});

/** 10 a minute per address and domain: the code's own tries and the sign-in allowance bound the rest. */
export const config: Config = { rateLimit: { windowLimit: 10, windowSize: 60, aggregateBy: ['ip', 'domain'] } };
