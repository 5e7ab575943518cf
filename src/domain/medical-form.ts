import { PLAN } from './plans';

/**
 * Rules of the medical form upload (docs/product.md, "Rules", "Medical form"; docs/api.md, "get-signature and record-medical-form").
 */

/** Largest accepted file: 10 MB. */
export const MAX_MEDICAL_FORM_BYTES = 10 * 1024 * 1024;

const PUBLIC_ID_PREFIX = 'Scheda-Medica_';
/** Letters, spaces, apostrophes and hyphens only; at least surname-name. */
const PUBLIC_ID_PATTERN = /^Scheda-Medica_[A-Za-z'][A-Za-z' -]*-[A-Za-z' -]*[A-Za-z']$/;

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
 * The Cloudinary public id of a child's form: 'Scheda-Medica_{surname}-{name}'
 * (docs/product.md, "Rules", "Medical form"), each part normalised (accents stripped, characters
 * other than letters, spaces, apostrophes and hyphens removed).
 * "D'Amico", "Nicolò" -> "Scheda-Medica_D'Amico-Nicolo".
 * @throws Error when a part has no letter left.
 */
export function medicalFormPublicId(surname: string, name: string): string {
  const parts = [normaliseNamePart(surname), normaliseNamePart(name)];
  if (parts.some((part) => !/[A-Za-z]/.test(part))) throw new Error('Nome o cognome non validi per la scheda medica');
  return `${PUBLIC_ID_PREFIX}${parts[0]}-${parts[1]}`;
}

/** True when `publicId` has the only form get-signature signs. */
export function isAllowedMedicalFormPublicId(publicId: string): boolean {
  return publicId.length <= 150 && PUBLIC_ID_PATTERN.test(publicId);
}

/**
 * True when a child qualifies for the medical form: one of its order items
 * is a 'Campo Estivo - Acconto' created on or after `cutoff` (docs/product.md, "Rules", "Medical form").
 */
export function isEligibleForMedicalForm(orderItems: ReadonlyArray<{ plan: string; created_at: Date | null }>, cutoff: Date): boolean {
  return orderItems.some((item) => item.plan === PLAN.campAcconto && item.created_at !== null && item.created_at >= cutoff);
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
