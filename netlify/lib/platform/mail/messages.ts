import { GROUP } from '@config/group';
import { formatEuros } from '@domain/money';
import { deadlineSentence } from '@domain/reminders/payment-reminders';
import { italianDayText } from '@domain/italian-time';
import { SOLIDARITY_CONTRIBUTION_LABEL } from '@domain/payments/solidarity-contribution';
import {
  detailsTable,
  detailsText,
  escapeHtml,
  greeting,
  layout,
  linesTable,
  linesText,
  linkParagraph,
  paragraph,
  textLayout,
  type MailContent,
  type MailContext,
  type MailLine,
  type MailTotal,
} from './layout';

/**
 * The e-mails a parent receives, in Italian: pure functions from the
 * message's data (amounts in euros, two decimals) and a {@link MailContext}
 * to a {@link MailContent} (subject, plain text, HTML). They send nothing;
 * the HTML shell, the lines table and the escaping live in ./layout.ts.
 */

export type { MailContent, MailContext, MailLine } from './layout';

/** One block of a message, in both forms: `html` is already escaped. */
interface Part {
  html: string;
  text: string;
}

/** A paragraph of plain text, escaped for the HTML form. */
const say = (text: string): Part => ({ html: paragraph(text), text });

/** Assembles a message: the subject doubles as the HTML title; the parts are joined by a blank line in the text form. */
function compose(subject: string, parts: readonly Part[], context: MailContext): MailContent {
  return {
    subject,
    text: textLayout(parts.map((part) => part.text).join('\n\n')),
    html: layout(subject, parts.map((part) => part.html).join('\n'), context),
  };
}

/** The order's lines followed by its totals, in both forms. */
const lines = (orderLines: readonly MailLine[], totals: readonly MailTotal[]): Part => ({
  html: linesTable(orderLines, totals),
  text: linesText(orderLines, totals),
});

/** Label/value rows (the transfer's details), in both forms. */
const details = (rows: readonly (readonly [string, string])[]): Part => ({ html: detailsTable(rows), text: detailsText(rows) });

/** The sentence naming the attached receipt, or nothing without one. */
const receiptNote = (receiptNumber: string | null): Part[] =>
  receiptNumber ? [say(`In allegato trovi la ricevuta n. ${receiptNumber}.`)] : [];

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

/** The sign-in link in both forms: the address as its own text, no tracking. */
const signInLink = (link: string): Part => ({ html: linkParagraph(link), text: link });

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
      {
        html: `<p style="margin:0 0 16px 0;font-family:'Courier New',Courier,monospace;font-size:32px;font-weight:bold;letter-spacing:6px;">${escapeHtml(code)}</p>`,
        text: `    ${code}`,
      },
      say(`Il codice vale ${validity}.`),
      ...(link ? [say(`Oppure entra con un clic da questo link, valido ${validity} e una sola volta:`), signInLink(link)] : []),
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
      signInLink(link),
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

/** Data of {@link bankTransferOrderMail}: the order (lines and total in euros) and the transfer's details as the /bonifico page shows them. */
export interface BankTransferOrderMail {
  familySurname: string;
  lines: readonly MailLine[];
  /** The amount to transfer, in euros. */
  totalEuros: number;
  iban: string;
  /** The account holder ('Intestatario'). */
  holder: string;
  /** The payment reason ('Causale') exactly as the parent must type it, surname filled in. */
  reason: string;
}

/** 'Ordine registrato: dati per il bonifico': the lines and total, Intestatario, IBAN, Importo, Causale; the treasurer confirms on arrival. */
export function bankTransferOrderMail(order: BankTransferOrderMail, context: MailContext): MailContent {
  return compose(
    'Ordine registrato: dati per il bonifico',
    [
      say(greeting(order.familySurname)),
      say('abbiamo registrato il tuo ordine:'),
      lines(order.lines, [{ label: 'Totale da Pagare', euros: order.totalEuros, strong: true }]),
      say('Per completare il pagamento effettua un bonifico con questi dati:'),
      details([
        ['Intestatario', order.holder],
        ['IBAN', order.iban],
        ['Importo', formatEuros(order.totalEuros)],
        ['Causale', order.reason],
      ]),
      say('Scrivi la causale esattamente come indicata: serve al tesoriere per riconoscere il tuo bonifico.'),
      say("Il pagamento resta «Da Verificare» finché il bonifico non arriva: il tesoriere lo conferma all'arrivo e ti scriviamo."),
    ],
    context,
  );
}

