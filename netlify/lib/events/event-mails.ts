import { compose, greeting, linkBlock, say, type MailContent, type MailContext } from '../platform/mail/layout';

/**
 * The e-mails of outings and camps (docs/events.md, "The waiting list"), in
 * Italian, pure, built from the parts of netlify/lib/platform/mail/layout.ts.
 */

/** Data of {@link eventOfferMail}: the event's name and dates as Italians read them, the child, and the offer's end ('dd/mm/yyyy hh:mm'). */
export interface EventOfferMail {
  eventName: string;
  when: string;
  child: string;
  offeredUntil: string;
}

/**
 * 'Si è liberato un posto: {event}': a place freed for the child at the
 * head of the waiting list, the deadline to confirm, and the link to 'La
 * mia famiglia' where 'Conferma' takes it; past the deadline it goes to the
 * next family.
 */
export function eventOfferMail(offer: EventOfferMail, context: MailContext): MailContent {
  const subject = `Si è liberato un posto: ${offer.eventName}`;
  const link = `${context.siteUrl.replace(/\/+$/, '')}/famiglia`;
  const parts = [
    say(greeting()),
    say(`si è liberato un posto per ${offer.child} a «${offer.eventName}» (${offer.when}), per cui era in lista d'attesa.`),
    say(
      `Il posto è tenuto per voi fino al ${offer.offeredUntil}: per confermarlo entra nella pagina «La mia famiglia» e premi «Conferma».`,
    ),
    linkBlock(link),
    say("Dopo quella data il posto passerà alla famiglia successiva in lista d'attesa. Se non vi serve più, non dovete fare nulla."),
  ];
  return compose(subject, parts, context);
}

/** Data of {@link eventCancelledMail}: the event's name and dates as Italians read them, and the family's children signed up (or waiting). */
export interface EventCancelledMail {
  eventName: string;
  when: string;
  children: string[];
}

/**
 * 'Annullato: {event}': the capi called off an event the family's children
 * were signed up for (or waiting for); nothing to do, a quota already paid
 * is refunded by the group.
 */
export function eventCancelledMail(cancelled: EventCancelledMail, context: MailContext): MailContent {
  const subject = `Annullato: ${cancelled.eventName}`;
  const parts = [
    say(greeting()),
    say(
      `i capi hanno annullato «${cancelled.eventName}» (${cancelled.when}), a cui era iscritto o in lista d'attesa: ${cancelled.children.join(', ')}.`,
    ),
    say('Non dovete fare nulla. Se avevate già pagato la quota, il gruppo vi contatterà per il rimborso; per domande scrivete ai capi.'),
  ];
  return compose(subject, parts, context);
}

/** Data of {@link eventConfirmedMail}: the event's name, dates and place as Italians read them, the meeting point ('' when it is the place), the child. */
export interface EventConfirmedMail {
  eventName: string;
  when: string;
  place: string;
  meetingPoint: string;
  child: string;
}

/**
 * 'Iscrizione confermata: {event}': the child has a place (a sign-up
 * confirmed, or an offered place taken), with the dates, the place, the
 * meeting point, the calendar entry attached (netlify/lib/events/event-calendar.ts)
 * and the link to 'La mia famiglia', where what is still needed (documents,
 * medical form, the quota) is listed and 'Annulla iscrizione' frees the place.
 */
export function eventConfirmedMail(confirmed: EventConfirmedMail, context: MailContext): MailContent {
  const subject = `Iscrizione confermata: ${confirmed.eventName}`;
  const link = `${context.siteUrl.replace(/\/+$/, '')}/famiglia`;
  const parts = [
    say(greeting()),
    say(`${confirmed.child} ha un posto a «${confirmed.eventName}», ${confirmed.when}, a ${confirmed.place}.`),
    ...(confirmed.meetingPoint ? [say(`Ritrovo: ${confirmed.meetingPoint}.`)] : []),
    say("In allegato trovate l'evento da aggiungere al vostro calendario."),
    say(
      'Nella pagina «La mia famiglia» trovate cosa manca ancora (documenti da firmare, scheda medica, quota) e, se non potete più partecipare, «Annulla iscrizione» per lasciare il posto a chi è in lista d’attesa.',
    ),
    linkBlock(link),
  ];
  return compose(subject, parts, context);
}
