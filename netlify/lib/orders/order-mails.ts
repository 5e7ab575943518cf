import type { BankAccount } from '@domain/payments/bank-account';
import { paymentReasonOf } from '@domain/payments/bank-transfer';
import type { PaymentDocument } from '@domain/payments/payment-schema';
import { linesOfPayment } from '@domain/orders/order-line-fields';
import type { RecordedOrder } from './order-plan';
import { formatEuros } from '@domain/money';
import { compose, details, greeting, lines, say, type MailContent, type MailContext, type MailLine } from '../platform/mail/layout';
import { cardPaymentMail, transferConfirmedMail } from '../payments/payment-mails';
import type { OutgoingMail } from '../platform/mail/outbox';

/**
 * The e-mails of an order as recordOrder writes them (its `notify`): the
 * transfer details of a Bonifico, the receipt of a card payment; and the
 * texts of a Bonifico order registered or cancelled, in Italian, built from
 * the parts of netlify/lib/platform/mail/layout.ts.
 */

/** 'Ordine registrato: dati per il bonifico' for a Bonifico order of `plan` (the product's name) in `season`, paid into `account`. */
export function bankTransferOrderNotice(plan: string, season: number, account: BankAccount, context: MailContext) {
  return (order: RecordedOrder, familySurname: string): Pick<OutgoingMail, 'kind' | 'content'> => ({
    kind: 'bank-transfer-order',
    content: bankTransferOrderMail(
      {
        familySurname,
        lines: order.lines,
        totalEuros: order.totalEuros,
        iban: account.iban,
        holder: account.holder,
        reason: paymentReasonOf(plan, season, familySurname, order.reference),
      },
      context,
    ),
  });
}

/**
 * 'Pagamento ricevuto' for a card payment of `totalEuros` charged,
 * `serviceFeeEuros` of it the service fee and `solidarityContributionEuros`
 * the 'Contributo al fondo di solidarietà' (0 for none).
 */
export function cardPaymentNotice(totalEuros: number, serviceFeeEuros: number, context: MailContext, solidarityContributionEuros = 0) {
  return (order: RecordedOrder, familySurname: string): Pick<OutgoingMail, 'kind' | 'content'> => ({
    kind: 'card-payment',
    content: cardPaymentMail(
      { familySurname, lines: order.lines, totalEuros, solidarityContributionEuros, serviceFeeEuros, receiptNumber: order.receiptNumber },
      context,
    ),
  });
}

/** 'Pagamento ricevuto' for cash of `totalEuros` a volunteer collected and recorded, its receipt attached. */
export function cashPaymentNotice(context: MailContext) {
  return (order: RecordedOrder, familySurname: string): Pick<OutgoingMail, 'kind' | 'content'> => ({
    kind: 'cash-payment',
    content: cardPaymentMail(
      {
        familySurname,
        lines: order.lines,
        totalEuros: order.totalEuros,
        serviceFeeEuros: 0,
        receiptNumber: order.receiptNumber,
        cash: true,
      },
      context,
    ),
  });
}

/** 'Bonifico ricevuto' for a confirmed Bonifico `payment`, its lines as the payment keeps them, naming its receipt `receiptNumber`. */
export function transferConfirmedNotice(
  payment: PaymentDocument,
  receiptNumber: string | null,
  context: MailContext,
): Pick<OutgoingMail, 'kind' | 'content'> {
  return {
    kind: 'transfer-confirmed',
    content: transferConfirmedMail(
      {
        familySurname: payment.family_surname,
        lines: linesOfPayment(payment),
        totalEuros: payment.total_amount,
        reason: paymentReasonOf(payment.plan, payment.season, payment.family_surname, payment.reference),
        receiptNumber,
      },
      context,
    ),
  };
}

/** 'Ordine annullato' for a cancelled Bonifico `payment`, with the treasurer's `note`. */
export function orderCancelledNotice(payment: PaymentDocument, note: string, context: MailContext): Pick<OutgoingMail, 'kind' | 'content'> {
  return {
    kind: 'order-cancelled',
    content: orderCancelledMail(
      {
        familySurname: payment.family_surname,
        plan: payment.plan,
        reason: paymentReasonOf(payment.plan, payment.season, payment.family_surname, payment.reference),
        note,
      },
      context,
    ),
  };
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
