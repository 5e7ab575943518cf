import { z } from 'zod/mini';
import { PARENT_MESSAGES } from './parent-messages';

/** A Firestore document id as a request names it (a payment, a family, a child): 1 to 128 characters. */
export const documentId = z.string().check(z.minLength(1), z.maxLength(128));

/** A child's document id (`sons/{childId}`), refused with `PARENT_MESSAGES.childId`. */
export const childId = z
  .string({ error: PARENT_MESSAGES.childId })
  .check(z.minLength(1, { error: PARENT_MESSAGES.childId }), z.maxLength(128, { error: PARENT_MESSAGES.childId }));