/** Data of {@link cardPaymentMail}: the lines, the contribution, the service fee and the total charged to the card (both included), in euros. */
export interface CardPaymentMail {
  familySurname: string;
  lines: readonly MailLine[];
  /** What the card was charged, the contribution and the service fee included. */
  totalEuros: number;
  /** 'Contributo al fondo di solidarietà' the parent added; its line shows only when greater than 0 (absent: none). */
  solidarityContributionEuros?: number;
  /** 'Commissioni Servizio'; its line shows only when greater than 0. */
  serviceFeeEuros: number;
  /** The receipt attached ('{year}/42'); null when the payment awaits the treasurer's check and has none yet. */
  receiptNumber: string | null;
  /** Cash a volunteer collected ('Contanti') rather than a card payment online; online when absent. */
  cash?: boolean;
}

/** The contribution's line under an order's lines, when the parent added one. */
const contributionTotal = (euros: number | undefined): MailTotal[] =>
  (euros ?? 0) > 0 ? [{ label: SOLIDARITY_CONTRIBUTION_LABEL, euros: euros ?? 0 }] : [];

/** 'Pagamento ricevuto': the lines, the 'Contributo al fondo di solidarietà' and 'Commissioni Servizio' when > 0, each on its own line, the total paid, online or in cash. */
export function cardPaymentMail(payment: CardPaymentMail, context: MailContext): MailContent {
  const totals: MailTotal[] = [
    ...contributionTotal(payment.solidarityContributionEuros),
    ...(payment.serviceFeeEuros > 0 ? [{ label: 'Commissioni Servizio', euros: payment.serviceFeeEuros }] : []),
    { label: 'Totale pagato', euros: payment.totalEuros, strong: true },
  ];
  return compose(
    'Pagamento ricevuto',
    [
      say(greeting(payment.familySurname)),
      say(`abbiamo ricevuto il tuo pagamento ${payment.cash ? 'in contanti' : 'online'}. Ecco il riepilogo:`),
      lines(payment.lines, totals),
      ...receiptNote(payment.receiptNumber),
      say('Non devi fare altro. Grazie!'),
    ],
    context,
  );
}

/** Data of {@link transferConfirmedMail}: the order (lines and total in euros) and the reason the transfer carried. */
export interface TransferConfirmedMail {
  familySurname: string;
  lines: readonly MailLine[];
  /** The amount received, in euros. */
  totalEuros: number;
  /** The payment reason ('Causale') of the order. */
  reason: string;
  /** The receipt attached ('{year}/42'). */
  receiptNumber: string | null;
}

/** 'Bonifico ricevuto': the treasurer confirmed the transfer; the reason, the lines and the total received. */
export function transferConfirmedMail(transfer: TransferConfirmedMail, context: MailContext): MailContent {
  return compose(
    'Bonifico ricevuto',
    [
      say(greeting(transfer.familySurname)),
      say(`il tesoriere ha confermato l'arrivo del tuo bonifico con causale «${transfer.reason}». Il pagamento è confermato.`),
      lines(transfer.lines, [{ label: 'Totale ricevuto', euros: transfer.totalEuros, strong: true }]),
      ...receiptNote(transfer.receiptNumber),
      say('Non devi fare altro. Grazie!'),
    ],
    context,
  );
}

/** Data of {@link orderCancelledMail}: the family, the product's name, the Bonifico's reason and what the treasurer wrote. */
export interface OrderCancelledMail {
  familySurname: string;
  plan: string;
  reason: string;
  note: string;
}

/** 'Ordine annullato': the treasurer cancelled a Bonifico order not paid; nothing is due for it, and the product may be paid again. */
export function orderCancelledMail(order: OrderCancelledMail, context: MailContext): MailContent {
  return compose(
    'Ordine annullato',
    [
      say(greeting(order.familySurname)),
      say(
        `il tesoriere ha annullato l'ordine «${order.plan}» da pagare con bonifico (causale «${order.reason}»). Non devi versare nulla per questo ordine.`,
      ),
      say(`Motivo: ${order.note}`),
      say('Se vuoi, puoi ordinarlo di nuovo dal portale, anche con carta. Per qualsiasi dubbio scrivici all’indirizzo qui sotto.'),
    ],
    context,
  );
}

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

/** Data of {@link receiptMail}: the receipt's number, the amount it states in euros, the family's surname, and the credit notes that cite it. */
export interface ReceiptMail {
  familySurname: string;
  receiptNumber: string;
  totalEuros: number;
  /** The credit notes citing the receipt, attached with it; none when absent. */
  creditNotes?: readonly string[];
  /** The credit note that annuls the receipt, null (or absent) while it is valid. */
  annulledBy?: string | null;
}

