import { greeting, layout, linkParagraph, paragraph, textLayout, type MailContent, type MailContext } from '../platform/mail/layout';

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
 * famiglia') and to ignore it when just done. Pure, like ./messages.ts.
 */
export function eventPapersReminderMail(reminder: EventPapersReminder, context: MailContext): MailContent {
  const subject = `Promemoria: documenti per ${reminder.eventName}`;
  const say = (text: string) => ({ html: paragraph(text), text });
  const parts = [
    say(greeting(reminder.familySurname)),
    say(`per «${reminder.eventName}» (${reminder.when}), a cui siete iscritti, mancano ancora:`),
    ...reminder.children.map((child) => say(`• ${child}`)),
    say('Puoi firmare e caricare tutto dalla pagina «La mia famiglia»:'),
    { html: linkParagraph(reminder.familyUrl), text: reminder.familyUrl },
    say('Se lo hai appena fatto, ignora questa e-mail.'),
  ];
  return {
    subject,
    text: textLayout(parts.map((part) => part.text).join('\n\n')),
    html: layout(subject, parts.map((part) => part.html).join('\n'), context),
  };
}
