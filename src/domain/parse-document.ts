import type { z } from 'zod';

/** Thrown when a stored document does not match its schema. */
export class InvalidDocumentError extends Error {
  constructor(
    readonly path: string,
    readonly issues: string,
  ) {
    super(`Document ${path} does not match its schema: ${issues}`);
    this.name = 'InvalidDocumentError';
  }
}

/**
 * Parses the data of the document at `path` with `schema`.
 * @throws InvalidDocumentError naming the document and the fields that do not match.
 */
export function parseDocument<T>(schema: z.ZodType<T>, path: string, data: unknown): T {
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    throw new InvalidDocumentError(path, parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; '));
  }
  return parsed.data;
}
