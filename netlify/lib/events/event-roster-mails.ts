import { compose, greeting, linkBlock, say, type MailContent, type MailContext } from '../platform/mail/layout';

/** Data of {@link eventPapersReminderMail}: the event's name and dates, each child with what is still missing for it, and the page to do it on. */
export interface EventPapersReminder {
  familySurname: string;
  eventName: string;
  /** 'dal 09/05 ore 08:30 al 10/05 ore 17:00'. */
  when: string;
  /** 'Marco: Autorizzazione uscite (da firmare), scheda medica'. */
  children: readonly string[];
  familyUrl: string;
}

/**
 * 'Promemoria: documenti per {event}' (docs/events.md, "Reminders"): the
 * event the child is signed up for, what is still missing for each child
 * (documents to sign, the medical form to upload), where to do it ('La mia
 * famiglia') and to ignore it when just done. Pure, built from the parts of
 * netlify/lib/platform/mail/layout.ts.
 */
export function eventPapersReminderMail(reminder: EventPapersReminder, context: MailContext): MailContent {
  const subject = `Promemoria: documenti per ${reminder.eventName}`;
  const parts = [
    say(greeting(reminder.familySurname)),
    say(`per «${reminder.eventName}» (${reminder.when}), a cui siete iscritti, mancano ancora:`),
    ...reminder.children.map((child) => say(`• ${child}`)),
    say('Puoi firmare e caricare tutto dalla pagina «La mia famiglia»:'),
    linkBlock(reminder.familyUrl),
    say('Se lo hai appena fatto, ignora questa e-mail.'),
  ];
  return compose(subject, parts, context);
}
