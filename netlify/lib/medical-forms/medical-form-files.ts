import { Agent } from 'node:http';
import { randomBytes } from 'node:crypto';
import { v2 as cloudinary } from 'cloudinary';
import type { Firestore } from 'firebase-admin/firestore';
import { SEASON } from '@config/season';
import type { AnswerOf } from '@contracts/contract';
import type { getSignatureContract } from '@contracts/get-signature';
import { MEDICAL_FORM_MESSAGES } from '@contracts/medical-form-messages';
import type { ChildDocument } from '@domain/roster/child-schema';
import type { FamilyDocument } from '@domain/roster/family-schema';
import {
  isEligibleForMedicalForm,
  isUploadableChildId,
  MAX_MEDICAL_FORM_BYTES,
  medicalFormUploadId,
} from '@domain/medical-forms/medical-form';
import { findFamilyByParentCf, findFamilyItems } from '../families/families';
import { medicalFormCutoffInstant } from '@domain/medical-forms/medical-form-settings';
import { readSeasonSettings } from '../season/season-settings';
import { assertSessionFamily, type FamilySession } from '../platform/session';
import { UnknownFiscalCodeError } from '../platform/fiscal-code-budget';
import { HttpError } from '../platform/http';
import { parseFiscalCode } from '../orders/order-request';
import { serviceConfig, type ServiceSettings } from '../platform/server-env';

/**
 * The server's side of the medical form uploads (docs/api.md, "get-signature
 * and record-medical-form"; docs/product.md, "Medical form"): Cloudinary's settings from the
 * environment, the SDK configured with them, the upload signature, the check
 * of Cloudinary's upload answer and the stored delivery URL; and the checks
 * shared by get-signature and record-medical-form (the parent's family, the
 * child, its eligibility, the file's folder and public id).
 */

/** Cloudinary's delivery type of the medical forms: not publicly downloadable. */
export const MEDICAL_FORM_DELIVERY_TYPE = 'authenticated';
/**
 * Cloudinary's resource type of an uploaded PDF: the browser posts to
 * `.../image/upload` (the address get-signature answers), and Cloudinary
 * files a PDF as an image.
 */
export const MEDICAL_FORM_RESOURCE_TYPE = 'image';
/** The stored file's format. */
export const MEDICAL_FORM_FORMAT = 'pdf';
/** How old an upload answer may be when recorded, in seconds (Cloudinary's own window for signed requests). */
export const UPLOAD_ANSWER_MAX_AGE_SECONDS = 60 * 60;
/** How far in the future an upload's version may be, in seconds (clock skew). */
export const UPLOAD_ANSWER_MAX_SKEW_SECONDS = 5 * 60;

/**
 * Cloudinary's account, from the server's environment (`serviceConfig('cloudinary')`,
 * server-env.ts): cloudName, apiKey, apiSecret; uploadPreset, the name of the
 * signed upload preset ('' when none); apiUrl, the base of Cloudinary's API
 * (CLOUDINARY_API_URL, no trailing slash) where signed download URLs point:
 * '' for Cloudinary's own (https://api.cloudinary.com); `npm run dev` sets
 * the media emulator's. Never sent to the browser but the API key.
 */
export type CloudinarySettings = ServiceSettings['cloudinary'];

/**
 * The settings, with the SDK's global configuration set from them (the
 * SDK's `verify_api_response_signature` and `url` read it).
 * @throws ServiceNotConfiguredError('cloudinary') naming the missing
 * variables, never a value: responseForError answers 503 'Il caricamento dei
 * documenti non è configurato.' and logs the names.
 */
export function requireCloudinary(env: NodeJS.ProcessEnv = process.env): CloudinarySettings {
  const settings = serviceConfig('cloudinary', env);
  cloudinary.config({ cloud_name: settings.cloudName, api_key: settings.apiKey, api_secret: settings.apiSecret, secure: true });
  return settings;
}

/** What get-signature answers (getSignatureContract): where to upload, and the signed parameters the browser sends with the file. */
export type MedicalFormUploadSignature = AnswerOf<typeof getSignatureContract>;

