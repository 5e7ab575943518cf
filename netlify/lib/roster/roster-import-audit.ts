import { FieldValue, type Firestore, type Transaction } from 'firebase-admin/firestore';
import { AUDIT_ACTION } from '@domain/audit-log';
import { COLLECTION } from '@domain/collections';
import type { ArchivedChild, FamilyImportRecord } from '@domain/roster/roster-import-audit';
import type { AuditActor } from '../platform/audit-log';

/**
 * The audit entry of one roster import (docs/security.md, "Audit log";
 * docs/admin.md, "Importa anagrafica"), written in the transactions that
 * write the families, so a family written is a family on record:
 *
 * - each chunk of families adds its records (familyImportRecord: the people
 *   added, and each change before and after, parents' e-mails included) to
 *   the import's current entry, or starts a new one when the current would
 *   pass {@link PART_BYTES}: a large import is kept in several entries
 *   ('parti'), each far below Firestore's 1 MiB a document, all with the
 *   first entry's id as `after.import_id` and their number as `after.part`;
 * - the archive's transaction adds the children archived, then completes
 *   the first entry: its summary with the counts, `after.parts`, and its
 *   time (`at`: the import's end, so 'Registro' shows it above its parts).
 *
 * An import stopped half-way leaves the first entry saying 'non conclusa'
 * with the families written so far. Chunks run one after the other; in each
 * transaction: begin, add / finish, flush; commit once it committed. A
 * transaction that is tried again starts over from what was committed.
 */

/**
 * The most an entry holds of records, in bytes of JSON (a little more than
 * Firestore counts for the same fields): a quarter of the 1 MiB limit, so
 * one chunk's records (20 families) or the archived children added to a
 * nearly full entry never take it near the limit. About 500 families an
 * entry.
 */
export const PART_BYTES = 256 * 1024;

/** The counts of a finished import. */
export interface ImportCounts {
  rows: number;
  created: number;
  updated: number;
  unchanged: number;
  archived: number;
  errors: number;
  failed: number;
}

interface Part {
  id: string;
  /** 1 for the first. */
  number: number;
  bytes: number;
  families: number;
  archived: number;
}

/** What a transaction adds to one entry: written once, by {@link ImportAudit.flush}. */
interface Pending {
  part: Part;
  isNew: boolean;
  families: FamilyImportRecord[];
  archived: ArchivedChild[];
  final: { summary: string; counts: ImportCounts; parts: number } | null;
}

const sizeOf = (value: unknown) => Buffer.byteLength(JSON.stringify(value), 'utf8');

/** The import's entries, as written so far (see the module's comment). */
export class ImportAudit {
  private committed: Part[] = [];
  private staged: Part[] = [];
  private pending = new Map<string, Pending>();

  constructor(
    private readonly db: Firestore,
    private readonly actor: AuditActor,
    private readonly fileName: string,
    private readonly partBytes: number = PART_BYTES,
  ) {}

  /** Starts a transaction's writes from what was committed: call first in each attempt of the transaction. */
  begin(): void {
    this.staged = this.committed.map((part) => ({ ...part }));
    this.pending = new Map();
  }

  /** Keeps what the transaction wrote: call once it committed. */
  commit(): void {
    this.committed = this.staged.map((part) => ({ ...part }));
    this.pending = new Map();
  }

  /** The import's id (its first entry's), once written. */
  get importId(): string | null {
    return this.committed[0]?.id ?? null;
  }

  private pendingOf(part: Part, isNew = false): Pending {
    let entry = this.pending.get(part.id);
    if (!entry) {
      entry = { part, isNew, families: [], archived: [], final: null };
      this.pending.set(part.id, entry);
    }
    return entry;
  }

  private newPart(): Part {
    const part: Part = {
      id: this.db.collection(COLLECTION.auditLog).doc().id,
      number: this.staged.length + 1,
      bytes: 0,
      families: 0,
      archived: 0,
    };
    this.staged.push(part);
    this.pendingOf(part, true);
    return part;
  }

  private partSummary(part: Part): string {
    if (part.number === 1) return `Importazione di «${this.fileName}» non conclusa: ${part.families} famiglie scritte finora`;
    const archived = part.archived > 0 ? `, ${part.archived} figli archiviati` : '';
    return `Importazione di «${this.fileName}», parte ${part.number}: ${part.families} famiglie${archived}`;
  }

  /**
   * Adds the records of families written in this transaction, and the
   * children it archived, to the import's current entry, or to a new one
   * when the current would pass the part's size (what one transaction adds
   * always stays in one entry).
   */
  add(families: readonly FamilyImportRecord[], archived: readonly ArchivedChild[] = []): void {
    if (families.length === 0 && archived.length === 0) return;
    const bytes = sizeOf(families) + sizeOf(archived);
    const last = this.staged.at(-1);
    const part = last && last.bytes + bytes <= this.partBytes ? last : this.newPart();
    part.bytes += bytes;
    part.families += families.length;
    part.archived += archived.length;
    const entry = this.pendingOf(part);
    entry.families.push(...families);
    entry.archived.push(...archived);
  }

  /** Completes the import: its first entry (made now when no family was written) gets the summary of `counts` and how many entries hold it. */
  finish(counts: ImportCounts): void {
    const first = this.staged[0] ?? this.newPart();
    const parts = this.staged.length;
    const summary =
      `Importazione di «${this.fileName}»: ${counts.created} famiglie nuove, ${counts.updated} aggiornate, ${counts.unchanged} invariate, ` +
      `${counts.archived} figli archiviati, ${counts.errors} errori${counts.failed ? `, ${counts.failed} famiglie non scritte` : ''}` +
      (parts > 1 ? ` (dettaglio in ${parts} voci del registro)` : '');
    this.pendingOf(first).final = { summary, counts, parts };
  }

  /**
   * Writes what this transaction added, one write per entry: a new entry
   * as recordAudit writes one (server time, actor, action 'roster.import',
   * target `families/roster`, summary; `after`: file, import_id, part,
   * families, archived, and for a finished import counts, rows, parts),
   * an entry of an earlier transaction updated (summary, the records added
   * with arrayUnion; the first, when finished, also its time).
   */
  flush(transaction: Transaction): void {
    const importId = this.staged[0]?.id ?? '';
    for (const { part, isNew, families, archived, final } of this.pending.values()) {
      const ref = this.db.collection(COLLECTION.auditLog).doc(part.id);
      const summary = final?.summary ?? this.partSummary(part);
      const finished = final ? { counts: final.counts, rows: final.counts.rows, parts: final.parts } : {};
      if (isNew) {
        transaction.create(ref, {
          id: part.id,
          at: FieldValue.serverTimestamp(),
          actor: this.actor,
          action: AUDIT_ACTION.rosterImport,
          target: { collection: COLLECTION.families, id: 'roster' },
          summary,
          before: null,
          after: { file: this.fileName, import_id: importId, part: part.number, families, archived, ...finished },
        });
        continue;
      }
      transaction.update(ref, {
        summary,
        // Finished, the first entry moves to the import's end: 'Registro' (newest first) shows it above its parts.
        ...(final ? { at: FieldValue.serverTimestamp() } : {}),
        ...(families.length > 0 ? { 'after.families': FieldValue.arrayUnion(...families) } : {}),
        ...(archived.length > 0 ? { 'after.archived': FieldValue.arrayUnion(...archived) } : {}),
        ...Object.fromEntries(Object.entries(finished).map(([field, value]) => [`after.${field}`, value])),
      });
    }
  }
}
