/** How the media emulator names a stored asset back to its callers: its delivery URL and Cloudinary's resource shape. */
import type { MediaEmulatorOptions } from './emulator-options';
import type { StoredMetadata } from './storage';

/** The last segment of a public id: its name without the folder. */
export const baseName = (publicId: string) => publicId.slice(publicId.lastIndexOf('/') + 1);

/**
 * The public URL of a stored asset,
 * `{publicUrl}/{cloud}/{resource_type}/{type}/v{version}/{public_id}.{format}`,
 * each segment of the public id percent-encoded; served by the delivery route (emulators/media/delivery.ts).
 */
export function deliveryUrl(options: MediaEmulatorOptions, metadata: StoredMetadata): string {
  const baseUrl = options.publicUrl ?? 'http://127.0.0.1';
  const encodedId = metadata.public_id.split('/').map(encodeURIComponent).join('/');
  return `${baseUrl}/${options.cloudName}/${metadata.resource_type}/${metadata.type}/v${metadata.version}/${encodedId}.${metadata.format}`;
}

/** Cloudinary's resource shape, as the Admin API answers it. */
export function resourceAnswer(options: MediaEmulatorOptions, metadata: StoredMetadata) {
  const url = deliveryUrl(options, metadata);
  return {
    asset_id: metadata.asset_id,
    public_id: metadata.public_id,
    format: metadata.format,
    version: metadata.version,
    resource_type: metadata.resource_type,
    type: metadata.type,
    created_at: metadata.created_at,
    bytes: metadata.bytes,
    etag: metadata.etag,
    placeholder: false,
    url,
    secure_url: url,
    asset_folder: metadata.folder,
    display_name: baseName(metadata.public_id),
    tags: [] as string[],
    derived: [] as unknown[],
  };
}