/** Cloudinary's API base: CLOUDINARY_API_URL (the media emulator locally), else https://api.cloudinary.com. */
function apiBase(settings: CloudinarySettings): string {
  return settings.apiUrl || 'https://api.cloudinary.com';
}

/**
 * The SDK's Admin API calls pick Node's https module when it loads; the
 * media emulator speaks plain http, so a call to it carries an http agent.
 */
function adminApiOptions(settings: CloudinarySettings) {
  return {
    cloud_name: settings.cloudName,
    api_key: settings.apiKey,
    api_secret: settings.apiSecret,
    upload_prefix: apiBase(settings),
    ...(apiBase(settings).startsWith('http:') ? { agent: new Agent() } : {}),
  };
}

/**
 * Signs the upload of one medical form of `childId` with the SDK's
 * `api_sign_request`: folder, a public id new at every upload
 * (medicalFormUploadId: `{childId}/{unix seconds}-{8 random hex}`),
 * timestamp, type 'authenticated', allowed_formats 'pdf' (Cloudinary
 * refuses anything else) and, when configured, upload_preset. `now` in
 * milliseconds.
 */
export function signMedicalFormUpload(
  settings: CloudinarySettings,
  target: { folder: string; childId: string },
  now: number = Date.now(),
): MedicalFormUploadSignature {
  const timestamp = Math.floor(now / 1000);
  const publicId = medicalFormUploadId(target.childId, timestamp, randomBytes(4).toString('hex'));
  const params: Record<string, string | number> = {
    allowed_formats: MEDICAL_FORM_FORMAT,
    folder: target.folder,
    public_id: publicId,
    timestamp,
    type: MEDICAL_FORM_DELIVERY_TYPE,
  };
  if (settings.uploadPreset) params.upload_preset = settings.uploadPreset;
  return {
    upload_url: `${apiBase(settings)}/v1_1/${settings.cloudName}/${MEDICAL_FORM_RESOURCE_TYPE}/upload`,
    timestamp,
    signature: cloudinary.utils.api_sign_request(params, settings.apiSecret),
    api_key: settings.apiKey,
    upload_preset: settings.uploadPreset,
    folder: target.folder,
    public_id: publicId,
    type: MEDICAL_FORM_DELIVERY_TYPE,
    allowed_formats: MEDICAL_FORM_FORMAT,
  };
}

/** What Cloudinary stores of an upload, as its Admin API answers it. */
export interface StoredResource {
  format: string;
  bytes: number;
  version: number;
}

/**
 * Reads the uploaded file `publicId` (folder included) through Cloudinary's
 * Admin API (the SDK's `api.resource`, resource type image, type
 * authenticated): its format, size in bytes and version. Returns null when
 * Cloudinary does not have it.
 * @throws Error when Cloudinary cannot be reached or refuses the credentials.
 */
export async function fetchStoredResource(settings: CloudinarySettings, publicId: string): Promise<StoredResource | null> {
  try {
    const resource = (await cloudinary.api.resource(publicId, {
      ...adminApiOptions(settings),
      resource_type: MEDICAL_FORM_RESOURCE_TYPE,
      type: MEDICAL_FORM_DELIVERY_TYPE,
    })) as { format?: unknown; bytes?: unknown; version?: unknown };
    return { format: String(resource.format), bytes: Number(resource.bytes), version: Number(resource.version) };
  } catch (error) {
    const status = (error as { error?: { http_code?: number } } | null)?.error?.http_code;
    if (status === 404) return null;
    throw new Error(`Cloudinary Admin API: ${(error as { error?: { message?: string } } | null)?.error?.message ?? String(error)}`);
  }
}

/**
 * Deletes the medical form `publicId` from Cloudinary (the SDK's
 * `uploader.destroy`, type authenticated, cached copies invalidated). A file
 * Cloudinary no longer holds counts as deleted, so a retried deletion
 * succeeds. Resolves true when this call removed the file, false when it was
 * already gone.
 * @throws Error when Cloudinary cannot be reached or refuses the request.
 */
