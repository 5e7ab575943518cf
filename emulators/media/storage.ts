/**
 * How the media emulator keeps its files: each asset's bytes and, next to
 * them, a `{publicId}.json` sidecar of metadata (what the Admin API answers
 * from), under `{dataDir}/{cloud}/{resourceType}/{type}/`.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { STORED_FORMATS } from './formats';

/** Delivery types an upload may ask for (Cloudinary's `type` parameter); 'upload' is public. */
export const DELIVERY_TYPES = ['upload', 'authenticated', 'private'] as const;
export type DeliveryType = (typeof DELIVERY_TYPES)[number];

/** Resource types files are stored under ('auto' in an upload URL resolves to one of them). */
const RESOURCE_TYPES = ['image', 'raw', 'video'] as const;

/** True for a delivery type the emulator stores ({@link DELIVERY_TYPES}). */
export function isDeliveryType(value: string): value is DeliveryType {
  return (DELIVERY_TYPES as readonly string[]).includes(value);
}

/** True for a resource type files are stored under: 'image', 'raw' or 'video'. */
export function isResourceType(value: string): boolean {
  return (RESOURCE_TYPES as readonly string[]).includes(value);
}

/** What names a stored file (see {@link storedFilePath}). */
export interface StoredAsset {
  cloudName: string;
  /** 'image', 'raw' or 'video' ('auto' is resolved at upload: 'image' for a PDF, PNG, JPEG or GIF, else 'raw'). */
  resourceType: string;
  type: DeliveryType;
  /** Full public id, folder included, e.g. 'Documenti/Schede Mediche 2025/Scheda-Medica_Bianchi-Sara'. */
  publicId: string;
  /** The detected format ('pdf', 'png', 'jpg', 'gif'), or 'raw'. */
  format: string;
}

/** What the emulator keeps next to each stored file (a `{publicId}.json` sidecar): what the Admin API answers from. */
export interface StoredMetadata {
  asset_id: string;
  public_id: string;
  version: number;
  format: string;
  bytes: number;
  resource_type: string;
  type: DeliveryType;
  created_at: string;
  etag: string;
  folder: string;
  original_filename: string;
}

const METADATA_EXTENSION = '.json';

/** A public id or folder path that stays inside the storage folder. */
function isSafePath(value: string): boolean {
  return value.split('/').every((segment) => segment !== '..' && segment !== '.' && !segment.includes('\\')) && !value.startsWith('/');
}

/** `{dataDir}/{cloud}/{resourceType}/{type}/{publicId}`, checked to stay inside `dataDir`. */
function assetBase(dataDir: string, asset: Omit<StoredAsset, 'format'>): string {
  const root = path.resolve(dataDir);
  const base = path.join(root, asset.cloudName, asset.resourceType, asset.type, asset.publicId);
  if (
    !isSafePath(asset.publicId) ||
    !isResourceType(asset.resourceType) ||
    !isDeliveryType(asset.type) ||
    !isSafePath(asset.cloudName) ||
    asset.cloudName.includes('/') ||
    !base.startsWith(root + path.sep)
  ) {
    throw new Error('Invalid public_id');
  }
  return base;
}

/**
 * The file the emulator keeps for an asset:
 * `{dataDir}/{cloud}/{resourceType}/{type}/{publicId}.{format}`. Tests read
 * stored bytes back through it (authenticated files are served only through
 * signed download URLs). Pure: does not check that the file exists. Its
 * metadata lives next to it in `{publicId}.json`, which no format names.
 * @throws Error when the public id would leave `dataDir`, or the resource
 * type, delivery type or format is not one the emulator stores.
 */
export function storedFilePath(dataDir: string, asset: StoredAsset): string {
  if (!STORED_FORMATS.includes(asset.format)) throw new Error('Invalid format');
  return `${assetBase(dataDir, asset)}.${asset.format}`;
}

/**
 * The metadata sidecar of an asset, `{publicId}.json` next to its file (see {@link storedFilePath}).
 * @throws Error when the public id would leave `dataDir`, or the resource or delivery type is not stored.
 */
export function metadataFilePath(dataDir: string, asset: Omit<StoredAsset, 'format'>): string {
  return assetBase(dataDir, asset) + METADATA_EXTENSION;
}

/** Writes through a temporary file, so a reader never sees half a file. */
export function writeAtomically(file: string, data: Buffer | string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
  writeFileSync(temporary, data);
  renameSync(temporary, file);
}

/** The stored asset's metadata and file, or null when it is not stored (or its path is invalid). */
export function findStored(
  dataDir: string,
  asset: Omit<StoredAsset, 'format'>,
): { metadata: StoredMetadata; file: string; sidecar: string } | null {
  let sidecar: string;
  try {
    sidecar = metadataFilePath(dataDir, asset);
  } catch {
    return null;
  }
  if (!existsSync(sidecar)) return null;
  const metadata = JSON.parse(readFileSync(sidecar, 'utf8')) as StoredMetadata;
  const file = storedFilePath(dataDir, { ...asset, format: metadata.format });
  return existsSync(file) ? { metadata, file, sidecar } : null;
}

/**
 * The metadata of every file stored under `{dataDir}/{cloud}/{resourceType}/{type}`
 * whose public id starts with `prefix`, sorted by public id (Cloudinary's
 * order of a listing by prefix).
 */
export function listStored(
  dataDir: string,
  asset: { cloudName: string; resourceType: string; type: string },
  prefix: string,
): StoredMetadata[] {
  const root = path.resolve(dataDir);
  const base = path.join(root, asset.cloudName, asset.resourceType, asset.type);
  if (!base.startsWith(root + path.sep) || !existsSync(base)) return [];
  const found: StoredMetadata[] = [];
  for (const entry of readdirSync(base, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith(METADATA_EXTENSION)) continue;
    const metadata = JSON.parse(readFileSync(path.join(entry.parentPath, entry.name), 'utf8')) as StoredMetadata;
    if (metadata.public_id.startsWith(prefix)) found.push(metadata);
  }
  return found.sort((a, b) => (a.public_id < b.public_id ? -1 : a.public_id > b.public_id ? 1 : 0));
}
