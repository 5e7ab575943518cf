import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SEASON, seasonChoices } from '@config/season';
import { defaultMedicalFormSettings, medicalFormCutoffInstant } from '@domain/medical-forms/medical-form-settings';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const SEASON_FILE = 'src/config/season.ts';
/** The footer's copyright is the one place that shows the current calendar year (docs/architecture.md, "Hydration"). */
const CALENDAR_YEAR_FILES = new Set(['src/components/layout/Footer.tsx']);

/** Every source file of the app and the functions, as repository-relative paths. */
function sourceFiles(directory: string): string[] {
  return readdirSync(path.join(ROOT, directory)).flatMap((name) => {
    const relative = path.join(directory, name);
    if (statSync(path.join(ROOT, relative)).isDirectory()) return sourceFiles(relative);
    return /\.(ts|tsx|css|html)$/.test(name) ? [relative] : [];
  });
}

const files = [...sourceFiles('src'), ...sourceFiles('netlify')].filter((file) => file !== SEASON_FILE);

/** An Italian decree's citation, 'D.Lgs. 11/2010'. */
const LAW = /D\.Lgs\. \d+\/20\d\d/g;

describe('one season (src/config/season.ts)', () => {
  it('no other file of src/ or netlify/ names a year: they read SEASON', () => {
    const naming = files.flatMap((file) =>
      readFileSync(path.join(ROOT, file), 'utf8')
        .split('\n')
        // A law's number ('D.Lgs. 11/2010') names a year that is no season.
        .flatMap((line, index) => (/\b20[1-3]\d\b/.test(line.replace(LAW, '')) ? [`${file}:${index + 1}: ${line.trim()}`] : [])),
    );
    expect(naming).toEqual([]);
  });

  it("no screen or function takes the year from the clock, but the footer's copyright", () => {
    const clockYears = files.filter(
      (file) => !CALENDAR_YEAR_FILES.has(file) && /getFullYear|getUTCFullYear/.test(readFileSync(path.join(ROOT, file), 'utf8')),
    );
    expect(clockYears).toEqual([]);
  });

  it('derives the season from the camp year: start and medical-form cutoff on 1 February in Italy, the folder named after it', () => {
    expect(SEASON.startsAt.toISOString()).toBe(`${SEASON.campYear}-01-31T23:00:00.000Z`);
    expect(medicalFormCutoffInstant(defaultMedicalFormSettings(SEASON.campYear)).getTime()).toBe(SEASON.startsAt.getTime());
    expect(defaultMedicalFormSettings(SEASON.campYear).folder).toBe(`Documenti/Schede Mediche ${SEASON.campYear}`);
  });

  it('offers this season first in the picker, then the ones before', () => {
    expect(seasonChoices()).toEqual([0, 1, 2, 3, 4].map((back) => SEASON.campYear - back));
  });
});
