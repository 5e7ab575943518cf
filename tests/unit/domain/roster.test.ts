import { describe, expect, it } from 'vitest';
import { fiscalCodeProblem } from '@domain/fiscal-code';
import {
  cellText,
  checkParent,
  checkRoster,
  matchHeader,
  parseBranch,
  ROSTER_MESSAGES,
  ROSTER_TEMPLATE_HEADER,
  rowsOf,
  type RosterRow,
} from '@domain/roster/roster';
import { computeFiscalCode } from '../../../emulators/seed/seed';
import CodiceFiscaleModule from 'codice-fiscale-js';

const CodiceFiscale =
  (CodiceFiscaleModule as unknown as { CodiceFiscale?: typeof CodiceFiscaleModule }).CodiceFiscale ?? CodiceFiscaleModule;

const cf = (name: string, surname: string, gender: 'M' | 'F', birthDate: string) => computeFiscalCode({ name, surname, gender, birthDate });

const GIALLI = {
  laura: cf('Laura', 'Gialli', 'F', '1982-07-12'),
  pietro: cf('Pietro', 'Gialli', 'M', '1980-03-03'),
  marco: cf('Marco', 'Gialli', 'M', '2013-04-02'),
  elisa: cf('Elisa', 'Gialli', 'F', '2016-09-09'),
  anna: cf('Anna', 'Gialli', 'F', '2010-10-10'),
  dario: cf('Dario', 'Gialli', 'M', '2009-02-02'),
};
const NERO = { franco: cf('Franco', 'Nero', 'M', '1975-01-20'), ugo: cf('Ugo', 'Nero', 'M', '2012-12-12') };

/** A row as the browser sends it, cells by template title. */
function row(number: number, cells: Partial<Record<(typeof ROSTER_TEMPLATE_HEADER)[number], string>>): RosterRow {
  return { row: number, cells: cells as Record<string, string> };
}

const giallo = (number: number, child: { name: string; cf: string; branch: string }, extra: Record<string, string> = {}) =>
  row(number, {
    Cognome: 'Gialli',
    Nome: child.name,
    'Codice Fiscale': child.cf,
    Branca: child.branch,
    'Cognome Genitore 1': 'Gialli',
    'Nome Genitore 1': 'Laura',
    'Codice Fiscale Genitore 1': GIALLI.laura,
    'Email Genitore 1': 'Laura.Gialli@Example.com',
    ...extra,
  });

describe('the template and the headers of a file', () => {
  it('has the columns the admin guide lists, in order', () => {
    expect(ROSTER_TEMPLATE_HEADER).toEqual([
      'Cognome',
      'Nome',
      'Codice Fiscale',
      'Branca',
      'Cognome Genitore 1',
      'Nome Genitore 1',
      'Codice Fiscale Genitore 1',
      'Email Genitore 1',
      'Telefono Genitore 1',
      'Cognome Genitore 2',
      'Nome Genitore 2',
      'Codice Fiscale Genitore 2',
      'Email Genitore 2',
      'Telefono Genitore 2',
    ]);
  });

  it('matches headers by name, whatever their case, accents, order or common other names', () => {
    const { indexes, missing } = matchHeader([
      'BRANCA',
      'nome',
      ' Cognome ',
      'C.F.',
      'CF genitore 1',
      'E-mail Genitore 1',
      'Unità',
      'Note',
    ]);
    expect(missing).toEqual([]);
    expect(indexes.get('Branca')).toBe(0);
    expect(indexes.get('Codice Fiscale')).toBe(3);
    expect(indexes.get('Cognome')).toBe(2);
    expect(indexes.get('Codice Fiscale Genitore 1')).toBe(4);
    expect(indexes.get('Email Genitore 1')).toBe(5);
    expect(indexes.has('Note')).toBe(false);
  });

  it('names the required columns a file lacks', () => {
    expect(matchHeader(['Cognome', 'Nome']).missing).toEqual(['Codice Fiscale', 'Branca', 'Codice Fiscale Genitore 1']);
  });

  it('reads BuonaStrada\'s ="…" cells and spreadsheet numbers as text', () => {
    expect(cellText('="RSSMRA80C12H501E"')).toBe('RSSMRA80C12H501E');
    expect(cellText(3331234567)).toBe('3331234567');
    expect(cellText(null)).toBe('');
    expect(cellText('  Anna Maria ')).toBe('Anna Maria');
  });

  it('gives each data row its number in the sheet and leaves empty rows out', () => {
    const rows = rowsOf(
      ['Nome', 'Cognome'],
      [
        ['Marco', 'Gialli'],
        ['', ''],
        ['Elisa', 'Gialli'],
      ],
    );
    expect(rows).toEqual([
      { row: 2, cells: { Nome: 'Marco', Cognome: 'Gialli' } },
      { row: 4, cells: { Nome: 'Elisa', Cognome: 'Gialli' } },
    ]);
  });

  it.each([
    ['Branco', 'Branco'],
    ['lupetti', 'Branco'],
    ['Coccinelle', 'Branco'],
    ['REPARTO', 'Reparto'],
    ['Esploratori', 'Reparto'],
    ['Guide', 'Reparto'],
    ['Clan', 'Clan'],
    ['Rover', 'Clan'],
    ['Scolte', 'Clan'],
    ['Noviziato', 'Clan'],
    ['Castorini', null],
  ])('reads the branch %s as %s', (text, branch) => {
    expect(parseBranch(text)).toBe(branch);
  });
});

