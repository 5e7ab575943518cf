import { createHash } from 'node:crypto';

/** Parameters Cloudinary leaves out of the string to sign. */
const UNSIGNED = new Set(['file', 'cloud_name', 'resource_type', 'api_key', 'signature']);

/**
 * The signature Cloudinary expects for upload parameters (signature version
 * 2): every parameter except file, cloud_name, resource_type, api_key (and
 * the signature itself) with a non-empty value, sorted by name, written
 * `name=value` with '&' inside values escaped as %26, joined with '&', the
 * API secret appended, SHA-1, hex.
 */
export function cloudinarySignature(params: Record<string, string>, apiSecret: string): string {
  const toSign = Object.entries(params)
    .filter(([name, value]) => !UNSIGNED.has(name) && value !== '')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`.replace(/&/g, '%26'))
    .join('&');
  return createHash('sha1').update(toSign + apiSecret).digest('hex');
}
