import { z } from 'zod';
import { seasonField, timestamp } from '../collections';

/**
 * `reminders/{season}_{product}_{familyId}`: the last reminder of a product
 * sent to a family in a season (docs/admin.md, "Reminders"): the children it
 * named, when (server time) and by whom (the admin's e-mail). Written by
 * admin-reminders in the transaction that writes the e-mail to the outbox,
 * replaced by the next reminder; admins read it, nobody writes it from a
 * browser.
 */
export const reminderDocument = z.object({
  id: z.string(),
  season: seasonField,
  product: z.string().min(1),
  family_id: z.string(),
  child_ids: z.array(z.string()),
  sent_at: timestamp,
  sent_by: z.string(),
});
export type ReminderDocument = z.infer<typeof reminderDocument>;
