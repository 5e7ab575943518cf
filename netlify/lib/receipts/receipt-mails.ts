import { formatEuros } from '@domain/money';
import { compose, greeting, say, type MailContent, type MailContext } from '../platform/mail/layout';

/**
 * The e-mails of receipts and credit notes (docs/admin.md, "Credit notes"),
 * in Italian: a receipt sent again, a credit note, a card refund that
 * failed. Pure, built from the parts of netlify/lib/platform/mail/layout.ts;
 * the PDFs travel as the message's attachments.
 */

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
