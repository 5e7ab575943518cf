import { readFileSync } from 'node:fs';
import path from 'node:path';
import writeExcelFile from 'write-excel-file/browser';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkRoster, matchHeader, ROSTER_TEMPLATE_HEADER, rowsOf } from '@domain/roster/roster';
import { readSheetFile, SHEET_FILE_MESSAGES } from '@/lib/read-sheet-file';
import { rosterTemplateRows } from '@/features/admin/families/roster/roster-template';

/**
 * Real bytes through readSheetFile, then rowsOf, as the screen does
 * (src/features/admin/families/roster/): CSVs of both delimiters and encodings,
 * BuonaStrada's export, an .xlsx written by write-excel-file (its browser
 * entry works under jsdom: small files need no worker), other headers.
 */

afterEach(() => {
  vi.restoreAllMocks();
});

const HEADER = ROSTER_TEMPLATE_HEADER.join(';');
const ROSSI = 'Rossi;Marco;RSSMRC12E03H501U;Reparto;Rossi;Mario;RSSMRA80C12H501E;mario.rossi@example.com;+39 333 100 0001;;;;;';

/** Single-byte Windows-1252 text (every character here is below 0x100, where it matches Latin-1). */
const windows1252 = (text: string) => Uint8Array.from(text, (character) => character.charCodeAt(0));

/** The file's rows as the screen sends them. */
async function rowsOfFile(file: File) {
  const sheet = await readSheetFile(file);
  return { sheet, rows: rowsOf(sheet.header, sheet.data, sheet.firstRow) };
}

describe('readSheetFile', () => {
  it("reads a UTF-8 CSV split by ';' (BOM dropped, CRLF, a two-line file with its last line break)", async () => {
    const { sheet, rows } = await rowsOfFile(new File([`\uFEFF${HEADER}\r\n${ROSSI}\r\n`], 'anagrafica.csv', { type: 'text/csv' }));
    expect(sheet.header).toEqual(ROSTER_TEMPLATE_HEADER);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      row: 2,
      cells: {
        Cognome: 'Rossi',
        Nome: 'Marco',
        'Codice Fiscale Genitore 1': 'RSSMRA80C12H501E',
        'Telefono Genitore 1': '+39 333 100 0001',
      },
    });
  });

  it("reads a CSV split by ',' with quoted fields, and numbers rows as a spreadsheet does (empty lines kept)", async () => {
    const text = [
      ROSTER_TEMPLATE_HEADER.join(','),
      '"D\'Angelo",Gabriele,DNGGRL16L01G482U,Lupetti,"D\'Angelo",Luigi,DNGLGU79H06G482L,luigi.dangelo@example.com,"+39 338 215 2505",,,,,',
      '',
      'Costa,Matilde,CSTMLD14H58B354T,Guide,Costa,Simone,CSTSMN80R19B354B,simone.costa@example.com,,,,,,',
    ].join('\n');
    const { rows } = await rowsOfFile(new File([text], 'anagrafica.csv'));
    expect(rows.map((row) => [row.row, row.cells.Cognome, row.cells.Branca])).toEqual([
      [2, "D'Angelo", 'Lupetti'],
      [4, 'Costa', 'Guide'],
    ]);
  });

  it('reads a Windows-1252 CSV (not valid UTF-8) with its accents', async () => {
    const text = `${HEADER}\r\nRicci;Nicolò;RCCNCL10H28D612C;Clan;Ricci;Davide;RCCDVD76E07D612A;;;Bruno;Elisa;BRNLSE78R52G702F;;\r\n`;
    const bytes = windows1252(text);
    expect(bytes).toContain(0xf2);
    const { rows } = await rowsOfFile(new File([bytes], 'export excel.CSV'));
    expect(rows[0]?.cells).toMatchObject({ Nome: 'Nicolò', 'Cognome Genitore 2': 'Bruno' });
  });

  it("reads BuonaStrada's export: a first line 'sep=,' and fiscal codes written as =\"…\"", async () => {
    const text = [
      'sep=,',
      'Cognome,Nome,Codice Fiscale,Branca,Cognome Genitore 1,Nome Genitore 1,Codice Fiscale Genitore 1',
      // The census writes its codes as formulas, bare or quoted the CSV way.
      'Rossi,Marco,="RSSMRC12E03H501U",Reparto,Rossi,Mario,="RSSMRA80C12H501E"',
      'Rossi,Luca,"=""RSSLCU16B11H501X""",Branco,Rossi,Mario,"=""RSSMRA80C12H501E"""',
    ].join('\r\n');
    const { sheet, rows } = await rowsOfFile(new File([text], 'buonastrada.csv'));
    expect(sheet.header[0]).toBe('Cognome');
    expect(rows.map((row) => [row.row, row.cells['Codice Fiscale'], row.cells['Codice Fiscale Genitore 1']])).toEqual([
      [2, 'RSSMRC12E03H501U', 'RSSMRA80C12H501E'],
      [3, 'RSSLCU16B11H501X', 'RSSMRA80C12H501E'],
    ]);
    expect(checkRoster(rows).errors).toEqual([]);
  });

  it("reads an .xlsx's first sheet: numbers as text, a header under empty rows, row numbers of the sheet", async () => {
    const blob = await writeExcelFile(
      [
        [null],
        ROSTER_TEMPLATE_HEADER.map((value) => ({ value, fontWeight: 'bold' as const })),
        ['Costa', 'Tobia', 'CSTTBO16D02B354G', 'Lupetti', 'Costa', 'Simone', 'CSTSMN80R19B354B', null, 3321234567],
      ],
      { sheet: 'Anagrafica' },
    ).toBlob();
    const { sheet, rows } = await rowsOfFile(new File([blob], 'anagrafica.xlsx'));
    expect(sheet.header).toEqual(ROSTER_TEMPLATE_HEADER);
    expect(rows).toEqual([
      {
        row: 3,
        cells: expect.objectContaining({ Nome: 'Tobia', 'Email Genitore 1': '', 'Telefono Genitore 1': '3321234567' }),
      },
    ]);
  });

  it('matches a header in another order, case, accents and names', async () => {
    const header = [
      'CODICE FISCALE GENITORE 1',
      'branca',
      'Nóme',
      'e-mail genitore 1',
      'CF',
      'Cognome ',
      'Cellulare Genitore 1',
      'Note',
      'Cognome genitore 1',
      'nome genitore 1',
    ];
    const row = [
      'RSSMRA80C12H501E',
      'reparto',
      'Marco',
      'Mario.Rossi@example.com',
      'rssmrc12e03h501u',
      'Rossi',
      '333 1000001',
      'x',
      'Rossi',
      'Mario',
    ];
    const { sheet, rows } = await rowsOfFile(new File([`${header.join(';')}\n${row.join(';')}\n`], 'a mano.csv'));
    expect(matchHeader(sheet.header).missing).toEqual([]);
    expect(rows[0]?.cells).toMatchObject({
      Cognome: 'Rossi',
      Nome: 'Marco',
      'Codice Fiscale': 'rssmrc12e03h501u',
      Branca: 'reparto',
      'Email Genitore 1': 'Mario.Rossi@example.com',
      'Telefono Genitore 1': '333 1000001',
    });
    expect(checkRoster(rows).errors).toEqual([]);
  });

  it('refuses other files, empty ones and broken .xlsx, in Italian', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(readSheetFile(new File([HEADER], 'anagrafica.txt'))).rejects.toThrow(SHEET_FILE_MESSAGES.type);
    await expect(readSheetFile(new File([HEADER], 'anagrafica.xls'))).rejects.toThrow('Il file deve essere .xlsx o .csv.');
    await expect(readSheetFile(new File([''], 'vuoto.csv'))).rejects.toThrow(SHEET_FILE_MESSAGES.empty);
    await expect(readSheetFile(new File(['\r\n \r\n'], 'vuoto.csv'))).rejects.toThrow(SHEET_FILE_MESSAGES.empty);
    await expect(readSheetFile(new File([`${HEADER}\r\n`], 'intestazione.csv'))).rejects.toThrow(SHEET_FILE_MESSAGES.noRows);
    await expect(readSheetFile(new File(['non un foglio'], 'rotto.xlsx'))).rejects.toThrow(SHEET_FILE_MESSAGES.unreadable);
    expect(logged).toHaveBeenCalledOnce();
  });
});