describe('the rows of a file', () => {
  it('groups siblings who share a parent into one family, names trimmed and kept as written, e-mail lower case', () => {
    const { families, errors } = checkRoster([
      giallo(2, { name: '  Marco ', cf: GIALLI.marco.toLowerCase(), branch: 'Esploratori' }),
      giallo(
        3,
        { name: 'Elisa', cf: GIALLI.elisa, branch: 'coccinelle' },
        {
          'Cognome Genitore 2': 'Gialli',
          'Nome Genitore 2': 'Pietro',
          'Codice Fiscale Genitore 2': GIALLI.pietro,
          'Telefono Genitore 2': '+39 333 123 4567',
        },
      ),
    ]);
    expect(errors).toEqual([]);
    expect(families).toHaveLength(1);
    const [family] = families;
    expect(family?.surname).toBe('Gialli');
    expect(family?.rows).toEqual([2, 3]);
    expect(family?.children.map(({ name, cf: code, branch }) => ({ name, cf: code, branch }))).toEqual([
      { name: 'Marco', cf: GIALLI.marco, branch: 'Reparto' },
      { name: 'Elisa', cf: GIALLI.elisa, branch: 'Branco' },
    ]);
    expect(family?.parents).toEqual([
      { cf: GIALLI.laura, surname: 'Gialli', name: 'Laura', email: 'laura.gialli@example.com', phone: null },
      { cf: GIALLI.pietro, surname: 'Gialli', name: 'Pietro', email: null, phone: '+39 333 123 4567' },
    ]);
  });

  it('finds one error of each kind, with its row and column, and keeps the good rows', () => {
    const wrongCheck = `${GIALLI.marco.slice(0, 15)}${GIALLI.marco.endsWith('A') ? 'B' : 'A'}`;
    const rows = [
      giallo(2, { name: 'Marco', cf: GIALLI.marco, branch: 'Reparto' }),
      giallo(3, { name: 'Elisa', cf: GIALLI.elisa, branch: 'Castorini' }),
      giallo(4, { name: 'Marco', cf: GIALLI.marco, branch: 'Reparto' }),
      giallo(5, { name: 'Ugo', cf: wrongCheck, branch: 'Reparto' }),
      row(6, {
        Cognome: 'Nero',
        Nome: 'Ugo',
        'Codice Fiscale': NERO.ugo,
        Branca: 'Reparto',
        'Cognome Genitore 1': 'Gialli',
        'Nome Genitore 1': 'Laura',
        'Codice Fiscale Genitore 1': GIALLI.laura,
      }),
      row(7, {
        Cognome: 'Nero',
        Nome: 'Franco',
        'Codice Fiscale': NERO.franco,
        Branca: 'Clan',
        'Cognome Genitore 1': 'Nero',
        'Nome Genitore 1': 'Ugo',
        'Codice Fiscale Genitore 1': NERO.ugo,
      }),
      giallo(8, { name: 'Anna', cf: GIALLI.anna, branch: 'Branco' }, { 'Email Genitore 1': 'laura@', 'Telefono Genitore 1': 'tel' }),
      giallo(9, { name: '', cf: GIALLI.dario, branch: 'Clan' }),
      giallo(
        10,
        { name: 'Dario', cf: GIALLI.dario.replace(/^G/, 'X'), branch: 'Clan' },
        {
          'Cognome Genitore 2': 'Gialli',
          'Nome Genitore 2': 'Laura',
          'Codice Fiscale Genitore 2': GIALLI.laura,
        },
      ),
    ];
    const { families, errors } = checkRoster(rows);
    expect(errors).toEqual([
      { row: 3, column: 'Branca', message: ROSTER_MESSAGES.branch('Castorini') },
      { row: 4, column: 'Codice Fiscale', message: ROSTER_MESSAGES.duplicateChild(2) },
      { row: 5, column: 'Codice Fiscale', message: fiscalCodeProblem(wrongCheck) },
      { row: 6, column: 'Codice Fiscale Genitore 1', message: ROSTER_MESSAGES.otherSurname(GIALLI.laura, 'Gialli', 2) },
      { row: 7, column: 'Codice Fiscale Genitore 1', message: ROSTER_MESSAGES.parentIsChild(6) },
      { row: 8, column: 'Email Genitore 1', message: ROSTER_MESSAGES.email('laura@') },
      { row: 8, column: 'Telefono Genitore 1', message: ROSTER_MESSAGES.phone('tel') },
      { row: 9, column: 'Nome', message: ROSTER_MESSAGES.missing('Nome') },
      { row: 10, column: 'Codice Fiscale', message: fiscalCodeProblem(GIALLI.dario.replace(/^G/, 'X')) },
      { row: 10, column: 'Codice Fiscale Genitore 2', message: ROSTER_MESSAGES.sameParentTwice },
    ]);
    expect(fiscalCodeProblem(wrongCheck)).toContain(`dovrebbe essere «${GIALLI.marco.at(-1)}»`);
    expect(families.map((family) => family.rows)).toEqual([[2]]);
  });

  it('names a birth date that cannot exist, and takes codes typed with dashes, dots and spaces as the same codes', () => {
    // Elisa's code with 30 February for her birth day (a woman's day 70), its check character right for those 15 characters.
    const first15 = `${GIALLI.elisa.slice(0, 6)}16B70${GIALLI.elisa.slice(11, 15)}`;
    const thirtiethFebruary = first15 + CodiceFiscale.getCheckCode(first15);
    const dashed = (code: string) => `${code.slice(0, 3)}-${code.slice(3, 6)}.${code.slice(6, 11)} ${code.slice(11)}`.toLowerCase();
    const { families, errors } = checkRoster([
      giallo(2, { name: 'Marco', cf: dashed(GIALLI.marco), branch: 'Reparto' }, { 'Codice Fiscale Genitore 1': dashed(GIALLI.laura) }),
      giallo(3, { name: 'Elisa', cf: thirtiethFebruary, branch: 'Branco' }),
    ]);
    expect(errors).toEqual([
      {
        row: 3,
        column: 'Codice Fiscale',
        message: `Codice fiscale non valido: la data di nascita di «${thirtiethFebruary}» («16B70») non esiste.`,
      },
    ]);
    expect(families).toHaveLength(1);
    expect(families[0]?.children.map((child) => child.cf)).toEqual([GIALLI.marco]);
    expect(families[0]?.parents.map((parent) => parent.cf)).toEqual([GIALLI.laura]);
  });

  it('counts the children of rows with errors as named by the file', () => {
    const { childCodes } = checkRoster([giallo(2, { name: 'Elisa', cf: GIALLI.elisa, branch: 'Castorini' })]);
    expect(childCodes.has(GIALLI.elisa)).toBe(true);
  });

  it('joins two groups of rows into one family when a later row shares a parent with each', () => {
    const pietroOnly = (number: number, child: { name: string; cf: string }) =>
      row(number, {
        Cognome: 'Gialli',
        Nome: child.name,
        'Codice Fiscale': child.cf,
        Branca: 'Branco',
        'Cognome Genitore 1': 'Gialli',
        'Nome Genitore 1': 'Pietro',
        'Codice Fiscale Genitore 1': GIALLI.pietro,
      });
    const { families, errors } = checkRoster([
      giallo(2, { name: 'Marco', cf: GIALLI.marco, branch: 'Reparto' }),
      pietroOnly(3, { name: 'Elisa', cf: GIALLI.elisa }),
      giallo(
        4,
        { name: 'Ugo', cf: NERO.ugo, branch: 'Reparto' },
        { 'Codice Fiscale Genitore 2': GIALLI.pietro, 'Nome Genitore 2': 'Pietro', 'Cognome Genitore 2': 'Gialli' },
      ),
    ]);
    expect(errors).toEqual([]);
    expect(families).toHaveLength(1);
    expect(families[0]?.children.map((child) => child.name).sort()).toEqual(['Elisa', 'Marco', 'Ugo']);
    expect(families[0]?.parents.map((parent) => parent.name).sort()).toEqual(['Laura', 'Pietro']);
  });
});

describe("a parent's fields", () => {
  const title = (field: string) => field;
  it('accepts an empty e-mail and phone, and refuses a phone with too few digits', () => {
    expect(checkParent({ cf: GIALLI.laura, surname: 'Gialli', name: 'Laura', email: '', phone: '' }, title).value).toEqual({
      cf: GIALLI.laura,
      surname: 'Gialli',
      name: 'Laura',
      email: null,
      phone: null,
    });
    expect(checkParent({ cf: GIALLI.laura, surname: 'Gialli', name: 'Laura', email: '', phone: '12 34' }, title).problems).toEqual([
      { field: 'phone', message: ROSTER_MESSAGES.phone('12 34') },
    ]);
  });
});
