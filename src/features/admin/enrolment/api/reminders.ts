import { z } from 'zod';
import type { SpecProduct } from '@domain/products';
import { callAdminFunction } from '@/features/admin/shell/api/admin-functions';

/**
 * The calls behind 'Invia promemoria' (docs/admin.md, "Reminders"; docs/api.md,
 * "admin-reminders"): the preview of a product's reminders and their sending,
 * both through the admin function, which plans them on the server from the
 * season's documents. The hooks are in ./reminders-queries.ts (kept apart
 * so the screen's tests replace these calls and keep those).
 */

const count = z.number().int().nonnegative();
const parentToCall = z.object({ familySurname: z.string(), parent: z.string(), phone: z.string().nullable() });

/** What 'preview' answers: the families and children to write to, the families reminded in the last 7 days, the parents to phone. */
export const reminderPreviewSchema = z.object({
  families: count,
  children: count,
  recentlyReminded: count,
  withoutEmail: z.array(parentToCall),
});
export type ReminderPreview = z.infer<typeof reminderPreviewSchema>;

/** What 'send' answers: the families written to and their children, the families skipped as reminded in the last 7 days, the parents to phone. */
export const reminderResultSchema = z.object({
  sent: count,
  children: count,
  recentlyReminded: count,
  withoutEmail: z.array(parentToCall),
});
export type ReminderResult = z.infer<typeof reminderResultSchema>;

/**
 * Asks admin-reminders who the reminders of `product` would be written to.
 * Writes nothing.
 * @throws UserFacingError with the function's Italian message (401, 403, 409, 503, …).
 */
export function previewReminders(product: SpecProduct): Promise<ReminderPreview> {
  return callAdminFunction('admin-reminders', { product, action: 'preview' }, reminderPreviewSchema);
}

/**
 * Sends the reminders of `product`: the server plans them again and writes
 * each family once (not again within 7 days).
 * @throws UserFacingError with the function's Italian message (401, 403, 409, 503, …).
 */
export function sendReminders(product: SpecProduct): Promise<ReminderResult> {
  return callAdminFunction('admin-reminders', { product, action: 'send' }, reminderResultSchema);
}