export async function destroyMedicalForm(settings: CloudinarySettings, publicId: string): Promise<boolean> {
  const answer = (await cloudinary.uploader.destroy(publicId, {
    ...adminApiOptions(settings),
    resource_type: MEDICAL_FORM_RESOURCE_TYPE,
    type: MEDICAL_FORM_DELIVERY_TYPE,
    invalidate: true,
  })) as { result?: unknown };
  if (answer.result !== 'ok' && answer.result !== 'not found') throw new Error(`Cloudinary destroy ${publicId}: ${JSON.stringify(answer)}`);
  return answer.result === 'ok';
}

/** A stored medical form file as a listing answers it: its full public id and when Cloudinary received it. */
export interface ListedForm {
  public_id: string;
  created_at: Date;
}

/** Files per page of a folder's listing: Cloudinary's largest page. */
const LIST_PAGE_SIZE = 500;

/**
 * Every medical form file Cloudinary holds in `folder` (public ids starting
 * `{folder}/`; type authenticated, resource type image): the Admin API's
 * "Get resources" by prefix (the SDK's `api.resources`), followed page by
 * page (500 a page, `next_cursor`). One call per 500 files; the Admin API
 * is rate-limited (500 calls an hour on the free plan), so the retention
 * lists each folder once a day.
 * @throws Error when Cloudinary cannot be reached or refuses the credentials.
 */
export async function listMedicalFormFiles(settings: CloudinarySettings, folder: string): Promise<ListedForm[]> {
  const files: ListedForm[] = [];
  let cursor: string | undefined;
  do {
    let page: { resources?: Array<{ public_id?: unknown; created_at?: unknown }>; next_cursor?: unknown };
    try {
      page = (await cloudinary.api.resources({
        ...adminApiOptions(settings),
        resource_type: MEDICAL_FORM_RESOURCE_TYPE,
        type: MEDICAL_FORM_DELIVERY_TYPE,
        prefix: `${folder}/`,
        max_results: LIST_PAGE_SIZE,
        ...(cursor ? { next_cursor: cursor } : {}),
      })) as typeof page;
    } catch (error) {
      throw new Error(`Cloudinary Admin API: ${(error as { error?: { message?: string } } | null)?.error?.message ?? String(error)}`);
    }
    for (const resource of page.resources ?? []) {
      const createdAt = new Date(String(resource.created_at));
      if (typeof resource.public_id === 'string' && !Number.isNaN(createdAt.getTime()))
        files.push({ public_id: resource.public_id, created_at: createdAt });
    }
    cursor = typeof page.next_cursor === 'string' && page.next_cursor ? page.next_cursor : undefined;
  } while (cursor);
  return files;
}

/**
 * True when the stored file is what a medical form must be: a PDF of at
 * most 10 MB (MAX_MEDICAL_FORM_BYTES) whose version is the upload answer's.
 */
export function isAcceptableForm(stored: StoredResource | null, version: number): boolean {
  return stored !== null && stored.format === MEDICAL_FORM_FORMAT && stored.bytes <= MAX_MEDICAL_FORM_BYTES && stored.version === version;
}

/** The fields of Cloudinary's upload answer the browser passes on to record-medical-form. */
export interface UploadAnswer {
  /** Full public id, folder included. */
  public_id: string;
  /** The upload's Unix time, seconds. */
  version: number;
  /** Cloudinary's response signature. */
  signature: string;
}

type VerifyResponseSignature = (publicId: string, version: number, signature: string) => boolean;

/**
 * Checks that `answer` is a recent, genuine Cloudinary upload answer for the
 * configured account (call {@link requireCloudinary} first).
 *
 * The SDK's `utils.verify_api_response_signature` (cloudinary 2.11) only
 * recomputes SHA-1 of `public_id={public_id}&version={version}` + API secret
 * (signature version 1) and compares it with `signature`: it checks no time
 * window. So the version, the upload's Unix time, must also lie between
 * {@link UPLOAD_ANSWER_MAX_AGE_SECONDS} ago and
 * {@link UPLOAD_ANSWER_MAX_SKEW_SECONDS} ahead of `now` (milliseconds).
 * Returns 'verified', 'forged' (the signature does not match) or 'stale'.
 */
