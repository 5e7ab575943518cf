import { GROUP } from '@config/group';
import { codeBlock, compose, greeting, say, type MailContent, type MailContext } from '../platform/mail/layout';

/**
 * The e-mail change's message to the CURRENT address (docs/security.md,
 * "Changing a parent's e-mail"), beside access-mails.ts's code to the new
 * one and its 'Il tuo indirizzo e-mail è cambiato'. Pure: sends nothing.
 */

/** Data of {@link emailChangeOldCodeMail}: the 6-digit code, its minutes, the new address masked. */
export interface EmailChangeOldCodeMail {
  code: string;
  minutes: number;
  maskedNewEmail: string;
}

/**
 * 'Conferma il cambio del tuo indirizzo e-mail', sent to the address a
 * parent is leaving: who asks for what (the new address masked), the code,
 * how long it is valid, and whom to write to if it was not them.
 */
export function emailChangeOldCodeMail({ code, minutes, maskedNewEmail }: EmailChangeOldCodeMail, context: MailContext): MailContent {
  return compose(
    'Conferma il cambio del tuo indirizzo e-mail',
    [
      say(greeting()),
      say(
        `sul portale del gruppo è stato chiesto di sostituire questo indirizzo con ${maskedNewEmail}. Per confermare inserisci questo codice nella pagina «La mia famiglia», insieme a quello inviato al nuovo indirizzo:`,
      ),
      codeBlock(code),
      say(`Il codice vale ${minutes} minuti.`),
      say(
        `Se non l'hai chiesto tu, non comunicare il codice a nessuno e scrivi a ${GROUP.email}: senza questo codice l'indirizzo non cambia.`,
      ),
    ],
    context,
  );
}
