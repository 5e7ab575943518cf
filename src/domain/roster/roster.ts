import { z } from 'zod';
import { fiscalCodeProblem } from '../fiscal-code';
import { normalizeFiscalCode } from '../fiscal-code-format';
import type { Branch } from '../branches';

/**
 * The group's roster as a spreadsheet (docs/admin.md, "Importa anagrafica"):
 * the template's columns, how a file's headers are matched to them, and the
 * rules every row must follow — one row per child with up to two parents.
 * Pure: the browser reads the file (src/features/admin/families/roster/), the server
 * checks the rows again (netlify/functions/admin-roster-import.ts).
 */

/** A person's fields in a row. */
export const CHILD_FIELDS = ['surname', 'name', 'cf', 'branch'] as const;
export const PARENT_FIELDS = ['surname', 'name', 'cf', 'email', 'phone'] as const;
export type ChildField = (typeof CHILD_FIELDS)[number];
export type ParentField = (typeof PARENT_FIELDS)[number];

/** A column of the template: who (the child, parent 1 or 2) and which field. */
export type RosterColumn = { person: 'child'; field: ChildField } | { person: 'parent1' | 'parent2'; field: ParentField };

/** The Italian titles of a child's fields, and of a parent's (the template adds ' Genitore 1' / ' Genitore 2'). */
export const CHILD_TITLES: Record<ChildField, string> = { surname: 'Cognome', name: 'Nome', cf: 'Codice Fiscale', branch: 'Branca' };
export const PARENT_TITLES: Record<ParentField, string> = {
  surname: 'Cognome',
  name: 'Nome',
  cf: 'Codice Fiscale',
  email: 'Email',
  phone: 'Telefono',
};

/** A column's title in the template: 'Cognome', …, 'Codice Fiscale Genitore 1', 'Email Genitore 2'. */
export function columnTitle(column: RosterColumn): string {
  if (column.person === 'child') return CHILD_TITLES[column.field];
  return `${PARENT_TITLES[column.field]} Genitore ${column.person === 'parent1' ? 1 : 2}`;
}

/** The template's columns, in order ('Scarica modello'). */
export const ROSTER_COLUMNS: readonly RosterColumn[] = [
  ...CHILD_FIELDS.map((field) => ({ person: 'child' as const, field })),
  ...PARENT_FIELDS.map((field) => ({ person: 'parent1' as const, field })),
  ...PARENT_FIELDS.map((field) => ({ person: 'parent2' as const, field })),
];

/** The template's header row. */
export const ROSTER_TEMPLATE_HEADER: readonly string[] = ROSTER_COLUMNS.map(columnTitle);

