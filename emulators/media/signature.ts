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
  return createHash('sha1')
    .update(toSign + apiSecret)
    .digest('hex');
}

/**
 * The `signature` of Cloudinary's upload response: SHA-1, hex, of
 * `public_id={publicId}&version={version}` with the API secret appended
 * (signature version 1: no escaping). It is what the SDK's
 * `utils.verify_api_response_signature(public_id, version, signature)`
 * recomputes, so a server can tell a genuine upload answer from a forged one.
 * `publicId` is the full id, folder included.
 */
export function cloudinaryResponseSignature(publicId: string, version: number, apiSecret: string): string {
  return createHash('sha1').update(`public_id=${publicId}&version=${version}${apiSecret}`).digest('hex');
}
