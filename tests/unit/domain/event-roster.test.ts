import { describe, expect, it } from 'vitest';
import { ageOn, fiscalCodeBirth } from '@domain/fiscal-code-birth';
import { missingPapers, paperReminderProduct } from '@domain/events/event-roster';
import { rosterCsvTable, rosterStateText } from '@domain/events/event-roster-table';

describe('the age on the list, from the fiscal code', () => {
  it('reads the birth day of a boy, a girl (day + 40) and a code re-issued for a clash (letters for digits)', () => {
    expect(fiscalCodeBirth('RSSMRC12M15H501X')).toEqual({ yearInCentury: 12, month: 8, day: 15 });
    expect(fiscalCodeBirth('bncsra13a41h501y')).toEqual({ yearInCentury: 13, month: 1, day: 1 });
    expect(fiscalCodeBirth('VRDLCU1TC10H501Z')).toEqual({ yearInCentury: 17, month: 3, day: 10 });
    expect(fiscalCodeBirth('RSSMRC12Z15H501X')).toBeNull();
    expect(fiscalCodeBirth('RSSMRC')).toBeNull();
  });

  it('reads no birth day, so no age, from a date that cannot exist: 30 February, 31 April, 29 February of a year never leap', () => {
    expect(fiscalCodeBirth('RSSMRC12B30H501X')).toBeNull();
    expect(fiscalCodeBirth('RSSMRC12D31H501X')).toBeNull();
    expect(fiscalCodeBirth('RSSMRC13B69H501X')).toBeNull();
    expect(fiscalCodeBirth('RSSMRC12B69H501X')).toEqual({ yearInCentury: 12, month: 2, day: 29 });
    expect(ageOn('RSSMRC12B30H501X', '2024-08-01')).toBeNull();
  });

  it('counts whole years on the given day, the birthday itself included, in the century that makes the child born already', () => {
    expect(ageOn('RSSMRC12M15H501X', '2024-08-14')).toBe(11);
    expect(ageOn('RSSMRC12M15H501X', '2024-08-15')).toBe(12);
    expect(ageOn('RSSMRC95M15H501X', '2024-09-01')).toBe(29);
    expect(ageOn('RSSMRC24M15H501X', '2024-08-01')).toBe(99);
    expect(ageOn('not a code at all', '2024-08-01')).toBeNull();
  });
});

const row = {
  state: 'confirmed' as const,
  rank: null,
  documents: [
    { key: 'uscite', state: 'partial' as const },
    { key: 'foto', state: 'signed' as const },
    { key: 'delega', state: 'withdrawn' as const },
  ],
  medicalForm: false,
};

describe("what 'Invia promemoria' chases", () => {
  it('names the documents missing or half signed and the form only when a product asks for it; never for a child waiting', () => {
    expect(missingPapers(row, false)).toEqual([{ kind: 'document', key: 'uscite' }]);
    expect(missingPapers(row, true)).toEqual([{ kind: 'document', key: 'uscite' }, { kind: 'medicalForm' }]);
    expect(missingPapers({ ...row, state: 'waiting' }, true)).toEqual([]);
    expect(paperReminderProduct({ kind: 'document', key: 'uscite' })).toBe('documento-uscite');
    expect(paperReminderProduct({ kind: 'medicalForm' })).toBe('documento-scheda-medica');
  });
});

describe('the list as a table', () => {
  it('has a name and a phone column per parent of the largest family, and says each state in Italian', () => {
    const full = {
      childId: 'c',
      familyId: 'f',
      name: 'Sara',
      surname: 'Bianchi',
      branch: 'Reparto' as const,
      age: null,
      ...row,
      state: 'waiting' as const,
      rank: 3,
      parents: [
        { name: 'Luca Bianchi', phone: null },
        { name: 'Eva Neri', phone: '333 1' },
      ],
      payments: [{ productId: 'p', state: 'toVerify' as const }],
    };
    const table = rosterCsvTable([full], { products: [{ id: 'p', name: 'Quota' }], documents: [{ key: 'uscite', title: 'Uscite' }] });
    expect(table.header).toEqual([
      'Stato',
      'Cognome',
      'Nome',
      'Branca',
      'Età',
      'Genitore 1',
      'Telefono 1',
      'Genitore 2',
      'Telefono 2',
      'Quota',
      'Scheda medica',
      'Uscite',
    ]);
    expect(table.rows).toEqual([
      [
        "In lista d'attesa, posizione 3",
        'Bianchi',
        'Sara',
        'Reparto',
        '',
        'Luca Bianchi',
        '',
        'Eva Neri',
        '333 1',
        'Da verificare',
        'Mancante',
        'Manca la firma del secondo genitore',
      ],
    ]);
    expect(rosterStateText({ state: 'offered', rank: null })).toBe('Posto offerto, da confermare');
  });
});
