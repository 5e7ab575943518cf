import { italianDayText } from '@domain/italian-time';
import { codeBlock, compose, greeting, linkBlock, say, type MailContent, type MailContext } from '../platform/mail/layout';

/**
 * The e-mails of signing a group document (docs/documents.md, "Signing",
 * "Withdrawing" and "Reminders"), in Italian, pure, built from the parts of
 * netlify/lib/platform/mail/layout.ts: the code that confirms a signature,
 * the signed copy, the withdrawal's confirmation, the reminder to sign.
 */

/** Data of {@link signatureCodeMail}: the six digits, minutes of validity, the document's title and the children it is signed for. */
export interface SignatureCodeMail {
  code: string;
  minutes: number;
  title: string;
  children: readonly string[];
}

/**
 * 'Codice per firmare: {title}': the code that confirms the parent's
 * signature of the document for the children named, how long it is
 * valid, to ignore it if not asked for and never to share it.
 */
export function signatureCodeMail({ code, minutes, title, children }: SignatureCodeMail, context: MailContext): MailContent {
  return compose(
    `Codice per firmare: ${title}`,
    [
      say(greeting()),
      say(`per firmare «${title}» per ${children.join(', ')} inserisci questo codice nella pagina «La mia famiglia»:`),
      codeBlock(code),
      say(`Il codice vale ${minutes} minuti.`),
      say('Se non hai chiesto tu di firmare, ignora questa e-mail: senza il codice non viene registrata nessuna firma.'),
      say('Non condividere il codice con nessuno: il gruppo non te lo chiederà mai.'),
    ],
    context,
  );
}

/** Data of {@link documentSignedMail}: the document, the children, the signer and when (Italian time, 'dd/mm/yyyy hh:mm'). */
export interface DocumentSignedMail {
  title: string;
  children: readonly string[];
  signer: string;
  signedAt: string;
  choice: string | null;
}

/** 'Documento firmato: {title}': what was signed, for whom, when; the PDF copy of each signature attached. */
export function documentSignedMail(signed: DocumentSignedMail, context: MailContext): MailContent {
  return compose(
    `Documento firmato: ${signed.title}`,
    [
      say(greeting()),
      say(`${signed.signer}, hai firmato «${signed.title}» per ${signed.children.join(', ')} il ${signed.signedAt}.`),
      ...(signed.choice ? [say(`La tua scelta: ${signed.choice}.`)] : []),
      say('In allegato trovi la copia in PDF con il testo firmato e i dati della firma. Conservala.'),
      say('Puoi revocare il consenso in ogni momento dalla pagina «La mia famiglia» («Revoca»).'),
    ],
    context,
  );
}

/** Data of {@link consentWithdrawnMail}. */
export interface ConsentWithdrawnMail {
  title: string;
  child: string;
  signer: string;
  withdrawnAt: string;
}

/** 'Consenso revocato: {title}': the withdrawal recorded, for whom and when. */
export function consentWithdrawnMail(withdrawn: ConsentWithdrawnMail, context: MailContext): MailContent {
  return compose(
    `Consenso revocato: ${withdrawn.title}`,
    [
      say(greeting()),
      say(
        `${withdrawn.signer}, abbiamo registrato la revoca della tua firma di «${withdrawn.title}» per ${withdrawn.child} il ${withdrawn.withdrawnAt}.`,
      ),
      say('La firma revocata resta nel nostro archivio con la data della revoca. Puoi firmare di nuovo dalla pagina «La mia famiglia».'),
      say("Se non l'hai revocata tu, scrivici subito all'indirizzo qui sotto."),
    ],
    context,
  );
}

/** Data of {@link documentReminderMail}: the document's title, the children still to sign it, its deadline ('YYYY-MM-DD') and the page to sign it on. */
export interface DocumentReminderMail {
  familySurname: string;
  title: string;
  /** 'Marco', 'Sara (manca la firma del secondo genitore)'. */
  children: readonly string[];
  deadline: string | null;
  signUrl: string;
}

/**
 * 'Promemoria: {title} da firmare' (docs/documents.md, "Reminders"): the
 * document, the children still to sign it, the deadline if any, where to
 * sign ('La mia famiglia') and to ignore it when already signed.
 */
export function documentReminderMail(reminder: DocumentReminderMail, context: MailContext): MailContent {
  return compose(
    `Promemoria: ${reminder.title} da firmare`,
    [
      say(greeting(reminder.familySurname)),
      say(`ti ricordiamo che il documento «${reminder.title}» è ancora da firmare per: ${reminder.children.join(', ')}.`),
      ...(reminder.deadline ? [say(`Va firmato entro il ${italianDayText(reminder.deadline)}.`)] : []),
      say('Puoi leggerlo e firmarlo online dalla pagina «La mia famiglia»:'),
      linkBlock(reminder.signUrl),
      say('Se lo hai appena firmato, ignora questa e-mail.'),
    ],
    context,
  );
}
