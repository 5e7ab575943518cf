import { z } from 'zod/mini';
import { defineContract } from './contract';
import { documentId } from './fields';
import { paymentFileRequest } from './payment-file';

/**
 * admin-receipt, POST, admin with the `payments` permission (docs/api.md,
 * "admin-receipt"; docs/admin.md, "Receipts" and "Credit notes"). 'download'
 * answers a file: the PDF of the payment's receipt or credit note, the
 * bytes the family downloads. 'resend' ('Invia di nuovo') e-mails the
 * receipt and its credit notes to the family again and answers the
 * addresses it goes to: the answer below.
 */
export const adminReceiptContract = defineContract({
  name: 'admin-receipt',
  method: 'POST',
  request: paymentFileRequest({ paymentId: documentId, action: z.enum(['download', 'resend']) }),
  answer: z.object({ sentTo: z.array(z.string()) }),
  messages: {
    malformed: 'Richiesta non valida: servono "paymentId" e "action" (download o resend); per una nota di credito anche "kind" e "number".',
    notFound: 'Il pagamento non esiste più. Aggiorna la pagina.',
    noReceipt: 'Questo pagamento non ha una ricevuta: si emette quando il pagamento è confermato.',
    noDocument: 'Questo pagamento non ha il documento chiesto. Aggiorna la pagina.',
    noAddress: 'Nessun genitore della famiglia ha un indirizzo e-mail: aggiungilo in Famiglie e riprova.',
  },
});
