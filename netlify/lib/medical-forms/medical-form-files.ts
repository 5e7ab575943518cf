import { randomBytes } from 'node:crypto';
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
import {
  destroyResource,
  fetchResource,
  fileDeliveryUrl,
  listResources,
  signedDownloadUrl,
  signUploadParams,
  uploadUrl,
  verifyResponseSignature,
  type CloudinarySettings,
  type ListedResource,
  type StoredResource,
} from '../platform/cloudinary';

/**
 * The server's side of the medical form uploads (docs/api.md, "get-signature
 * and record-medical-form"; docs/product.md, "Medical form"): where a form is
 * stored in Cloudinary and what it must be, through the client of
 * platform/cloudinary.ts: the upload signature, the check of Cloudinary's
 * upload answer, the stored delivery URL and the signed download; and the
 * checks shared by get-signature and record-medical-form (the parent's
 * family, the child, its eligibility, the file's folder and public id).
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
/** Where the medical forms sit in the account. */
const MEDICAL_FORM_ASSET = { resourceType: MEDICAL_FORM_RESOURCE_TYPE, type: MEDICAL_FORM_DELIVERY_TYPE };

/** What get-signature answers (getSignatureContract): where to upload, and the signed parameters the browser sends with the file. */
export type MedicalFormUploadSignature = AnswerOf<typeof getSignatureContract>;

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
    upload_url: uploadUrl(settings, MEDICAL_FORM_RESOURCE_TYPE),
    timestamp,
    signature: signUploadParams(settings, params),
    api_key: settings.apiKey,
    upload_preset: settings.uploadPreset,
    folder: target.folder,
    public_id: publicId,
    type: MEDICAL_FORM_DELIVERY_TYPE,
    allowed_formats: MEDICAL_FORM_FORMAT,
  };
}

/**
 * Reads the uploaded medical form `publicId` (folder included) from
 * Cloudinary (fetchResource, resource type image, type authenticated): its
 * format, size in bytes and version. Returns null when Cloudinary does not have it.
 * @throws Error when Cloudinary cannot be reached or refuses the credentials.
 */
export async function fetchStoredResource(settings: CloudinarySettings, publicId: string): Promise<StoredResource | null> {
  return fetchResource(settings, publicId, MEDICAL_FORM_ASSET);
}

/**
 * Deletes the medical form `publicId` from Cloudinary (destroyResource, type
 * authenticated, cached copies invalidated). A file Cloudinary no longer
 * holds counts as deleted, so a retried deletion succeeds. Resolves true
 * when this call removed the file, false when it was already gone.
 * @throws Error when Cloudinary cannot be reached or refuses the request.
 */
export async function destroyMedicalForm(settings: CloudinarySettings, publicId: string): Promise<boolean> {
  return destroyResource(settings, publicId, MEDICAL_FORM_ASSET);
}

/**
 * The resource types an upload signed by {@link signMedicalFormUpload} can
 * land under. Cloudinary leaves `resource_type` out of an upload's signature
 * (it is the address's path), so the same signed parameters can be posted to
 * `.../raw/upload` or `.../video/upload`: such a file is never recorded
 * (record-medical-form reads the image type only) and the orphan sweep lists
 * every type.
 */
export const UPLOAD_RESOURCE_TYPES = ['image', 'raw', 'video'] as const;

/** A file found in a medical-form folder: its public id, when Cloudinary received it, and its resource type. */
export interface FolderFile extends ListedResource {
  resourceType: (typeof UPLOAD_RESOURCE_TYPES)[number];
}

/**
 * Every file Cloudinary holds in `folder` (public ids starting `{folder}/`;
 * type authenticated) of each of {@link UPLOAD_RESOURCE_TYPES}
 * (listResources, 500 a page): one Admin API call per type and page. The
 * Admin API is rate-limited (500 calls an hour on the free plan), so the
 * retention lists each folder once a day.
 * @throws Error when Cloudinary cannot be reached or refuses the credentials.
 */
export async function listFolderFiles(settings: CloudinarySettings, folder: string): Promise<FolderFile[]> {
  const files: FolderFile[] = [];
  for (const resourceType of UPLOAD_RESOURCE_TYPES) {
    const listed = await listResources(settings, `${folder}/`, { resourceType, type: MEDICAL_FORM_DELIVERY_TYPE });
    files.push(...listed.map((file) => ({ ...file, resourceType })));
  }
  return files;
}

/**
 * Deletes a file {@link listFolderFiles} found (destroyResource with its own
 * resource type). Resolves true when this call removed it, false when it was already gone.
 * @throws Error when Cloudinary cannot be reached or refuses the request.
 */
export async function destroyFolderFile(settings: CloudinarySettings, file: FolderFile): Promise<boolean> {
  return destroyResource(settings, file.public_id, { resourceType: file.resourceType, type: MEDICAL_FORM_DELIVERY_TYPE });
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

/**
 * Checks that `answer` is a recent, genuine Cloudinary upload answer for the
 * configured account (call requireCloudinary, platform/cloudinary.ts, first).
 *
 * The SDK's signature check (verifyResponseSignature) checks no time
 * window. So the version, the upload's Unix time, must also lie between
 * {@link UPLOAD_ANSWER_MAX_AGE_SECONDS} ago and
 * {@link UPLOAD_ANSWER_MAX_SKEW_SECONDS} ahead of `now` (milliseconds).
 * Returns 'verified', 'forged' (the signature does not match) or 'stale'.
 */
export function checkUploadAnswer(answer: UploadAnswer, now: number = Date.now()): 'verified' | 'forged' | 'stale' {
  if (!verifyResponseSignature(answer.public_id, answer.version, answer.signature)) return 'forged';
  const nowSeconds = Math.floor(now / 1000);
  if (answer.version < nowSeconds - UPLOAD_ANSWER_MAX_AGE_SECONDS || answer.version > nowSeconds + UPLOAD_ANSWER_MAX_SKEW_SECONDS)
    return 'stale';
  return 'verified';
}

/**
 * The stored file's authenticated delivery URL, built by the SDK (call
 * requireCloudinary, platform/cloudinary.ts, first):
 * `https://res.cloudinary.com/{cloud}/image/authenticated/v{version}/{public_id}.pdf`,
 * path segments URL-encoded. Not downloadable as it is: authenticated
 * files are delivered through signed URLs.
 */
export function medicalFormDeliveryUrl(settings: CloudinarySettings, publicId: string, version: number): string {
  return fileDeliveryUrl(settings, publicId, { ...MEDICAL_FORM_ASSET, version, format: MEDICAL_FORM_FORMAT });
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
  const url = signedDownloadUrl(settings, MEDICAL_FORM_RESOURCE_TYPE, {
    public_id: publicId,
    format: MEDICAL_FORM_FORMAT,
    type: MEDICAL_FORM_DELIVERY_TYPE,
    attachment: true,
    target_filename: fileName,
    timestamp: nowSeconds,
    expires_at: expiresAtSeconds,
  });
  return { url, expiresAt: new Date(expiresAtSeconds * 1000) };
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
