import { callFunction, UserFacingError, type ResponseSchema } from '@/lib/api/functions-client';
import { getFirebase } from '@/lib/firebase';

/** Shown when no admin is signed in any more (the session ended in another tab). */
export const SIGNED_OUT_MESSAGE = 'Sessione scaduta: accedi di nuovo.';

/**
 * Calls the admin function `name` (docs/api.md, "Admin functions") with
 * `body`, sending the signed-in admin's Firebase ID token as
 * `Authorization: Bearer …`, and parses the answer with `schema`.
 * @throws UserFacingError with {@link SIGNED_OUT_MESSAGE} when nobody is
 * signed in, or the function's Italian message (401, 403, 404, 409, 503, …).
 */
export async function callAdminFunction<T>(name: string, body: unknown, schema: ResponseSchema<T>): Promise<T> {
  const user = getFirebase().auth.currentUser;
  if (!user) throw new UserFacingError(SIGNED_OUT_MESSAGE, 401);
  const token = await user.getIdToken();
  return callFunction(name, body, schema, { authorization: `Bearer ${token}` });
}
