import { GROUP } from '@config/group';
import { codeBlock, compose, greeting, linkBlock, say, type MailContent, type MailContext } from '../platform/mail/layout';

/**
 * The e-mails of a parent's access (docs/security.md, "Parents' sessions"
 * and "Changing a parent's e-mail"), in Italian: pure functions from the
 * message's data and a {@link MailContext} to a {@link MailContent}, built
 * from the parts of netlify/lib/platform/mail/layout.ts. They send nothing.
 */

/**
 * Data of {@link accessCodeMail}: the one-time code (6 digits, as a string to
 * keep leading zeros), how many minutes it is valid, and the one-time
 * sign-in link sent with it (an absolute address, the token in its
 * fragment), when there is one.
 */
export interface AccessCodeMail {
  code: string;
  minutes: number;
  link?: string;
}

/** '1 minuto', '10 minuti'. */
const minutesText = (minutes: number) => (minutes === 1 ? '1 minuto' : `${minutes} minuti`);

/**
 * 'Il tuo codice di accesso': the code, how long it is valid, the one-time
 * sign-in link when given (docs/security.md, "Parents' sessions"), to ignore
 * it if not asked for, never to share it.
 */
export function accessCodeMail({ code, minutes, link }: AccessCodeMail, context: MailContext): MailContent {
  const validity = minutesText(minutes);
  return compose(
    'Il tuo codice di accesso',
    [
      say(greeting()),
      say('ecco il tuo codice di accesso:'),
      codeBlock(code),
      say(`Il codice vale ${validity}.`),
      ...(link ? [say(`Oppure entra con un clic da questo link, valido ${validity} e una sola volta:`), linkBlock(link)] : []),
      say("Se non l'hai chiesto tu, ignora questa e-mail: senza il codice nessuno può accedere."),
      say('Non condividere il codice con nessuno: il gruppo non te lo chiederà mai.'),
    ],
    context,
  );
}

/** Data of {@link accessLinkMail}: the one-time sign-in link (absolute, the token in its fragment) and how many minutes it is valid. */
export interface AccessLinkMail {
  link: string;
  minutes: number;
}

/**
 * 'Il tuo link di accesso': sent instead of a code while the parent's codes
 * are paused after too many wrong ones (docs/security.md, "Parents'
 * sessions"): why there is no code, the link, how long it is valid, to
 * ignore it if not asked for, never to share it.
 */
export function accessLinkMail({ link, minutes }: AccessLinkMail, context: MailContext): MailContent {
  return compose(
    'Il tuo link di accesso',
    [
      say(greeting()),
      say('per sicurezza oggi non inviamo codici di accesso per il tuo codice fiscale: sono stati inseriti troppi codici sbagliati.'),
      say(`Puoi entrare con un clic da questo link, valido ${minutesText(minutes)} e una sola volta:`),
      linkBlock(link),
      say("Se non l'hai chiesto tu, ignora questa e-mail: senza il link nessuno può accedere."),
      say('Non condividere il link con nessuno: il gruppo non te lo chiederà mai.'),
    ],
    context,
  );
}

/** Data of {@link accessLockedMail}: how many wrong codes paused the parent's codes. */
export interface AccessLockedMail {
  wrongTries: number;
}

/**
 * 'Tentativi di accesso con il tuo codice fiscale': sent once when a
 * parent's codes are paused until the next day (docs/security.md,
 * "Parents' sessions"): someone typed too many wrong codes, the codes are
 * paused until tomorrow, how to sign in meanwhile (the link of the last
 * e-mail, or 'Trova' again, which sends a link), and whom to write to.
 */
export function accessLockedMail({ wrongTries }: AccessLockedMail, context: MailContext): MailContent {
  return compose(
    'Tentativi di accesso con il tuo codice fiscale',
    [
      say(greeting()),
      say(`qualcuno ha provato ad accedere al portale con il tuo codice fiscale inserendo ${wrongTries} codici di accesso sbagliati.`),
      say('Per sicurezza, fino a domani non inviamo più codici di accesso per il tuo codice fiscale.'),
      say(
        "Se vuoi entrare oggi, usa il link dell'ultima e-mail «Il tuo codice di accesso», se è ancora valido, oppure premi di nuovo «Trova» sul portale: ti invieremo un link di accesso al posto del codice.",
      ),
      say(`Se non sei stato tu, non devi fare nulla: i codici e i link arrivano solo a te. Per qualsiasi dubbio scrivi a ${GROUP.email}.`),
    ],
    context,
  );
}

/** Data of {@link emailChangeCodeMail}: the 6-digit code and how many minutes it is valid. */
export interface EmailChangeCodeMail {
  code: string;
  minutes: number;
}

/**
 * 'Conferma il tuo nuovo indirizzo e-mail', sent to the NEW address of a
 * parent's e-mail change (docs/security.md, "Changing a parent's e-mail"):
 * the code, how long it is valid, to ignore it if not asked for.
 */
export function emailChangeCodeMail({ code, minutes }: EmailChangeCodeMail, context: MailContext): MailContent {
  return compose(
    'Conferma il tuo nuovo indirizzo e-mail',
    [
      say(greeting()),
      say('per usare questo indirizzo sul portale del gruppo inserisci questo codice nella pagina «La mia famiglia»:'),
      codeBlock(code),
      say(`Il codice vale ${minutesText(minutes)}.`),
      say("Se non l'hai chiesto tu, ignora questa e-mail: senza il codice l'indirizzo non cambia."),
    ],
    context,
  );
}

/** Data of {@link emailChangedMail}: the parent's name and the new address, masked. */
export interface EmailChangedMail {
  parentName: string;
  maskedNewEmail: string;
}

/**
 * 'Il tuo indirizzo e-mail è cambiato', sent to the OLD address once a
 * change is confirmed: what changed, to where (masked), and whom to write
 * to if it was not them.
 */
export function emailChangedMail({ parentName, maskedNewEmail }: EmailChangedMail, context: MailContext): MailContent {
  return compose(
    'Il tuo indirizzo e-mail è cambiato',
    [
      say(greeting()),
      say(
        `l'indirizzo e-mail di ${parentName} sul portale del gruppo è stato cambiato in ${maskedNewEmail}: da ora codici di accesso, ricevute e avvisi arriveranno lì.`,
      ),
      say(`Se non sei stato tu, scrivi subito a ${GROUP.email}.`),
    ],
    context,
  );
}
