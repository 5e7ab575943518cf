import { compose, greeting, say, type MailContent, type MailContext } from '../platform/mail/layout';

/** The e-mail of a medical form received, in Italian, built from the parts of netlify/lib/platform/mail/layout.ts. */

/** Data of {@link medicalFormReceivedMail}: the child, the camp year, and the family's surname for the greeting ('Gentile genitore,' without it). */
export interface MedicalFormReceivedMail {
  childName: string;
  /** The camp year (`SEASON.campYear`). */
  season: number;
  familySurname?: string;
}

/** 'Scheda medica ricevuta': the child's medical form for the season's camp arrived. */
export function medicalFormReceivedMail(form: MedicalFormReceivedMail, context: MailContext): MailContent {
  return compose(
    'Scheda medica ricevuta',
    [
      say(greeting(form.familySurname)),
      say(`abbiamo ricevuto la scheda medica di ${form.childName} per il Campo Estivo ${form.season}.`),
      say("Se ti accorgi di aver caricato un file sbagliato, scrivici all'indirizzo qui sotto."),
    ],
    context,
  );
}
