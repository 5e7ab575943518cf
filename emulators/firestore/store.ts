import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { DatabaseName } from './paths';
import type { Fields } from './values';

/** A stored document: its fields and Firestore's create and update times (RFC 3339, nanoseconds). */
export interface StoredDocument {
  fields: Fields;
  createTime: string;
  updateTime: string;
}

/** The documents of one database, by path under /documents (e.g. "sons/abc"). */
export type Documents = Map<string, StoredDocument>;

const keyOf = (database: DatabaseName) => `${database.project}/${database.database}`;

/**
 * The emulator's storage: every database's documents in memory, and — with
 * a data folder — one JSON file per database, rewritten after each commit by
 * writing a temporary file and renaming it over the old one, so a crash
 * leaves either the old or the new file, never half of one.
 */
export class DocumentStore {
  private readonly databases = new Map<string, Documents>();
  private lastCommitNanos = 0n;

  /** @param dataDir folder for the JSON files; omitted = memory only. */
  constructor(private readonly dataDir?: string) {
    if (dataDir) mkdirSync(dataDir, { recursive: true });
  }

  /** The documents of `database` (loaded from disk on first use). Treat as read-only; write with {@link replace}. */
  documents(database: DatabaseName): Documents {
    const key = keyOf(database);
    let documents = this.databases.get(key);
    if (!documents) {
      documents = this.load(database);
      this.databases.set(key, documents);
    }
    return documents;
  }

  /** Replaces the documents of `database` at once and persists them. */
  replace(database: DatabaseName, documents: Documents): void {
    this.persist(database, documents);
    this.databases.set(keyOf(database), documents);
  }

  /** Removes every document of `database`. */
  clear(database: DatabaseName): void {
    this.replace(database, new Map());
  }

  /** A commit time strictly after every earlier one, in RFC 3339 with nanoseconds. */
  nextCommitTime(): string {
    const now = BigInt(Date.now()) * 1_000_000n;
    this.lastCommitNanos = now > this.lastCommitNanos ? now : this.lastCommitNanos + 1_000n;
    return formatTimestamp(this.lastCommitNanos);
  }

  private file(database: DatabaseName): string | undefined {
    if (!this.dataDir) return undefined;
    const safe = `${database.project}__${database.database}`.replace(/[^A-Za-z0-9_.()-]/g, '_');
    return path.join(this.dataDir, `${safe}.json`);
  }

  private load(database: DatabaseName): Documents {
    const file = this.file(database);
    if (!file || !existsSync(file)) return new Map();
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as { documents?: Record<string, StoredDocument> };
    return new Map(Object.entries(parsed.documents ?? {}));
  }

  private persist(database: DatabaseName, documents: Documents): void {
    const file = this.file(database);
    if (!file) return;
    const temporary = `${file}.${process.pid}.tmp`;
    writeFileSync(temporary, JSON.stringify({ documents: Object.fromEntries(documents) }));
    renameSync(temporary, file);
  }
}

/** Formats nanoseconds since the epoch as RFC 3339 with nine fraction digits. */
export function formatTimestamp(nanos: bigint): string {
  const seconds = nanos / 1_000_000_000n;
  const fraction = (nanos % 1_000_000_000n).toString().padStart(9, '0');
  return `${new Date(Number(seconds) * 1000).toISOString().slice(0, 19)}.${fraction}Z`;
}
