import { SOLIDARITY_CONTRIBUTION_LABEL } from '@domain/payments/solidarity-contribution';
import {
  compose,
  greeting,
  lines,
  linkBlock,
  say,
  type MailContent,
  type MailContext,
  type MailLine,
  type MailPart,
  type MailTotal,
} from '../platform/mail/layout';

/**
 * The e-mails of a payment (docs/architecture.md, "E-mail"), in Italian:
 * received by card, in cash or by Bonifico, a bank debit started or
 * refused. Pure functions from the message's data (euros, two decimals) and
 * a {@link MailContext} to a {@link MailContent}, built from the parts of
 * netlify/lib/platform/mail/layout.ts.
 */

/** The sentence naming the attached receipt, or nothing without one. */
const receiptNote = (receiptNumber: string | null): MailPart[] =>
  receiptNumber ? [say(`In allegato trovi la ricevuta n. ${receiptNumber}.`)] : [];

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
const debitLines = (debit: DebitMail, totalLabel: string): MailPart =>
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
      linkBlock(debit.payUrl),
      say('Se pensi che sia un errore, controlla i dati del conto con la tua banca o scrivici.'),
    ],
    context,
  );
}
