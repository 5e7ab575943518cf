import { formatEuros } from '@domain/money';
import { deadlineSentence } from '@domain/reminders/payment-reminders';
import {
  compose,
  details,
  greeting,
  lines,
  linkBlock,
  say,
  type MailContent,
  type MailContext,
  type MailLine,
} from '../platform/mail/layout';

/** The e-mail of a payment reminder (docs/admin.md, "Reminders"), in Italian, built from the parts of netlify/lib/platform/mail/layout.ts. */

/** Data of {@link reminderMail}: what is still to pay for which children, by when, and how to pay it. */
export interface ReminderMail {
  familySurname: string;
  /** What is due, as the subject names it: 'Saldo Campo Estivo {season}', 'Felpa Reparto' (reminderProductName, src/domain/reminders/payment-reminders.ts). */
  productName: string;
  /** One per child to pay for, at the price the family would pay now. */
  lines: readonly MailLine[];
  /** What the family owes besides the lines after a cancelled or refunded order ('Differenza da saldare'), 0 or absent when nothing. */
  dueEuros?: number;
  /** The lines' sum and `dueEuros`, in euros. */
  totalEuros: number;
  /** A product paid in rate: its rate past their day, in words (instalmentReminderText); `dueEuros` is their sum. */
  instalments?: readonly string[];
  /** The season's last day (yyyy-mm-dd) to pay the product (SeasonSettings.deadlines), null when it has none. */
  deadline: string | null;
  iban: string;
  /** The account holder ('Intestatario'). */
  holder: string;
  /** The payment reason ('Causale') exactly as the parent must type it, surname filled in. */
  reason: string;
  /** The absolute address of the product's payment screen, e.g. 'https://pagamenti.example.org/campo-estivo'. */
  paymentUrl: string;
}

/**
 * 'Promemoria: {product} da pagare' (docs/admin.md, "Reminders"): the
 * children and what each still owes, the total, 'Da pagare entro il
 * dd/mm/yyyy' when the season has a deadline, the link to pay online, the
 * transfer's details (Intestatario, IBAN, Importo, Causale), and to ignore
 * it when already paid.
 */
export function reminderMail(reminder: ReminderMail, context: MailContext): MailContent {
  return compose(
    `Promemoria: ${reminder.productName} da pagare`,
    [
      say(greeting(reminder.familySurname)),
      say(`ti ricordiamo che risulta ancora da pagare «${reminder.productName}»:`),
      ...(reminder.instalments ?? []).map((sentence) => say(`${sentence}.`)),
      lines(reminder.lines, [
        ...(reminder.dueEuros
          ? [{ label: reminder.instalments?.length ? 'Rate scadute' : 'Differenza da saldare', euros: reminder.dueEuros }]
          : []),
        { label: 'Totale da Pagare', euros: reminder.totalEuros, strong: true },
      ]),
      ...(reminder.deadline ? [say(`${deadlineSentence(reminder.deadline)}.`)] : []),
      say('Puoi pagare online con carta dalla pagina di pagamento:'),
      linkBlock(reminder.paymentUrl),
      say('Oppure con un bonifico con questi dati:'),
      details([
        ['Intestatario', reminder.holder],
        ['IBAN', reminder.iban],
        ['Importo', formatEuros(reminder.totalEuros)],
        ['Causale', reminder.reason],
      ]),
      say('Scrivi la causale esattamente come indicata: serve al tesoriere per riconoscere il tuo bonifico.'),
      say('Se hai già pagato, ignora questa e-mail: un bonifico può impiegare qualche giorno ad arrivare.'),
    ],
    context,
  );
}
