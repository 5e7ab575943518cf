/** Options of the media emulator: where files go and the one account it accepts (emulators/media/server.ts). */
export interface MediaEmulatorOptions {
  dataDir: string;
  cloudName: string;
  apiKey: string;
  apiSecret: string;
  /** The signed upload preset it accepts; omitted = any (not checked). */
  uploadPreset?: string;
  /** Base of the returned URLs, e.g. http://127.0.0.1:9300 (set once listening). */
  publicUrl?: string;
}