/** 'Ricevuta n. {year}/42': the receipt of a payment sent again, attached, with the credit notes that cite it and whether one annuls it. */
export function receiptMail(receipt: ReceiptMail, context: MailContext): MailContent {
  const notes = receipt.creditNotes ?? [];
  return compose(
    `Ricevuta n. ${receipt.receiptNumber}`,
    [
      say(greeting(receipt.familySurname)),
      say(
        `ti inviamo la ricevuta n. ${receipt.receiptNumber} del tuo pagamento di ${formatEuros(receipt.totalEuros)}: la trovi in allegato.`,
      ),
      ...(notes.length > 0
        ? [
            say(
              `In allegato trovi anche ${notes.length > 1 ? 'le note di credito' : 'la nota di credito'} ${notes.map((number) => `n. ${number}`).join(', ')}.`,
            ),
          ]
        : []),
      ...(receipt.annulledBy
        ? [say(`La ricevuta è annullata dalla nota di credito n. ${receipt.annulledBy}: non usarla come documento del pagamento.`)]
        : []),
    ],
    context,
  );
}

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
      { html: linkParagraph(reminder.paymentUrl), text: reminder.paymentUrl },
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

/** Data of {@link staffInvitationMail}: the role given, as 'Utenti' says it; who invited; the link to set the password (invitationLink, netlify/lib/staff/admin-claims.ts). */
export interface StaffInvitationMail {
  /** 'Tesoriere', 'Capo (Reparto, Clan)' (staffLabel, src/domain/staff/staff-roles.ts). */
  roleLabel: string;
  /** The admin's e-mail. */
  invitedBy: string;
  link: string;
}

/**
 * 'Invito all'area admin del portale' (docs/security.md, "Roles"): who
 * invited the volunteer and with which role, the link to choose a password
 * (an hour, once), where to sign in afterwards, to ignore it if unexpected.
 */
export function staffInvitationMail(invitation: StaffInvitationMail, context: MailContext): MailContent {
  return compose(
    "Invito all'area admin del portale",
    [
      say('Ciao,'),
      say(`${invitation.invitedBy} ti ha invitato nell'area admin del portale del gruppo con il ruolo di ${invitation.roleLabel}.`),
      say('Per entrare scegli la tua password da questo link:'),
      { html: linkParagraph(invitation.link), text: invitation.link },
      say("Il link vale un'ora e si usa una volta sola: se è scaduto, chiedi a chi ti ha invitato di inviarlo di nuovo."),
      say(`Poi accedi da ${context.siteUrl.replace(/\/+$/, '')}/admin con questo indirizzo e la password che hai scelto.`),
      say('Se non ti aspettavi questo invito, ignora questa e-mail: senza il link nessuno può entrare con questo indirizzo.'),
    ],
    context,
  );
}

/** Data of {@link creditNoteMail}: the note's number, the receipt it cites, the euros it gives back, why, and whether it annuls the receipt. */
export interface CreditNoteMail {
  familySurname: string;
  /** '{year}/3'. */
  number: string;
  receiptNumber: string;
  amountEuros: number;
  /** Why, as the note prints it: 'Rimborso con carta', 'Bonifico non ricevuto: conferma annullata', … */
  description: string;
  annulsReceipt: boolean;
}

/**
 * 'Nota di credito n. {year}/3' (docs/admin.md, "Credit notes"): the note
 * attached, what it gives back of which receipt and why; the receipt is
 * annulled, or stays valid for the rest.
 */
export function creditNoteMail(note: CreditNoteMail, context: MailContext): MailContent {
  return compose(
    `Nota di credito n. ${note.number}`,
    [
      say(greeting(note.familySurname)),
      say(`ti inviamo la nota di credito n. ${note.number} (${note.description}): la trovi in allegato.`),
      say(
        note.annulsReceipt
          ? `Storna ${formatEuros(note.amountEuros)} della ricevuta n. ${note.receiptNumber}, che è quindi annullata: non usarla più come documento del pagamento.`
          : `Storna ${formatEuros(note.amountEuros)} della ricevuta n. ${note.receiptNumber}, che resta valida per il resto.`,
      ),
    ],
    context,
  );
}

/** Data of {@link refundFailedMail}: the euros back with the group, the notes cancelled, the receipt they cited, and the note that replaces them if any. */
export interface RefundFailedMail {
  familySurname: string;
  backEuros: number;
  cancelledNumbers: readonly string[];
  receiptNumber: string;
  /** True when a cancelled note had annulled the receipt and nothing annuls it now. */
  receiptValidAgain: boolean;
  /** The note issued in their place for what was really given back; null for none. */
  replacement: { number: string; amountEuros: number } | null;
}

/**
 * 'Rimborso non riuscito': a card refund failed (the bank refused it) and
 * its euros are back with the group, which will give them back another
 * way; the credit notes that recorded it are annulled (attached), the
 * receipt is valid again when they had annulled it.
 */
