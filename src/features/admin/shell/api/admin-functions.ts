import type { z } from 'zod/mini';
import type { AnswerOf, Contract, RequestOf, Schema } from '@contracts/contract';
import { fetchFunctionFile } from '@/lib/api/function-file';
import { callContract, callFunction, CLIENT_MESSAGES, UserFacingError, type ResponseSchema } from '@/lib/api/functions-client';
import { getFirebase } from '@/lib/firebase';

/** Shown when no admin is signed in any more (the session ended in another tab). */
export const SIGNED_OUT_MESSAGE = 'Sessione scaduta: accedi di nuovo.';

/**
 * Calls the admin function `name` (docs/api.md, "Admin functions") with
 * `body`, sending the signed-in admin's Firebase ID token as
 * `Authorization: Bearer …`, and parses the answer with `schema`.
 * A 401 (the account's sessions were revoked by a role change,
 * docs/security.md "Roles") makes Firebase refresh the token: a revoked
 * session fails and Firebase signs the user out, so the login shows
 * instead of a desk that can do nothing.
 * @throws UserFacingError with {@link SIGNED_OUT_MESSAGE} when nobody is
 * signed in, or the function's Italian message (401, 403, 404, 409, 503, …).
 */
export async function callAdminFunction<T>(name: string, body: unknown, schema: ResponseSchema<T>): Promise<T> {
  try {
    return await callFunction(name, body, schema, await adminAuthorization());
  } catch (error) {
    await refreshOnUnauthorized(error);
    throw error;
  }
}

/** After a 401, asks Firebase for a new token: a revoked session fails there and signs the user out. */
async function refreshOnUnauthorized(error: unknown): Promise<void> {
  if (error instanceof UserFacingError && error.status === 401) {
    await getFirebase()
      .auth.currentUser?.getIdToken(true)
      .catch(() => {});
  }
}

/**
 * Calls the admin function of `contract` (src/contracts) with `request` and
 * the signed-in admin's ID token, and parses the answer with the contract.
 * @throws UserFacingError as {@link callAdminFunction} does.
 */
export async function callAdminContract<C extends Contract>(contract: C, request: RequestOf<C>): Promise<AnswerOf<C>> {
  try {
    return await callContract(contract, request, await adminAuthorization());
  } catch (error) {
    await refreshOnUnauthorized(error);
    throw error;
  }
}

/**
 * Calls the admin function of `contract` for one action whose answer is
 * `answer`, one of the shapes the contract's answer allows (admin-users'
 * 'list' answers the accounts, its 'grant' one account).
 * @throws UserFacingError as {@link callAdminFunction} does, and
 * CLIENT_MESSAGES.unexpected when the answer is another action's.
 */
export async function callAdminAction<C extends Contract, S extends Schema>(
  contract: C,
  request: RequestOf<C>,
  answer: S,
): Promise<z.output<S>> {
  const parsed = (answer as unknown as z.ZodMiniType<z.output<S>>).safeParse(await callAdminContract(contract, request));
  if (!parsed.success) {
    console.error(`${contract.name}: an answer of another action`, parsed.error.issues);
    throw new UserFacingError(CLIENT_MESSAGES.unexpected, 200);
  }
  return parsed.data;
}

/**
 * Calls the admin function of `contract` for a file (a PDF, an export) with
 * the admin's ID token: its bytes and the name its Content-Disposition
 * gives (`fallbackName` without one).
 * @throws UserFacingError as {@link callAdminFunction} does.
 */
export async function fetchAdminContractFile<C extends Contract>(
  contract: C,
  request: RequestOf<C>,
  fallbackName: string,
): Promise<{ blob: Blob; filename: string }> {
  try {
    return await fetchFunctionFile(contract.name, request, fallbackName, await adminAuthorization());
  } catch (error) {
    await refreshOnUnauthorized(error);
    throw error;
  }
}

/** The signed-in admin's `Authorization` header. */
async function adminAuthorization(): Promise<Record<string, string>> {
  const user = getFirebase().auth.currentUser;
  if (!user) throw new UserFacingError(SIGNED_OUT_MESSAGE, 401);
  return { authorization: `Bearer ${await user.getIdToken()}` };
}
