/** The HTTP side every route of the media emulator shares: Cloudinary's error shape and the request bodies' fields. */
import type { Context } from 'hono';
import { MAX_MEDICAL_FORM_BYTES } from '@domain/medical-forms/medical-form';

/** Cloudinary's error shape, `{ error: { message } }`, with `status`. */
export const fail = (c: Context, status: 400 | 401 | 404, message: string) => c.json({ error: { message } }, status);

/** Cloudinary's 400 for a file over `MAX_MEDICAL_FORM_BYTES`, with its size (bytes) when known. */
export const tooLarge = (c: Context, size?: number) =>
  fail(c, 400, `File size too large. ${size === undefined ? '' : `Got ${size}. `}Maximum is ${MAX_MEDICAL_FORM_BYTES}.`);

/** The form fields of a multipart or form-encoded body, or null when it cannot be parsed. */
export async function readForm(c: Context): Promise<Record<string, string | File> | null> {
  try {
    return await c.req.parseBody<Record<string, string | File>>();
  } catch {
    return null;
  }
}

/** A form's text fields (files left out), by name. */
export function textFields(form: Record<string, string | File>): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [name, value] of Object.entries(form)) if (typeof value === 'string') params[name] = value;
  return params;
}

/** The text fields of a body ({@link readForm}); none when it cannot be parsed. */
export async function formParams(c: Context): Promise<Record<string, string>> {
  return textFields((await readForm(c)) ?? {});
}
