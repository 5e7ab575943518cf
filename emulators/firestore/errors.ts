/**
 * Errors in Google's JSON error format, `{ error: { code, message, status } }`,
 * with the HTTP status of each canonical code. The Firestore Lite SDK maps the
 * HTTP status to its FirestoreError code (404 -> not-found, 400 ->
 * failed-precondition, 409 -> aborted, 501 -> unimplemented…).
 */

/** Canonical Google RPC status names and their HTTP statuses. */
export const RPC_STATUS = {
  INVALID_ARGUMENT: 400,
  FAILED_PRECONDITION: 400,
  OUT_OF_RANGE: 400,
  UNAUTHENTICATED: 401,
  PERMISSION_DENIED: 403,
  NOT_FOUND: 404,
  ABORTED: 409,
  ALREADY_EXISTS: 409,
  RESOURCE_EXHAUSTED: 429,
  INTERNAL: 500,
  UNIMPLEMENTED: 501,
  UNAVAILABLE: 503,
} as const;

export type RpcStatus = keyof typeof RPC_STATUS;

/** An error the emulator answers with, instead of a stack trace. */
export class RpcError extends Error {
  readonly status: RpcStatus;

  constructor(status: RpcStatus, message: string) {
    super(message);
    this.name = 'RpcError';
    this.status = status;
  }

  /** HTTP status of this error. */
  get httpStatus(): number {
    return RPC_STATUS[this.status];
  }

  /** The JSON body Google APIs answer with. */
  toJSON(): { error: { code: number; message: string; status: RpcStatus } } {
    return { error: { code: this.httpStatus, message: this.message, status: this.status } };
  }
}

/** Shorthand for an INVALID_ARGUMENT error. */
export function invalidArgument(message: string): RpcError {
  return new RpcError('INVALID_ARGUMENT', message);
}
