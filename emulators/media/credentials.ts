/**
 * The media emulator's checks of who calls: the cloud named in the path,
 * the Upload API's signed parameters and the Admin API's HTTP Basic
 * credentials. Each answers Cloudinary's refusal, or null when it holds.
 */
import { timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import type { MediaEmulatorOptions } from './emulator-options';
import { fail } from './http';
import { cloudinarySignature } from './signature';

/** How old a signed request's timestamp may be, in seconds (Cloudinary's hour). */
const STALE_AFTER_SECONDS = 60 * 60;

/** Compares two secrets in constant time. */
export function safeEquals(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** 401 'Invalid cloud_name {cloud}' unless `cloud` is the emulator's. */
export function refuseCloud(c: Context, cloud: string | undefined, options: MediaEmulatorOptions) {
  return cloud === options.cloudName ? null : fail(c, 401, `Invalid cloud_name ${cloud}`);
}

/**
 * Checks a signed Upload API request: API key, timestamp (Unix seconds, at
 * most {@link STALE_AFTER_SECONDS} old, else 400 'Stale request') and
 * signature ({@link cloudinarySignature}); 401 for the others.
 */
export function refuseSigned(c: Context, params: Record<string, string>, options: MediaEmulatorOptions) {
  if (!params.api_key) return fail(c, 401, 'Must supply api_key');
  if (params.api_key !== options.apiKey) return fail(c, 401, `Unknown API key ${params.api_key}`);
  if (!params.signature) return fail(c, 401, 'Must supply signature');
  if (!params.timestamp || !/^\d+$/.test(params.timestamp)) return fail(c, 401, 'Must supply timestamp');
  const age = Math.floor(Date.now() / 1000) - Number(params.timestamp);
  if (age > STALE_AFTER_SECONDS) {
    return fail(c, 400, `Stale request - reported time is ${params.timestamp} which is more than 1 hour ago`);
  }
  if (!safeEquals(params.signature, cloudinarySignature(params, options.apiSecret))) {
    return fail(c, 401, `Invalid Signature ${params.signature}. String to sign - see Cloudinary's signature rules.`);
  }
  return null;
}

/** Checks the Admin API's HTTP Basic `api_key:api_secret`: 401 'Must supply api_key', 'Unknown API key {key}' or 'api_secret mismatch'. */
export function refuseAdmin(c: Context, options: MediaEmulatorOptions) {
  const match = /^Basic\s+(\S+)$/i.exec(c.req.header('authorization') ?? '');
  if (!match?.[1]) return fail(c, 401, 'Must supply api_key');
  const credentials = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = credentials.indexOf(':');
  const key = colon < 0 ? credentials : credentials.slice(0, colon);
  const secret = colon < 0 ? '' : credentials.slice(colon + 1);
  if (key !== options.apiKey) return fail(c, 401, `Unknown API key ${key}`);
  if (!safeEquals(secret, options.apiSecret)) return fail(c, 401, 'api_secret mismatch');
  return null;
}
