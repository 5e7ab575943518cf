import { z } from 'zod/mini';
import { formatEuros } from '@domain/money';
import { defineContract } from './contract';
import { documentId } from './fields';

/**
 * admin-refund, POST, admin with the `payments` permission (docs/api.md,
 * "admin-refund"; docs/admin-orders.md, "Rimborsa"): a card payment
 * refunded through Stripe, a Bonifico recorded as refunded by the
 * treasurer's transfer of `transferDate`; one refund per `idempotencyKey`.
 * `changed` is false when the same request was made before.
 */
export const adminRefundContract = defineContract({
  name: 'admin-refund',
  method: 'POST',
  request: z.object({
    paymentId: documentId,
    /** Euros with at most two decimals. */
    amountEuros: z.number().check(
      z.positive(),
      z.refine((euros) => Math.abs(euros * 100 - Math.round(euros * 100)) < 1e-6),
    ),
    idempotencyKey: z.uuid(),
    /** A Bonifico refunded by the treasurer's own transfer: the day it left. */
    transferDate: z.optional(z.iso.date()),
  }),
  answer: z.object({ changed: z.boolean() }),
  messages: {
    malformed: 'Richiesta non valida: servono "paymentId", l\'importo in euro ("amountEuros") e "idempotencyKey".',
    notFound: 'Il pagamento non esiste più. Aggiorna la pagina.',
    notRefundable: (status: string) => `Un pagamento ${status} non si rimborsa.`,
    tooMuch: (left: number) => `Si possono rimborsare al massimo ${formatEuros(left)}.`,
    transferDate: 'Per un bonifico indica la data del rimborso.',
    keyReused: 'Questa richiesta di rimborso è già stata fatta per un altro importo: chiudi e riapri «Rimborsa».',
    otherPending: (euros: number) =>
      `Un rimborso di ${formatEuros(euros)} attende ancora la risposta di Stripe: riapri «Rimborsa» e premi di nuovo per riprovarlo, prima di chiederne un altro.`,
    refused: 'Stripe ha rifiutato il rimborso: nulla è stato rimborsato. Controlla l’importo, o riprova più tardi.',
    noAnswer:
      'Stripe non ha risposto: il rimborso potrebbe essere partito o no. Premi di nuovo «Rimborsa» per riprovare: non sarà fatto due volte.',
  },
});
