import { useRef, useState } from 'react';
import { matchHeader, MAX_ROSTER_ROWS, ROSTER_MESSAGES, rowsOf } from '@domain/roster/roster';
import type { RosterUpload } from '../api/roster-import';
import { useCommitRoster, usePreviewRoster } from '../api/roster-import-queries';
import { readSheetFile, SheetFileError, SHEET_FILE_MESSAGES } from '@/lib/read-sheet-file';

/** The chosen file, as far as the browser got with it. */
export type RosterFileState =
  | { status: 'none' }
  | { status: 'reading'; file: File }
  /** Not read: `message` says why, in Italian. */
  | { status: 'unreadable'; file: File; message: string }
  /** Read, but without some required columns (titles). */
  | { status: 'missingColumns'; file: File; missing: string[] }
  | { status: 'read'; file: File; upload: RosterUpload };

/** The server's limit on a file name (admin-roster-import). */
const MAX_FILE_NAME = 200;

/** Shown when the template's columns hold nothing in any row (the data sit in columns the import does not know). */
export const NO_DATA_MESSAGE = 'Le colonne del modello sono vuote in ogni riga: controlla che i dati siano sotto i titoli giusti.';

/** Reads `file` into the rows the function takes, or says why not. */
async function readUpload(file: File): Promise<RosterFileState> {
  try {
    const sheet = await readSheetFile(file);
    const { missing } = matchHeader(sheet.header);
    if (missing.length) return { status: 'missingColumns', file, missing };
    const rows = rowsOf(sheet.header, sheet.data, sheet.firstRow);
    if (rows.length === 0) return { status: 'unreadable', file, message: NO_DATA_MESSAGE };
    if (rows.length > MAX_ROSTER_ROWS) return { status: 'unreadable', file, message: ROSTER_MESSAGES.tooManyRows(rows.length) };
    return { status: 'read', file, upload: { fileName: file.name.slice(0, MAX_FILE_NAME), rows } };
  } catch (error) {
    if (error instanceof SheetFileError) return { status: 'unreadable', file, message: error.message };
    console.error('roster import: the file could not be read', error);
    return { status: 'unreadable', file, message: SHEET_FILE_MESSAGES.unreadable };
  }
}

/**
 * The state of 'Importa anagrafica' (docs/admin.md): the file chosen and
 * read, its preview, the 'Non più nel file' children ticked to archive,
 * and the commit. `choose` starts over with a file (reads it, then asks
 * the preview; a file chosen meanwhile wins over an earlier one still
 * being read); `recheck` asks the preview again for the same rows;
 * `confirm` commits them with the ticked children still in the preview.
 */
export function useRosterImport() {
  const [file, setFile] = useState<RosterFileState>({ status: 'none' });
  const [archive, setArchive] = useState<ReadonlySet<string>>(new Set());
  const preview = usePreviewRoster();
  const commit = useCommitRoster();
  // The last file chosen: a slower read of an earlier one is dropped.
  const latest = useRef(0);

  const choose = (chosen: File | null) => {
    const attempt = ++latest.current;
    preview.reset();
    commit.reset();
    setArchive(new Set());
    if (!chosen) {
      setFile({ status: 'none' });
      return;
    }
    setFile({ status: 'reading', file: chosen });
    void readUpload(chosen).then((state) => {
      if (attempt !== latest.current) return;
      setFile(state);
      if (state.status === 'read') preview.mutate(state.upload);
    });
  };

  const recheck = () => {
    if (file.status !== 'read') return;
    commit.reset();
    preview.mutate(file.upload);
  };

  /** The ticked children the preview still lists (a new preview may no longer list some). */
  const ticked = preview.data?.missing.filter((child) => archive.has(child.id)).map((child) => child.id) ?? [];

  const confirm = () => {
    if (file.status !== 'read') return;
    commit.mutate({ ...file.upload, archive: ticked });
  };

  const toggleArchive = (childId: string, checked: boolean) =>
    setArchive((current) => {
      const next = new Set(current);
      if (checked) next.add(childId);
      else next.delete(childId);
      return next;
    });

  return { file, preview, commit, archive, ticked, choose, recheck, confirm, toggleArchive };
}
