import { GROUP } from '@config/group';
import { codeBlock, compose, detailsTable, greeting, linkBlock, say, type MailContent, type MailContext } from '../platform/mail/layout';

/**
 * The e-mails of the waiting list (docs/product.md, "Waiting list"), in
 * Italian: pure functions from the message's data to a MailContent. They send nothing.
 */

/** 'Conferma la domanda per la lista d'attesa': the code that proves the parent's address, valid `minutes`. */
export function admissionCodeMail(
  { code, minutes, childName }: { code: string; minutes: number; childName: string },
  context: MailContext,
) {
  return compose(
    "Conferma la domanda per la lista d'attesa",
    [
      say(greeting()),
      say(`per completare la domanda di ${childName} nella lista d'attesa del gruppo, inserisci questo codice nella pagina del portale:`),
      codeBlock(code),
      say(`Il codice vale ${minutes} minuti.`),
      say("Se non hai chiesto tu l'iscrizione, ignora questa e-mail: senza il codice la domanda non viene registrata."),
    ],
    context,
  );
}

/** Data of {@link admissionAppliedMail}: the application's number, the child, the cohort and position, the link that shows them later. */
export interface AdmissionAppliedMail {
  number: string;
  childName: string;
  cohort: number;
  position: number;
  link: string;
}

/**
 * 'Domanda nella lista d'attesa LA-0007': the number, the child, the
 * position among the children born the same year, and the link to see it again.
 */
export function admissionAppliedMail(data: AdmissionAppliedMail, context: MailContext): MailContent {
  return compose(
    `Domanda nella lista d'attesa ${data.number}`,
    [
      say(greeting()),
      say(`abbiamo ricevuto la domanda di ${data.childName} per la lista d'attesa del gruppo.`),
      {
        html: detailsTable([
          ['Numero della domanda', data.number],
          ['Nati nel', String(data.cohort)],
          ['Posizione', String(data.position)],
        ]),
        text: `Numero della domanda: ${data.number}\nNati nel: ${data.cohort}\nPosizione: ${data.position}`,
      },
      say(
        "La posizione è tra i bambini e le bambine nati nello stesso anno, nell'ordine delle domande. Puoi rivederla quando vuoi da questo link:",
      ),
      linkBlock(data.link),
      say(`Quando si libera un posto ti scriviamo. Per qualsiasi domanda scrivi a ${GROUP.email}.`),
    ],
    context,
  );
}

/**
 * 'Si è liberato un posto nel gruppo': the application admitted, until when
 * the place waits, and the link that accepts it ('Accetta il posto').
 */
export function admissionOfferMail(
  data: { number: string; childName: string; until: string; link: string },
  context: MailContext,
): MailContent {
  return compose(
    'Si è liberato un posto nel gruppo',
    [
      say(greeting()),
      say(`la Comunità capi ha ammesso ${data.childName} (domanda ${data.number}): c'è un posto per lei o per lui nel gruppo.`),
      say(`Per accettarlo apri questo link e premi 'Accetta il posto' entro il ${data.until}:`),
      linkBlock(data.link),
      say(`Se non siete più interessati, scrivi a ${GROUP.email}: il posto andrà alla prossima famiglia.`),
    ],
    context,
  );
}

/** 'Confermi l'interesse per la lista d'attesa?': once a year, the link to answer within `days` days. */
export function admissionInterestMail(data: { number: string; childName: string; days: number; link: string }, context: MailContext) {
  return compose(
    "Confermi l'interesse per la lista d'attesa?",
    [
      say(greeting()),
      say(`${data.childName} è nella lista d'attesa del gruppo (domanda ${data.number}). Siete ancora interessati a un posto?`),
      say(`Apri questo link e premi 'Confermo l'interesse' entro ${data.days} giorni: altrimenti la domanda esce dalla lista.`),
      linkBlock(data.link),
    ],
    context,
  );
}

/** 'La domanda è uscita dalla lista d'attesa': nobody confirmed the interest in time; whom to write to. */
export function admissionLapsedMail(data: { number: string; childName: string }, context: MailContext) {
  return compose(
    "La domanda è uscita dalla lista d'attesa",
    [
      say(greeting()),
      say(`non avendo ricevuto la conferma dell'interesse, la domanda ${data.number} di ${data.childName} è uscita dalla lista d'attesa.`),
      say(`Se siete ancora interessati scrivi a ${GROUP.email}.`),
    ],
    context,
  );
}