/** A header as matched: case, accents, punctuation and spaces ignored ('E-mail genitore 1' = 'email genitore 1'). */
export function headerKey(header: string): string {
  return header
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/e-?mail/g, 'email')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** Other names groups give the columns (AGESCI's census, hand-made sheets), by header key. */
const ALIASES: Record<string, string> = {
  cf: 'codice fiscale',
  'c f': 'codice fiscale',
  'codice fiscale figlio': 'codice fiscale',
  unita: 'branca',
  cellulare: 'telefono',
};

/** A header key with its alias resolved: 'cf genitore 1' -> 'codice fiscale genitore 1'. */
function canonical(key: string): string {
  const [first = '', ...rest] = key.split(' genitore ');
  const base = ALIASES[first] ?? first;
  return rest.length ? `${base} genitore ${rest.join(' genitore ')}` : base;
}

/** Which column of the file holds each template column; the template columns the file lacks (titles). */
export interface HeaderMatch {
  /** Index in the file's row for each template column found. */
  indexes: Map<string, number>;
  /** Titles of the required columns the file lacks: the child's four and parent 1's fiscal code. */
  missing: string[];
}

const REQUIRED_TITLES = ['Cognome', 'Nome', 'Codice Fiscale', 'Branca', 'Codice Fiscale Genitore 1'];

/** Matches a file's header row to the template's columns (headerKey, aliases); the first of two equal headers wins. */
export function matchHeader(header: readonly string[]): HeaderMatch {
  const byKey = new Map(ROSTER_TEMPLATE_HEADER.map((title) => [headerKey(title), title]));
  const indexes = new Map<string, number>();
  header.forEach((cell, index) => {
    const title = byKey.get(canonical(headerKey(cell)));
    if (title && !indexes.has(title)) indexes.set(title, index);
  });
  return { indexes, missing: REQUIRED_TITLES.filter((title) => !indexes.has(title)) };
}

/**
 * A cell's text as a group wrote it: spreadsheet numbers turned to text,
 * AGESCI's census form `="…"` unwrapped, spaces trimmed.
 */
export function cellText(value: unknown): string {
  const text = typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : '';
  const unwrapped = /^="(.*)"$/s.exec(text.trim())?.[1] ?? text;
  return unwrapped.trim();
}

/** Most rows one file may have: five times a large group's roster, well under the function's 4 MB body. */
export const MAX_ROSTER_ROWS = 5000;

/** One data row of a file, as the browser sends it: its number in the sheet (the header is row 1) and its cells by template title. */
export interface RosterRow {
  row: number;
  cells: Record<string, string>;
}

/** The rows of a file: each data row's cells by template title (cellText), empty rows left out. */
export function rowsOf(header: readonly string[], data: ReadonlyArray<readonly unknown[]>, firstRow = 2): RosterRow[] {
  const { indexes } = matchHeader(header);
  return data.flatMap((values, offset) => {
    const cells: Record<string, string> = {};
    for (const [title, index] of indexes) cells[title] = cellText(values[index]);
    return Object.values(cells).some((value) => value !== '') ? [{ row: firstRow + offset, cells }] : [];
  });
}

/** The branch names of Italian scouting, by key, for a cell's text: the group's three, and their units' names. */
const BRANCH_NAMES: Record<string, Branch> = {
  branco: 'Branco',
  lupetti: 'Branco',
  coccinelle: 'Branco',
  'lupetti e coccinelle': 'Branco',
  cerchio: 'Branco',
  reparto: 'Reparto',
  esploratori: 'Reparto',
  guide: 'Reparto',
  'esploratori e guide': 'Reparto',
  clan: 'Clan',
  rover: 'Clan',
  scolte: 'Clan',
  'rover e scolte': 'Clan',
  noviziato: 'Clan',
};

/** The branch a cell names ('Lupetti' -> Branco, 'guide' -> Reparto, 'Rover' -> Clan), or null. */
export function parseBranch(text: string): Branch | null {
  return BRANCH_NAMES[headerKey(text)] ?? null;
}

/** One problem of a row: its number, the column (template title) and the Italian reason. */
export interface RowError {
  row: number;
  column: string;
  message: string;
}

/** A child of a checked row. */
export interface RosterChild {
  cf: string;
  name: string;
  surname: string;
  branch: Branch;
  row: number;
}

/** A parent of a checked row; `email` lower case, null when none; `phone` null when none. */
export interface RosterParent {
  cf: string;
  name: string;
  surname: string;
  email: string | null;
  phone: string | null;
}

/** A family as the file describes it: children and parents linked by shared parents' fiscal codes. */
export interface RosterFamily {
  /** The first child's surname. */
  surname: string;
  children: RosterChild[];
  parents: RosterParent[];
  /** The file rows it comes from. */
  rows: number[];
}

const emailSchema = z.email();
/** Digits, spaces and the usual separators, with at least six digits: '+39 333 123 4567', '06/1234567'. */
const PHONE = /^\+?[\d\s./()-]+$/;

/** True when `phone` (trimmed) is a phone number as the roster takes it: digits and the usual separators, at least six digits. */
export function isValidPhone(phone: string): boolean {
  return PHONE.test(phone) && (phone.match(/\d/g)?.length ?? 0) >= 6;
}

/** The Italian messages of the row checks. */
export const ROSTER_MESSAGES = {
  tooManyRows: (rows: number) =>
    `Il file ha ${rows} righe: se ne importano al massimo ${MAX_ROSTER_ROWS} alla volta. Dividilo in più file, con i figli di una famiglia nello stesso file.`,
  missing: (title: string) => `Manca «${title}».`,
  branch: (text: string) =>
    `Branca sconosciuta: «${text}». Usa Branco, Reparto o Clan (o Lupetti, Coccinelle, Esploratori, Guide, Rover, Scolte).`,
  email: (text: string) => `Email non valida: «${text}».`,
  phone: (text: string) => `Telefono non valido: «${text}».`,
  duplicateChild: (row: number) => `Questo figlio è già alla riga ${row}: ogni figlio va in una riga sola.`,
  sameParentTwice: 'Genitore 1 e Genitore 2 hanno lo stesso codice fiscale.',
  parentIsChild: (row: number) => `Questo codice fiscale è di un figlio (riga ${row}), non può essere di un genitore.`,
  otherSurname: (cf: string, surname: string, row: number) =>
    `Il genitore ${cf} è anche nella famiglia ${surname} (riga ${row}), con un cognome diverso: una riga per famiglia, o correggi il codice fiscale.`,
  /** A parent's address that is a volunteer's with a role (docs/security.md, "Admin actions and the audit log"). */
  staffEmail: (email: string) =>
    `L'email ${email} è di un account dell'area admin: un volontario non può diventare genitore con il proprio account. Per il genitore usa un altro indirizzo.`,
} as const;

/** A person's fields as typed (a row's cells, or the family editor's form). */
export type ChildInput = Record<ChildField, string>;
export type ParentInput = Record<ParentField, string>;

/** One field's problem, in Italian. */
export interface FieldProblem<F extends string> {
  field: F;
  message: string;
}

/** What a person's check gives: the value to store (when there is no problem) and the problems by field. */
export interface Checked<T, F extends string> {
  value: T | null;
  problems: Array<FieldProblem<F>>;
}

/**
 * Checks a child's fields (docs/admin.md, "Importa anagrafica"): surname,
 * name (trimmed, kept as written), fiscal code (normalised; format,
 * omocodia, check character) and branch (the group's three or their units'
 * names) are all required.
 */
export function checkChild(input: ChildInput): Checked<Omit<RosterChild, 'row'>, ChildField> {
  const problems: Array<FieldProblem<ChildField>> = [];
  const surname = input.surname.trim();
  const name = input.name.trim();
  const cf = normalizeFiscalCode(input.cf);
  const branchText = input.branch.trim();
  const branch = branchText ? parseBranch(branchText) : null;
  if (!surname) problems.push({ field: 'surname', message: ROSTER_MESSAGES.missing(CHILD_TITLES.surname) });
  if (!name) problems.push({ field: 'name', message: ROSTER_MESSAGES.missing(CHILD_TITLES.name) });
  if (!cf) problems.push({ field: 'cf', message: ROSTER_MESSAGES.missing(CHILD_TITLES.cf) });
  else {
    const problem = fiscalCodeProblem(cf);
    if (problem) problems.push({ field: 'cf', message: problem });
  }
  if (!branchText) problems.push({ field: 'branch', message: ROSTER_MESSAGES.missing(CHILD_TITLES.branch) });
  else if (!branch) problems.push({ field: 'branch', message: ROSTER_MESSAGES.branch(branchText) });
  return { value: problems.length === 0 && branch ? { surname, name, cf, branch } : null, problems };
}

/**
 * Checks a parent's fields: fiscal code, surname and name required (as a
 * child's); e-mail optional, checked and kept lower case; phone optional,
 * digits and separators with at least six digits. `title` names the fields
 * in the messages ('Codice Fiscale Genitore 1', or 'Codice Fiscale').
 */
export function checkParent(input: ParentInput, title: (field: ParentField) => string): Checked<RosterParent, ParentField> {
  const problems: Array<FieldProblem<ParentField>> = [];
  const cf = normalizeFiscalCode(input.cf);
  const surname = input.surname.trim();
  const name = input.name.trim();
  const emailText = input.email.trim();
  const email = emailText.toLowerCase();
  const phone = input.phone.trim();
  if (!cf) problems.push({ field: 'cf', message: ROSTER_MESSAGES.missing(title('cf')) });
  else {
    const problem = fiscalCodeProblem(cf);
    if (problem) problems.push({ field: 'cf', message: problem });
  }
  if (!surname) problems.push({ field: 'surname', message: ROSTER_MESSAGES.missing(title('surname')) });
  if (!name) problems.push({ field: 'name', message: ROSTER_MESSAGES.missing(title('name')) });
  if (email && !emailSchema.safeParse(email).success) problems.push({ field: 'email', message: ROSTER_MESSAGES.email(emailText) });
  if (phone && !isValidPhone(phone)) problems.push({ field: 'phone', message: ROSTER_MESSAGES.phone(phone) });
  return { value: problems.length === 0 ? { cf, surname, name, email: email || null, phone: phone || null } : null, problems };
}

type RowCells = Record<string, string>;
const cell = (cells: RowCells, column: RosterColumn) => cells[columnTitle(column)] ?? '';

/** The problems of one row's cells, by column (the cross-row rules are checkRoster's). */
function rowProblems(
  row: number,
  cells: RowCells,
  staffEmails: ReadonlySet<string>,
): { errors: RowError[]; child: RosterChild | null; parents: RosterParent[] } {
  const childInput = Object.fromEntries(CHILD_FIELDS.map((field) => [field, cell(cells, { person: 'child', field })])) as ChildInput;
  const child = checkChild(childInput);
  const errors: RowError[] = child.problems.map(({ field, message }) => ({
    row,
    column: columnTitle({ person: 'child', field }),
    message,
  }));
  const parents: RosterParent[] = [];
  for (const person of ['parent1', 'parent2'] as const) {
    const input = Object.fromEntries(PARENT_FIELDS.map((field) => [field, cell(cells, { person, field })])) as ParentInput;
    if (person === 'parent2' && Object.values(input).every((value) => value === '')) continue;
    const title = (field: ParentField) => columnTitle({ person, field });
    const parent = checkParent(input, title);
    errors.push(...parent.problems.map(({ field, message }) => ({ row, column: title(field), message })));
    const email = parent.value?.email;
    if (email && staffEmails.has(email)) errors.push({ row, column: title('email'), message: ROSTER_MESSAGES.staffEmail(email) });
    if (parent.value) parents.push(parent.value);
  }
  if (parents.length === 2 && parents[0]?.cf === parents[1]?.cf) {
    errors.push({ row, column: columnTitle({ person: 'parent2', field: 'cf' }), message: ROSTER_MESSAGES.sameParentTwice });
  }
  return { errors, child: errors.length === 0 && child.value ? { ...child.value, row } : null, parents };
}

/** What checkRoster finds in a file: its families (rows without errors only) and the errors, by row. */
export interface CheckedRoster {
  families: RosterFamily[];
  errors: RowError[];
  /** Every child fiscal code the file names, rows with errors included (such a child is in the file, not missing from it). */
  childCodes: Set<string>;
}

/**
 * Checks the rows of a roster file (docs/admin.md, "Importa anagrafica") and
 * groups them into families. Each row: surname, name, fiscal code (format,
 * omocodia, check character) and branch of the child; parent 1 with
 * fiscal code, surname and name; parent 2 likewise when any of its cells is
 * filled; e-mails checked (kept lower case), phones with at least six
 * digits; names trimmed, kept as written. Across rows: a child listed
 * twice, a parent who is also a child, and a parent linking children of
 * different surnames are errors of the later row. A row with an error is
 * left out of the families (its siblings are not). Rows whose children
 * share a parent's fiscal code form one family, named after its first
 * child's surname; a parent named in several rows keeps the first row's data.
 * A parent's e-mail among `staffEmails` (lower case: the volunteers' with a
 * role, which the server reads) is an error of its row.
 */
export function checkRoster(rows: readonly RosterRow[], staffEmails: ReadonlySet<string> = new Set()): CheckedRoster {
  const errors: RowError[] = [];
  const childCodes = new Set<string>();
  const childRow = new Map<string, number>();
  const checked: Array<{ child: RosterChild; parents: RosterParent[] }> = [];

  for (const { row, cells } of rows) {
    const problems = rowProblems(row, cells, staffEmails);
    const cf = normalizeFiscalCode(cell(cells, { person: 'child', field: 'cf' }));
    if (cf) childCodes.add(cf);
    const earlier = cf ? childRow.get(cf) : undefined;
    if (earlier !== undefined) problems.errors.push({ row, column: 'Codice Fiscale', message: ROSTER_MESSAGES.duplicateChild(earlier) });
    else if (cf) childRow.set(cf, row);
    errors.push(...problems.errors);
    if (problems.errors.length === 0 && problems.child) checked.push({ child: problems.child, parents: problems.parents });
  }

  // A parent's fiscal code that is a child's (in another row) is an error of the parent's row.
  const valid = checked.filter(({ child, parents }) => {
    const clash = parents.findIndex((parent) => childRow.has(parent.cf));
    if (clash < 0) return true;
    const parent = parents[clash];
    errors.push({
      row: child.row,
      column: columnTitle({ person: clash === 0 ? 'parent1' : 'parent2', field: 'cf' }),
      message: ROSTER_MESSAGES.parentIsChild(childRow.get(parent?.cf ?? '') ?? 0),
    });
    return false;
  });

  // Families: rows joined by a shared parent; a parent joining two surnames is an error of the later row.
  const families: RosterFamily[] = [];
  const familyOfParent = new Map<string, RosterFamily>();
  for (const { child, parents } of valid) {
    const joined = [...new Set(parents.flatMap((parent) => familyOfParent.get(parent.cf) ?? []))];
    const otherSurname = joined.find((family) => family.surname !== child.surname);
    if (otherSurname) {
      const shared = parents.find((parent) => familyOfParent.get(parent.cf) === otherSurname);
      errors.push({
        row: child.row,
        column: columnTitle({ person: parents.indexOf(shared ?? parents[0]!) === 1 ? 'parent2' : 'parent1', field: 'cf' }),
        message: ROSTER_MESSAGES.otherSurname(shared?.cf ?? '', otherSurname.surname, otherSurname.rows[0] ?? 0),
      });
      continue;
    }
    const [family = { surname: child.surname, children: [], parents: [], rows: [] }, ...merged] = joined;
    if (!joined.length) families.push(family);
    for (const other of merged) {
      family.children.push(...other.children);
      family.parents.push(...other.parents.filter((parent) => !family.parents.some((known) => known.cf === parent.cf)));
      family.rows.push(...other.rows);
      families.splice(families.indexOf(other), 1);
      for (const parent of other.parents) familyOfParent.set(parent.cf, family);
    }
    family.children.push(child);
    family.rows.push(child.row);
    for (const parent of parents) {
      if (!family.parents.some((known) => known.cf === parent.cf)) family.parents.push(parent);
      familyOfParent.set(parent.cf, family);
    }
  }
  errors.sort((a, b) => a.row - b.row);
  return { families, errors, childCodes };
}
