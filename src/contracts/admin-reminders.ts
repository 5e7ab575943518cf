import { z } from 'zod/mini';
import { defineContract } from './contract';

const count = z.int().check(z.gte(0));
const parentToCall = z.object({ familySurname: z.string(), parent: z.string(), phone: z.nullable(z.string()) });

/** What both answers count besides the families: their children, the families reminded in the last 7 days, the parents to phone. */
const reminderCounts = { children: count, recentlyReminded: count, withoutEmail: z.array(parentToCall) };

/** 'preview': the families that would be written to, and {@link reminderCounts}. */
export const reminderPreviewSchema = z.object({ families: count, ...reminderCounts });
export type ReminderPreview = z.output<typeof reminderPreviewSchema>;

/** 'send': the families written to, and {@link reminderCounts} (those reminded meanwhile among the recent ones). */
export const reminderResultSchema = z.object({ sent: count, ...reminderCounts });
export type ReminderResult = z.output<typeof reminderResultSchema>;

/**
 * admin-reminders, POST with an admin's ID token (docs/api.md,
 * "admin-reminders"; docs/admin.md, "Reminders"): the reminders of a
 * product of the current season's catalogue, previewed or sent.
 */
export const adminRemindersContract = defineContract({
  name: 'admin-reminders',
  method: 'POST',
  request: z.object({
    /** A product id of the season's catalogue: 'campo-saldo', 'uscita-di-pasqua'. */
    product: z.string().check(z.minLength(1), z.maxLength(80)),
    action: z.enum(['preview', 'send']),
  }),
  answer: z.union([reminderPreviewSchema, reminderResultSchema]),
  messages: {
    malformed: 'Richiesta non valida: servono "product" (un prodotto della stagione, come campo-saldo) e "action" (preview o send).',
    unreadable: (paths: readonly string[]) =>
      `Alcuni dati della stagione non sono leggibili (${paths.slice(0, 5).join(', ')}${paths.length > 5 ? '…' : ''}): nessun promemoria inviato. Correggili e riprova.`,
    partial: (sent: number, failed: number) =>
      `Promemoria inviati a ${sent} ${sent === 1 ? 'famiglia' : 'famiglie'}, ma non a ${failed}: riprova tra qualche istante (chi l'ha già ricevuto non lo riceverà di nuovo).`,
  },
});
