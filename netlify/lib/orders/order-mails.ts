import type { BankAccount } from '@domain/payments/bank-account';
import { paymentReasonOf } from '@domain/payments/bank-transfer';
import type { PaymentDocument } from '@domain/payments/payment-schema';
import { linesOfPayment } from '@domain/orders/order-line-fields';
import type { RecordedOrder } from './order-plan';
import type { MailContext } from '../platform/mail/layout';
import { bankTransferOrderMail, cardPaymentMail, orderCancelledMail, transferConfirmedMail } from '../platform/mail/messages';
import type { OutgoingMail } from '../platform/mail/outbox';

/**
 * The e-mails of an order as recordOrder writes them (its `notify`): the
 * transfer details of a Bonifico, the receipt of a card payment.
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