export function refundFailedMail(failed: RefundFailedMail, context: MailContext): MailContent {
  const notes = failed.cancelledNumbers.map((number) => `n. ${number}`).join(', ');
  const plural = failed.cancelledNumbers.length > 1;
  return compose(
    'Rimborso non riuscito',
    [
      say(greeting(failed.familySurname)),
      say(
        `il rimborso di ${formatEuros(failed.backEuros)} sulla tua carta non è andato a buon fine: l'importo è tornato al gruppo, che ti contatterà per restituirtelo in un altro modo.`,
      ),
      say(
        `${plural ? 'Le note di credito' : 'La nota di credito'} ${notes} ${plural ? 'sono quindi annullate: le trovi' : 'è quindi annullata: la trovi'} in allegato.`,
      ),
      ...(failed.receiptValidAgain ? [say(`La ricevuta n. ${failed.receiptNumber} torna valida.`)] : []),
      ...(failed.replacement
        ? [
            say(
              `Per quanto ti è stato davvero restituito vale la nota di credito n. ${failed.replacement.number} di ${formatEuros(failed.replacement.amountEuros)}, anch'essa in allegato.`,
            ),
          ]
        : []),
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
      {
        html: `<p style="margin:0 0 16px 0;font-family:'Courier New',Courier,monospace;font-size:32px;font-weight:bold;letter-spacing:6px;">${escapeHtml(code)}</p>`,
        text: `    ${code}`,
      },
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
      { html: linkParagraph(reminder.signUrl), text: reminder.signUrl },
      say('Se lo hai appena firmato, ignora questa e-mail.'),
    ],
    context,
  );
}

/** Data of {@link debitProcessingMail} and {@link debitFailedMail}: the debit's lines and the euros asked of the bank account (the contribution and the service fee included). */
export interface DebitMail {
  familySurname: string;
  lines: readonly MailLine[];
  totalEuros: number;
  /** 'Contributo al fondo di solidarietà'; its line shows only when greater than 0 (absent: none). */
  solidarityContributionEuros?: number;
  /** 'Commissioni Servizio'; its line shows only when greater than 0. */
  serviceFeeEuros: number;
}

/** The debit's lines and its total, with the contribution and the service fee when > 0. */
const debitLines = (debit: DebitMail, totalLabel: string): Part =>
  lines(debit.lines, [
    ...contributionTotal(debit.solidarityContributionEuros),
    ...(debit.serviceFeeEuros > 0 ? [{ label: 'Commissioni Servizio', euros: debit.serviceFeeEuros }] : []),
    { label: totalLabel, euros: debit.totalEuros, strong: true },
  ]);

/**
 * 'Pagamento in elaborazione' (docs/data-model.md, "Asynchronous payments"):
 * the bank debit (SEPA) has started and takes a few working days; the
 * children's places are held meanwhile; a second e-mail brings the receipt.
 */
export function debitProcessingMail(debit: DebitMail, context: MailContext): MailContent {
  return compose(
    'Pagamento in elaborazione',
    [
      say(greeting(debit.familySurname)),
      say("abbiamo ricevuto il tuo ordine e l'addebito sul conto corrente è in elaborazione:"),
      debitLines(debit, "Totale dell'addebito"),
      say(
        "L'addebito diretto SEPA richiede alcuni giorni lavorativi. Nel frattempo il posto dei tuoi figli è riservato: appena la banca conferma ti mandiamo un'e-mail con la ricevuta.",
      ),
      say('Non devi fare altro.'),
    ],
    context,
  );
}

/**
 * 'Pagamento non riuscito' (docs/data-model.md, "Asynchronous payments"):
 * the bank refused the debit (SEPA), nothing was charged, the order no
 * longer holds the children's places; `payUrl` is the product's page, to
 * pay again by card, debit or transfer.
 */
export function debitFailedMail(debit: DebitMail & { payUrl: string }, context: MailContext): MailContent {
  return compose(
    'Pagamento non riuscito',
    [
      say(greeting(debit.familySurname)),
      say("la banca non ha autorizzato l'addebito sul conto corrente per questo ordine, quindi non ti è stato addebitato nulla:"),
      debitLines(debit, 'Totale non addebitato'),
      say("L'ordine è stato annullato e i posti non sono più riservati. Per pagare di nuovo, con carta, addebito o bonifico, apri:"),
      { html: linkParagraph(debit.payUrl), text: debit.payUrl },
      say('Se pensi che sia un errore, controlla i dati del conto con la tua banca o scrivici.'),
    ],
    context,
  );
}
