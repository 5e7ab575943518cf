import type { Config } from '@netlify/functions';
import { eventSignupContract } from '@contracts/event-signup';
import { contractFunction } from '../lib/contract-function';
import { acceptOffer, cancelSignup, signUp } from '../lib/event-signups';
import { getDb } from '../lib/firestore';
import { deliverMail, mailContext } from '../lib/mail/outbox';
import { requireSession } from '../lib/session';

/**
 * event-signup (eventSignupContract; docs/api.md, "event-signup";
 * docs/events.md): 'Iscrivi', 'Annulla iscrizione' and 'Conferma' of a
 * place offered, for a child of the session's family; the offer e-mail of
 * a freed place leaves after the answer.
 */
export default contractFunction(eventSignupContract, async ({ action, eventId, childId }, request, context) => {
  const session = await requireSession(request);
  const db = getDb();
  if (action === 'signup') return { body: await signUp(db, session, eventId, childId) };
  if (action === 'accept') return { body: await acceptOffer(db, session, eventId, childId) };
  const { outcome, mailId } = await cancelSignup(db, session, eventId, childId, mailContext(request));
  if (mailId) context.waitUntil(deliverMail(db, mailId));
  return { body: outcome };
});

export const config: Config = { rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ['ip', 'domain'] } };
