import { describe, expect, it } from 'vitest';
import { dayYearLater, italianMidnight } from '@domain/italian-time';
import { defaultMedicalFormSettings, medicalFormCutoffInstant, nextSeasonMedicalForm } from '@domain/medical-forms/medical-form-settings';
import { medicalFormSettingsSchema } from '@domain/medical-forms/medical-form-settings-schema';

const YEAR = 2030;

describe("a season's medical-form settings", () => {
  it('start, by default, at midnight in Italy on 1 February, in the season’s folder', () => {
    const settings = defaultMedicalFormSettings(YEAR);
    expect(settings).toEqual({ cutoff: `${YEAR}-02-01`, folder: `Documenti/Schede Mediche ${YEAR}` });
    expect(medicalFormCutoffInstant(settings).toISOString()).toBe(`${YEAR}-01-31T23:00:00.000Z`);
  });

  it('a summer cutoff begins at midnight of summer time', () => {
    expect(italianMidnight(`${YEAR}-07-01`).toISOString()).toBe(`${YEAR}-06-30T22:00:00.000Z`);
  });

  it("move to the next season a year later, the folder's year with them", () => {
    expect(nextSeasonMedicalForm({ cutoff: `${YEAR}-03-15`, folder: `Schede/Campo ${YEAR}` }, YEAR)).toEqual({
      cutoff: `${YEAR + 1}-03-15`,
      folder: `Schede/Campo ${YEAR + 1}`,
    });
    expect(dayYearLater('2028-02-29')).toBe('2029-02-28');
  });

  it('refuse a folder that climbs out or a day that does not exist, in Italian', () => {
    const problems = (value: unknown) => medicalFormSettingsSchema.safeParse(value).error?.issues.map((issue) => issue.message) ?? [];
    expect(problems({ cutoff: `${YEAR}-02-01`, folder: 'Schede/../Altro' })).toEqual([
      'Cartella non valida: usa lettere, numeri, spazi, «-» e «_», separati da «/».',
    ]);
    expect(problems({ cutoff: `${YEAR}-02-30`, folder: 'Schede' })).toEqual(['Data di inizio della scheda medica non valida.']);
    expect(problems({ cutoff: `${YEAR}-02-01`, folder: ' Schede Mediche/Reparto_1 ' })).toEqual([]);
  });
});
