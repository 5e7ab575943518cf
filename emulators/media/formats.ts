/** Formats recognised by their first bytes (see {@link detectFormat}). */
export const DETECTED_FORMATS = ['pdf', 'png', 'jpg', 'gif'] as const;
export type DetectedFormat = (typeof DETECTED_FORMATS)[number];

/** Formats a stored file may have: a detected one, or 'raw' for unrecognised bytes stored as raw. */
export const STORED_FORMATS: readonly string[] = [...DETECTED_FORMATS, 'raw'];

const CONTENT_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  raw: 'application/octet-stream',
};

/** The `Content-Type` a stored file is served with: by its format, `application/octet-stream` for any other. */
export function contentTypeOf(format: string): string {
  return CONTENT_TYPES[format] ?? 'application/octet-stream';
}

/**
 * The format of a file by its first bytes: PDF '%PDF-', PNG '\x89PNG',
 * JPEG FF D8 FF ('jpg'), GIF 'GIF8'; null for anything else.
 */
export function detectFormat(bytes: Uint8Array): DetectedFormat | null {
  const starts = (...prefix: number[]) => prefix.every((byte, index) => bytes[index] === byte);
  if (starts(0x25, 0x50, 0x44, 0x46, 0x2d)) return 'pdf';
  if (starts(0x89, 0x50, 0x4e, 0x47)) return 'png';
  if (starts(0xff, 0xd8, 0xff)) return 'jpg';
  if (starts(0x47, 0x49, 0x46, 0x38)) return 'gif';
  return null;
}
