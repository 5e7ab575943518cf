import { SEED_PRODUCTS } from '../catalogue/seed';

/**
 * Rules of the medical form upload (docs/product.md, "Rules", "Medical form"; docs/api.md, "get-signature and record-medical-form").
 */

/** Largest accepted file: 10 MB. */
export const MAX_MEDICAL_FORM_BYTES = 10 * 1024 * 1024;

/**
 * Upload signatures get-signature gives for one child on one day (in
 * Italy): a parent who retries a refused file or a closed tab a few times
 * stays well within it; a loop filling Cloudinary with files nobody
 * records does not.
 */
export const MAX_UPLOAD_SIGNATURES_PER_DAY = 10;

const FILE_NAME_PREFIX = 'Scheda-Medica_';
/** A child id that can be a segment of a Cloudinary public id: letters, digits, '_' and '-'. */
const CHILD_ID_PATTERN = /^[A-Za-z0-9_-]{1,128}$/;
/** The last segment of an upload's public id: its Unix time and a random suffix, e.g. '1732412345-3f9a0c1b'. */
const UPLOAD_SEGMENT_PATTERN = /^\d{1,12}-[0-9a-f]{8}$/;

/** Keeps letters, spaces, apostrophes and hyphens of a name part, accents stripped: "Nicolò" -> "Nicolo". */
function normaliseNamePart(part: string): string {
  return part
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[’`]/g, "'")
    .replace(/[^A-Za-z' -]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The name a child's form downloads as: 'Scheda-Medica_{surname}-{name}.pdf'
 * (docs/product.md, "Rules", "Medical form"), each part normalised (accents
 * stripped, characters other than letters, spaces, apostrophes and hyphens
 * removed); 'Scheda-Medica.pdf' when a part has no letter left.
 * "D'Amico", "Nicolò" -> "Scheda-Medica_D'Amico-Nicolo.pdf". A name, never
 * an identity: two children may share it (their files never do, see
 * {@link medicalFormUploadId}).
 */
export function medicalFormFileName(surname: string, name: string): string {
  const parts = [normaliseNamePart(surname), normaliseNamePart(name)];
  if (parts.some((part) => !/[A-Za-z]/.test(part))) return 'Scheda-Medica.pdf';
  return `${FILE_NAME_PREFIX}${parts[0]}-${parts[1]}.pdf`;
}

/** True when `childId` can name a child's files in Cloudinary ({@link medicalFormUploadId}). */
export function isUploadableChildId(childId: string): boolean {
  return CHILD_ID_PATTERN.test(childId);
}

/**
 * The Cloudinary public id (without the season's folder) of one upload of
 * a child's form: `{childId}/{unix seconds}-{8 hex}` (docs/data-model.md,
 * "Medical forms"). Derived from the child's document id, never from names,
 * and new at every upload, so two children never share a file and a second
 * upload never overwrites the first.
 * @throws Error when the child id or the suffix is not usable.
 */
export function medicalFormUploadId(childId: string, unixSeconds: number, suffix: string): string {
  const segment = `${unixSeconds}-${suffix}`;
  if (!isUploadableChildId(childId) || !UPLOAD_SEGMENT_PATTERN.test(segment)) throw new Error('Identificativo di caricamento non valido');
  return `${childId}/${segment}`;
}

/** True when `publicId` (folder included) is one of `childId`'s uploads in `folder` ({@link medicalFormUploadId}). */
export function isUploadOfChild(publicId: string, folder: string, childId: string): boolean {
  const prefix = `${folder}/${childId}/`;
  return publicId.startsWith(prefix) && UPLOAD_SEGMENT_PATTERN.test(publicId.slice(prefix.length));
}

/**
 * The child whose upload `publicId` (folder included) is, when it is one of
 * the uploads of `folder` ({@link medicalFormUploadId}:
 * `{folder}/{childId}/{unix seconds}-{8 hex}`); null for any other file
 * (another folder, a form of before the history, named after the child).
 */
export function uploadChildId(publicId: string, folder: string): string | null {
  const prefix = `${folder}/`;
  if (!publicId.startsWith(prefix)) return null;
  const [childId, segment, ...rest] = publicId.slice(prefix.length).split('/');
  if (!childId || !segment || rest.length > 0) return null;
  return isUploadOfChild(publicId, folder, childId) && isUploadableChildId(childId) ? childId : null;
}

/** The plans whose holders need the medical form: the seeded products that ask for it (`asksMedicalForm`: the Acconto). */
const FORM_PLANS: ReadonlySet<string> = new Set(SEED_PRODUCTS.filter((product) => product.asksMedicalForm).map((product) => product.plan));

/**
 * True when a child qualifies for the medical form: one of its order items
 * is of a product that asks for it (the 'Campo Estivo - Acconto') created
 * on or after `cutoff` (docs/product.md, "Rules", "Medical form").
 */
export function isEligibleForMedicalForm(orderItems: ReadonlyArray<{ plan: string; created_at: Date | null }>, cutoff: Date): boolean {
  return orderItems.some((item) => FORM_PLANS.has(item.plan) && item.created_at !== null && item.created_at >= cutoff);
}

/** What {@link validateMedicalFormFile} looks at: the file's name, type, size and first bytes. */
export interface MedicalFormFileFacts {
  name: string;
  /** MIME type as the browser reports it ('' when unknown). */
  type: string;
  /** Bytes. */
  size: number;
  /** The first bytes of the file (at least 5). */
  head: Uint8Array;
}

const PDF_SIGNATURE = [0x25, 0x50, 0x44, 0x46, 0x2d]; // "%PDF-"

/**
 * Checks that a chosen file is a PDF of at most 10 MB: '.pdf' extension, a
 * PDF (or unknown, as some phones report) MIME type, and the '%PDF-'
 * signature. Returns an Italian message for the first failed rule, or null.
 */
export function validateMedicalFormFile(file: MedicalFormFileFacts): string | null {
  if (!file.name.toLowerCase().endsWith('.pdf')) return 'Il file deve essere un PDF (estensione .pdf).';
  if (file.type !== '' && file.type !== 'application/pdf') return 'Il file deve essere un PDF.';
  if (file.size === 0) return 'Il file è vuoto.';
  if (file.size > MAX_MEDICAL_FORM_BYTES) return 'Il file supera i 10 MB consentiti.';
  if (!PDF_SIGNATURE.every((byte, index) => file.head[index] === byte)) {
    return 'Il file non è un PDF valido.';
  }
  return null;
}

/** A form received for a child: its public id (null for a form recorded before the history, read from `medical_doc`) and when. */
export interface ReceivedForm {
  publicId: string | null;
  receivedAt: Date;
}

/**
 * The forms received for a child in `season`, oldest first
 * (docs/data-model.md, "Medical forms"): the `medical_forms` entries of the
 * season; a child recorded before the history (a `medical_doc` and no
 * entries) has one form, received at `updated_at`, when that is on or after
 * `seasonStartsAt`. The last one is the form in force; the others were
 * replaced, each when the next one was received.
 */
export function seasonMedicalForms(
  child: { medical_doc: string; medical_forms: ReadonlyArray<{ public_id: string; season: number; received_at: Date }>; updated_at: Date },
  season: number,
  seasonStartsAt: Date,
): ReceivedForm[] {
  if (child.medical_forms.length === 0) {
    return child.medical_doc !== '' && child.updated_at >= seasonStartsAt ? [{ publicId: null, receivedAt: child.updated_at }] : [];
  }
  return child.medical_forms
    .filter((form) => form.season === season)
    .map((form) => ({ publicId: form.public_id, receivedAt: form.received_at }))
    .sort((a, b) => a.receivedAt.getTime() - b.receivedAt.getTime());
}
