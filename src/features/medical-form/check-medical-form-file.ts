import { validateMedicalFormFile } from '@domain/medical-forms/medical-form';

/**
 * Checks a chosen file against the medical form's rules (docs/product.md,
 * "Rules": PDF only — the '%PDF-' signature — at most 10 MB), reading its
 * first 8 bytes. Resolves an Italian message, or null when the file is fine.
 */
export async function checkMedicalFormFile(file: File): Promise<string | null> {
  const head = new Uint8Array(await file.slice(0, 8).arrayBuffer());
  return validateMedicalFormFile({ name: file.name, type: file.type, size: file.size, head });
}