describe('the template and the example', () => {
  it("'Scarica modello''s rows read back as one valid family", async () => {
    const blob = await writeExcelFile(rosterTemplateRows()).toBlob();
    const { sheet, rows } = await rowsOfFile(new File([blob], 'modello-anagrafica.xlsx'));
    expect(sheet.header).toEqual(ROSTER_TEMPLATE_HEADER);
    const checked = checkRoster(rows);
    expect(checked.errors).toEqual([]);
    expect(checked.families).toHaveLength(1);
    expect(checked.families[0]).toMatchObject({ surname: 'Ferri', parents: [{ name: 'Giovanni' }, { name: 'Silvia' }] });
  });

  it('docs/roster-example.csv has 41 children and one row for each kind of error', async () => {
    const bytes = readFileSync(path.resolve(import.meta.dirname, '../../../docs/roster-example.csv'));
    const { rows } = await rowsOfFile(new File([new Uint8Array(bytes)], 'roster-example.csv'));
    expect(rows).toHaveLength(41);
    const checked = checkRoster(rows);
    expect(checked.errors.map(({ row, column }) => [row, column])).toEqual([
      [10, 'Codice Fiscale'],
      [18, 'Email Genitore 1'],
      [26, 'Codice Fiscale Genitore 1'],
      [38, 'Branca'],
      [40, 'Cognome'],
      [41, 'Codice Fiscale'],
      [42, 'Codice Fiscale'],
    ]);
    expect(checked.errors.at(-1)?.message).toContain('la data di nascita di «SRRNNI14B70F205J» («14B70») non esiste');
    // Stefano Colombo's code, typed with dashes in one row and dots and spaces in the other: one parent of one family.
    expect(checked.families.find((family) => family.surname === 'Colombo')).toMatchObject({
      children: [{ name: 'Tommaso' }, { name: 'Beatrice' }],
      parents: [{ cf: 'CLMSFN79C14F205M' }, { cf: 'RVIFNC81H42A794A' }],
    });
    expect(checked.families.find((family) => family.surname === 'Rossi')?.children.map((child) => child.branch)).toEqual([
      'Reparto',
      'Clan',
      'Reparto',
    ]);
  });
});
