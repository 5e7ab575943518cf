import type { Config } from '@netlify/functions';
import { eventSignupContract } from '@contracts/event-signup';
import { contractFunction } from '../lib/platform/contract-function';
import { acceptOffer, cancelSignup, signUp } from '../lib/events/event-signups';
import { getDb } from '../lib/platform/firestore';
import { mailContext } from '../lib/platform/mail/outbox';
import { deliverMail } from '../lib/mail-delivery';
import { requireSession } from '../lib/platform/session';

/**
 * event-signup (eventSignupContract; docs/api.md, "event-signup";
 * docs/events.md): 'Iscrivi', 'Annulla iscrizione' and 'Conferma' of a
 * place offered, for a child of the session's family; the e-mail it writes
 * (a place confirmed, with its calendar entry; a freed place offered to the
 * next family) leaves after the answer.
 */
export default contractFunction(eventSignupContract, async ({ action, eventId, childId }, request, context) => {
  const session = await requireSession(request);
  const db = getDb();
  const mail = mailContext(request);
  const act = action === 'signup' ? signUp : action === 'accept' ? acceptOffer : cancelSignup;
  const { outcome, mailId } = await act(db, session, eventId, childId, mail);
  if (mailId) context.waitUntil(deliverMail(db, mailId));
  return { body: outcome };
});

export const config: Config = { rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ['ip', 'domain'] } };
