import { adminRemindersContract, type ReminderPreview, type ReminderResult } from '@contracts/admin-reminders';
import { callAdminContract } from '@/features/admin/shell/api/admin-functions';

/**
 * The calls behind 'Invia promemoria' (adminRemindersContract; docs/admin.md,
 * "Reminders"): the preview of a product's reminders and their sending,
 * both planned on the server from the season's documents. The hooks are in
 * ./reminders-queries.ts (kept apart so the screen's tests replace these
 * calls and keep those).
 */

/**
 * Asks admin-reminders who the reminders of the product `productId` would be written to.
 * Writes nothing.
 * @throws UserFacingError with the function's Italian message (401, 403, 409, 503, …).
 */
export async function previewReminders(productId: string): Promise<ReminderPreview> {
  const answer = await callAdminContract(adminRemindersContract, { product: productId, action: 'preview' });
  if (!('families' in answer)) throw new Error('admin-reminders answered a send to a preview');
  return answer;
}

/**
 * Sends the reminders of the product `productId`: the server plans them
 * again and writes each family once (not again within 7 days).
 * @throws UserFacingError with the function's Italian message (401, 403, 409, 503, …).
 */
export async function sendReminders(productId: string): Promise<ReminderResult> {
  const answer = await callAdminContract(adminRemindersContract, { product: productId, action: 'send' });
  if (!('sent' in answer)) throw new Error('admin-reminders answered a preview to a send');
  return answer;
}
