import { readFileSync } from 'node:fs';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { fiscalCodeBirthplace, fiscalCodeProblem, isValidFiscalCode } from '@domain/fiscal-code';
import { fiscalCodeFault, normalizeFiscalCode } from '@domain/fiscal-code-format';

/**
 * The public fiscal-code vectors (tests/fixtures/fiscal-codes/README.md:
 * python-codicefiscale, pycodicefiscale and CodiceFiscaleJS's cases, rebuilt
 * on invented people), as typed, each with the fault the rule must find.
 */
interface Vector {
  as_typed: string;
  expected: 'valid' | 'shape' | 'date' | 'birthplace' | 'check';
  what: string;
  source: string;
}

const VECTORS = Papa.parse<Vector>(readFileSync('tests/fixtures/fiscal-codes/vectors.csv', 'utf8'), {
  header: true,
  skipEmptyLines: true,
}).data;

/** What each fault's roster message says (fiscalCodeProblem). */
const SAYS = {
  shape: 'non ha la forma di un codice fiscale',
  date: 'la data di nascita',
  birthplace: 'il luogo di nascita',
  check: 'il carattere di controllo',
} as const;

describe('the public fiscal-code vectors', () => {
  it('cover every fault, omocodes, foreign-born codes, impossible dates and separators', () => {
    const count = (expected: Vector['expected']) => VECTORS.filter((vector) => vector.expected === expected).length;
    expect(VECTORS.length).toBeGreaterThanOrEqual(60);
    expect(count('date')).toBeGreaterThanOrEqual(15);
    expect(count('birthplace')).toBeGreaterThanOrEqual(3);
    expect(VECTORS.filter((vector) => /[-. –]/.test(vector.as_typed) && vector.expected === 'valid').length).toBeGreaterThanOrEqual(5);
  });

  it.each(VECTORS.map((vector) => [vector.as_typed, vector.expected, vector.what, vector] as const))(
    'the server and the admin: «%s» is %s (%s)',
    (_typed, _expected, _what, vector) => {
      const problem = fiscalCodeProblem(normalizeFiscalCode(vector.as_typed));
      if (vector.expected === 'valid') expect(problem).toBeNull();
      else expect(problem).toContain(SAYS[vector.expected]);
      expect(isValidFiscalCode(normalizeFiscalCode(vector.as_typed))).toBe(vector.expected === 'valid');
    },
  );

  it.each(VECTORS.map((vector) => [vector.as_typed, vector.expected, vector] as const))(
    "the parents' light check: «%s» (%s) gives the same answer, the birthplace aside",
    (_typed, _expected, vector) => {
      const fault = fiscalCodeFault(normalizeFiscalCode(vector.as_typed));
      expect(fault).toBe(vector.expected === 'valid' || vector.expected === 'birthplace' ? null : vector.expected);
    },
  );

  it('finds every valid code in the register: suppressed municipalities, historical and foreign states, omocode digits read as digits', () => {
    const places = VECTORS.filter((vector) => vector.expected === 'valid').map((vector) => ({
      what: vector.what,
      place: fiscalCodeBirthplace(normalizeFiscalCode(vector.as_typed)),
    }));
    for (const { what, place } of places) expect(place, what).not.toBeNull();
    const named = (what: string) => places.find((place) => place.what.startsWith(what))?.place;
    expect(named('born in a suppressed municipality: Gallico')).toEqual({ name: 'GALLICO', province: 'RC' });
    expect(named('born in a state that no longer exists: URSS')?.province).toBe('EE');
    expect(named('omocode of the birthplace only')).toEqual({ name: 'TORINO', province: 'TO' });
  });
});
