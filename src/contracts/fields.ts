import { z } from 'zod/mini';

/** A Firestore document id as a request names it (a payment, a family, a child): 1 to 128 characters. */
export const documentId = z.string().check(z.minLength(1), z.maxLength(128));

/** The message of a malformed child id (get-signature, record-medical-form, admin-medical-form). */
export const CHILD_ID_MESSAGE = 'Identificativo del figlio non valido.';

/** A child's document id (`sons/{childId}`), refused with {@link CHILD_ID_MESSAGE}. */
export const childId = z
  .string({ error: CHILD_ID_MESSAGE })
  .check(z.minLength(1, { error: CHILD_ID_MESSAGE }), z.maxLength(128, { error: CHILD_ID_MESSAGE }));
