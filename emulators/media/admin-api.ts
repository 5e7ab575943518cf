/**
 * The media emulator's Admin API of stored resources: one resource (the
 * SDK's `api.resource`) and a listing by prefix (`api.resources`), HTTP
 * Basic `api_key:api_secret` (see {@link refuseAdmin}).
 */
import type { Context, Hono } from 'hono';
import { refuseAdmin, refuseCloud } from './credentials';
import type { MediaEmulatorOptions } from './emulator-options';
import { fail } from './http';
import { resourceAnswer } from './resource-answer';
import { findStored, isDeliveryType, isResourceType, listStored, type DeliveryType } from './storage';

/** Cloudinary's page sizes of a listing: 10 unless asked, at most 500. */
const LIST_DEFAULT_RESULTS = 10;
const LIST_MAX_RESULTS = 500;

/** `GET …/resources/{resource_type}/{type}?prefix&max_results&next_cursor`: one page of the stored files by public id. */
function listResources(c: Context, options: MediaEmulatorOptions) {
  const { cloud = '', resourceType = '', type = '' } = c.req.param();
  const refused = refuseCloud(c, cloud, options) ?? refuseAdmin(c, options);
  if (refused) return refused;
  if (!isResourceType(resourceType)) return fail(c, 400, `Invalid resource type ${resourceType}`);
  if (!isDeliveryType(type)) return fail(c, 400, `Invalid type ${type}`);
  const query = new URL(c.req.url).searchParams;
  const maxResults = query.has('max_results') ? Number(query.get('max_results')) : LIST_DEFAULT_RESULTS;
  if (!Number.isInteger(maxResults) || maxResults < 1 || maxResults > LIST_MAX_RESULTS) {
    return fail(c, 400, `max_results should be between 1 and ${LIST_MAX_RESULTS}`);
  }
  // The cursor is the last public id of the page before, base64url: opaque to the caller, as Cloudinary's is.
  const cursor = query.get('next_cursor');
  const after = cursor ? Buffer.from(cursor, 'base64url').toString('utf8') : null;
  const stored = listStored(options.dataDir, { cloudName: cloud, resourceType, type }, query.get('prefix') ?? '');
  const rest = after === null ? stored : stored.filter((metadata) => metadata.public_id > after);
  const page = rest.slice(0, maxResults);
  const last = page.at(-1);
  return c.json({
    resources: page.map((metadata) => resourceAnswer(options, metadata)),
    ...(rest.length > maxResults && last ? { next_cursor: Buffer.from(last.public_id, 'utf8').toString('base64url') } : {}),
  });
}

/** `GET …/resources/{resource_type}/{type}/{public_id}`: one stored file's resource shape. */
function getResource(c: Context, options: MediaEmulatorOptions) {
  const { cloud = '', resourceType = '', type = '' } = c.req.param();
  const refused = refuseCloud(c, cloud, options) ?? refuseAdmin(c, options);
  if (refused) return refused;
  // The SDK sends the public id as one segment, encodeURIComponent'ed ('/' as %2F, ' ' as %20).
  let publicId: string;
  try {
    publicId = new URL(c.req.url).pathname.split('/').slice(6).map(decodeURIComponent).join('/');
  } catch {
    return fail(c, 404, 'Resource not found');
  }
  const stored = findStored(options.dataDir, { cloudName: cloud, resourceType, type: type as DeliveryType, publicId });
  if (!stored) return fail(c, 404, `Resource not found - ${publicId}`);
  return c.json(resourceAnswer(options, stored.metadata));
}

/**
 * The Admin API's resource routes.
 *
 * `GET /v1_1/{cloud}/resources/{resource_type}/{type}/{public_id}` (the
 * SDK's `api.resource`); the public id may come as one percent-encoded
 * segment (the SDK's way: '/' as %2F) or with literal slashes. 200 with
 * Cloudinary's resource shape (asset_id, public_id, format, version,
 * resource_type, type, created_at, bytes, url, secure_url, …); 401 for
 * missing or wrong credentials ('Must supply api_key', 'Unknown API key
 * {key}', 'api_secret mismatch'); 404 'Resource not found - {public_id}'.
 *
 * `GET /v1_1/{cloud}/resources/{resource_type}/{type}?prefix&max_results&next_cursor`
 * ("Get resources", the SDK's `api.resources`): the stored files of that
 * resource and delivery type whose public id starts with `prefix` (all when
 * none), sorted by public id, at most `max_results` (default 10, 1 to 500,
 * else 400) a page: 200 `{ resources: [resource shape], next_cursor }`,
 * `next_cursor` (an opaque string, sent back for the next page) only when
 * more follow.
 */
export function registerAdminApi(app: Hono, options: MediaEmulatorOptions): void {
  app.get('/v1_1/:cloud/resources/:resourceType/:type', (c) => listResources(c, options));
  app.get('/v1_1/:cloud/resources/:resourceType/:type/*', (c) => getResource(c, options));
}