export function checkUploadAnswer(answer: UploadAnswer, now: number = Date.now()): 'verified' | 'forged' | 'stale' {
  const verify = (cloudinary.utils as unknown as { verify_api_response_signature: VerifyResponseSignature }).verify_api_response_signature;
  if (!verify(answer.public_id, answer.version, answer.signature)) return 'forged';
  const nowSeconds = Math.floor(now / 1000);
  if (answer.version < nowSeconds - UPLOAD_ANSWER_MAX_AGE_SECONDS || answer.version > nowSeconds + UPLOAD_ANSWER_MAX_SKEW_SECONDS)
    return 'stale';
  return 'verified';
}

/**
 * The stored file's authenticated delivery URL, built by the SDK (call
 * {@link requireCloudinary} first):
 * `https://res.cloudinary.com/{cloud}/image/authenticated/v{version}/{public_id}.pdf`,
 * path segments URL-encoded. Not downloadable as it is: authenticated
 * files are delivered through signed URLs.
 */
export function medicalFormDeliveryUrl(settings: CloudinarySettings, publicId: string, version: number): string {
  return cloudinary.url(publicId, {
    cloud_name: settings.cloudName,
    type: MEDICAL_FORM_DELIVERY_TYPE,
    resource_type: MEDICAL_FORM_RESOURCE_TYPE,
    version: String(version),
    format: MEDICAL_FORM_FORMAT,
    secure: true,
    urlAnalytics: false,
  });
}

/**
 * The full public id (folder included) of the file a stored `medical_doc`
 * names: the reverse of {@link medicalFormDeliveryUrl}. The URL must be
 * `https://res.cloudinary.com/{settings.cloudName}/image/authenticated/v{version}/{public_id}.pdf`
 * (path segments URL-decoded). Returns null for any other URL: another
 * account, delivery type, resource type or format, or a path that would
 * climb out of the account.
 */
export function medicalFormPublicIdFromUrl(settings: CloudinarySettings, deliveryUrl: string): string | null {
  let url: URL;
  try {
    url = new URL(deliveryUrl);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || url.hostname !== 'res.cloudinary.com' || url.search || url.hash) return null;
  const [, cloud, resourceType, type, version, ...rest] = url.pathname.split('/');
  if (cloud !== settings.cloudName || resourceType !== MEDICAL_FORM_RESOURCE_TYPE || type !== MEDICAL_FORM_DELIVERY_TYPE) return null;
  if (!version || !/^v\d+$/.test(version) || rest.length === 0) return null;
  let segments: string[];
  try {
    segments = rest.map((segment) => decodeURIComponent(segment));
  } catch {
    return null;
  }
  if (segments.some((segment) => segment === '' || segment === '.' || segment === '..' || segment.includes('/'))) return null;
  const path = segments.join('/');
  const extension = `.${MEDICAL_FORM_FORMAT}`;
  if (!path.endsWith(extension) || path.length === extension.length) return null;
  return path.slice(0, -extension.length);
}

/**
 * The history entry of a form recorded before the history was kept (a
 * `medical_doc` URL and no `medical_forms`): its public id and version read
 * from the URL, size unknown (0), received at the child's `updated_at`, of
 * this season when that is on or after `SEASON.startsAt`, else of the one
 * before. Null when there is none, or the URL is not one of our files.
 */
