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
