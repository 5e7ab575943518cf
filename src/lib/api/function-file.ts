import type { Contract, RequestOf } from '@contracts/contract';
import { CLIENT_MESSAGES, postToFunction, UserFacingError } from './functions-client';

/**
 * Calls the function `name` with `body` for a file (a receipt PDF): its
 * bytes and the name its Content-Disposition gives (`fallbackName` without one).
 * @throws UserFacingError as callFunction does.
 */
export async function fetchFunctionFile(
  name: string,
  body: unknown,
  fallbackName: string,
  headers: Record<string, string> = {},
): Promise<{ blob: Blob; filename: string }> {
  const response = await postToFunction(name, body, headers);
  const filename = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  try {
    return { blob: await response.blob(), filename };
  } catch (error) {
    console.error(`${name}: the file did not arrive`, error);
    throw new UserFacingError(CLIENT_MESSAGES.unreachable, 0);
  }
}

/**
 * {@link fetchFunctionFile} for the function of a contract whose answer is
 * a file (`answer: 'file'`, src/contracts), with its typed request. A file
 * has no answer schema to check, so the contract's name is all the call
 * needs: a screen may pass `{ name }` typed by the contract
 * (`fetchContractFile<typeof receiptContract>({ name: 'receipt' }, …)`) and
 * load nothing more.
 * @throws UserFacingError as callFunction does.
 */
export function fetchContractFile<C extends Contract & { answer: 'file' }>(
  contract: Pick<C, 'name'>,
  request: RequestOf<C>,
  fallbackName: string,
  headers: Record<string, string> = {},
): Promise<{ blob: Blob; filename: string }> {
  return fetchFunctionFile(contract.name, request, fallbackName, headers);
}