export function legacyMedicalForm(
  settings: CloudinarySettings,
  child: Pick<ChildDocument, 'medical_doc' | 'medical_forms' | 'updated_at'>,
): { public_id: string; version: number; bytes: number; season: number; received_at: Date } | null {
  if (child.medical_forms.length > 0 || child.medical_doc === '') return null;
  const publicId = medicalFormPublicIdFromUrl(settings, child.medical_doc);
  const version = Number(/\/v(\d+)\//.exec(new URL(child.medical_doc).pathname)?.[1]);
  if (!publicId || !Number.isInteger(version)) return null;
  const season = child.updated_at >= SEASON.startsAt ? SEASON.campYear : SEASON.campYear - 1;
  return { public_id: publicId, version, bytes: 0, season, received_at: child.updated_at };
}

/** How long a signed medical form URL opens the file: 5 minutes, in seconds. */
export const SIGNED_DOWNLOAD_TTL_SECONDS = 5 * 60;

/** A signed download URL and the instant it stops working. */
export interface SignedDownload {
  url: string;
  expiresAt: Date;
}

/**
 * A short-lived URL that downloads the authenticated medical form
 * `publicId` (folder included) as `fileName` (docs/admin-enrolment.md,
 * "Opening a medical form"): Cloudinary's download API,
 * `{api}/v1_1/{cloud}/image/download?…&signature=…`, signed with the SDK's
 * `utils.sign_request` over public_id, format 'pdf', type 'authenticated',
 * attachment, target_filename, timestamp and expires_at (the SDK's
 * `private_download_url` leaves target_filename out), valid
 * {@link SIGNED_DOWNLOAD_TTL_SECONDS} from `now` (milliseconds). Each
 * upload has its own public id, so the link opens exactly the version
 * recorded. Points at `settings.apiUrl` when set (the media emulator).
 */
export function signedMedicalFormDownload(
  settings: CloudinarySettings,
  publicId: string,
  fileName: string,
  now: number = Date.now(),
): SignedDownload {
  const nowSeconds = Math.floor(now / 1000);
  const expiresAtSeconds = nowSeconds + SIGNED_DOWNLOAD_TTL_SECONDS;
  const account = {
    resource_type: MEDICAL_FORM_RESOURCE_TYPE,
    cloud_name: settings.cloudName,
    api_key: settings.apiKey,
    api_secret: settings.apiSecret,
    upload_prefix: apiBase(settings),
  };
  const params = cloudinary.utils.sign_request(
    {
      public_id: publicId,
      format: MEDICAL_FORM_FORMAT,
      type: MEDICAL_FORM_DELIVERY_TYPE,
      attachment: true,
      target_filename: fileName,
      timestamp: nowSeconds,
      expires_at: expiresAtSeconds,
    },
    account,
  );
  const query = new URLSearchParams(Object.entries(params).map(([name, value]) => [name, String(value)]));
  return { url: `${cloudinary.utils.api_url('download', account)}?${query.toString()}`, expiresAt: new Date(expiresAtSeconds * 1000) };
}

/** A child checked for the medical form, with the season's folder its files go to. */
export interface MedicalFormChild {
  family: FamilyDocument;
  child: ChildDocument;
  /** The season's folder (SeasonSettings.medicalForm). */
  folder: string;
}

/**
 * Finds the child `childId` of the parent whose fiscal code is `rawCf` and
 * checks it may upload this season's medical form (docs/product.md,
 * "Medical form"): the code is normalised and checked, the family found, the
 * child one of its children, its id usable in a public id, and eligible (a
 * 'Campo Estivo - Acconto' item created on or after the season's cutoff
 * among the family's items of this season). The folder is the season's
 * (SeasonSettings.medicalForm), never taken from the browser.
 * @throws HttpError with MEDICAL_FORM_MESSAGES: 400 for an invalid fiscal
 * code, UnknownFiscalCodeError (404), 401 when the family is not the
 * session's, 400 when the child is not of the family or its id cannot name
 * a file, 403 when it is not eligible.
 */
export async function resolveMedicalFormChild(
  db: Firestore,
  session: FamilySession,
  rawCf: string,
  childId: string,
): Promise<MedicalFormChild> {
  const cf = parseFiscalCode(rawCf);
  const found = await findFamilyByParentCf(db, cf);
  if (!found) throw new UnknownFiscalCodeError();
  assertSessionFamily(session, found.family.id);
  const child = found.children.find((candidate) => candidate.id === childId);
  if (!child) throw new HttpError(400, MEDICAL_FORM_MESSAGES.notOfFamily);
  if (!isUploadableChildId(child.id)) throw new HttpError(400, MEDICAL_FORM_MESSAGES.invalidChild);
  const [items, { medicalForm }] = await Promise.all([
    findFamilyItems(db, found.family.id, SEASON.campYear),
    readSeasonSettings(db, SEASON.campYear),
  ]);
  const own = items.filter(({ item }) => item.son_info.id === child.id).map(({ item }) => item);
  if (!isEligibleForMedicalForm(own, medicalFormCutoffInstant(medicalForm)))
    throw new HttpError(403, MEDICAL_FORM_MESSAGES.notEligible(child.name));
  return { family: found.family, child, folder: medicalForm.folder };
}
