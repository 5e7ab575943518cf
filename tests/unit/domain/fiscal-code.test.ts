import { describe, expect, it } from 'vitest';
import CodiceFiscaleModule from 'codice-fiscale-js';
import { isValidFiscalCode } from '@domain/fiscal-code';
import { fiscalCodeCheckCharacter, isWellFormedFiscalCode, normalizeFiscalCode } from '@domain/fiscal-code-format';

describe('fiscal code normalisation', () => {
  it('strips every whitespace, dash and dot, and upper-cases', () => {
    expect(normalizeFiscalCode(' rssmra80c12h501e ')).toBe('RSSMRA80C12H501E');
    expect(normalizeFiscalCode('RSS MRA 80C12\tH501E\n')).toBe('RSSMRA80C12H501E');
    expect(normalizeFiscalCode('RSS-MRA-80C12-H501E')).toBe('RSSMRA80C12H501E');
    expect(normalizeFiscalCode('rss.mra.80c12.h501e')).toBe('RSSMRA80C12H501E');
    expect(normalizeFiscalCode('RSS\u2013MRA\u00a080C12 - H501E')).toBe('RSSMRA80C12H501E');
  });

  it('keeps any other character, for the check to refuse', () => {
    expect(normalizeFiscalCode('RSS/MRA_80C12H501E')).toBe('RSS/MRA_80C12H501E');
  });
});

describe('fiscal code validity', () => {
  it.each(['RSSMRA80C12H501E', 'BNCNNA84L45B114C', 'VRDPLA78S23H501P', 'VRDLNE81B42E900U', 'NRECRL79P70H501U', 'SPSLGU75A14H501I'])(
    'accepts the demo parent code %s',
    (code) => {
      expect(isValidFiscalCode(code)).toBe(true);
    },
  );

  it('accepts an omocodia variant with its own check character', () => {
    // RSSMRA80C12H501E with the last digit of the place code (1) replaced by M;
    // the check character is recomputed over the new 15 characters.
    expect(isValidFiscalCode('RSSMRA80C12H50MW')).toBe(true);
  });

  it('rejects an omocodia variant that keeps the original check character', () => {
    expect(isValidFiscalCode('RSSMRA80C12H50ME')).toBe(false);
  });

  it('rejects a wrong check character', () => {
    expect(isValidFiscalCode('RSSMRA80C12H501A')).toBe(false);
  });

  it.each([
    ['empty', ''],
    ['too short', 'RSSMRA80C12H501'],
    ['too long', 'RSSMRA80C12H501EE'],
    ['a digit among the surname letters', 'R5SMRA80C12H501E'],
    ['an invalid month letter', 'RSSMRA80Z12H501E'],
    ['lower case (not normalised)', 'rssmra80c12h501e'.slice(0, 15) + '?'],
  ])('rejects a code %s', (_label, code) => {
    expect(isValidFiscalCode(code)).toBe(false);
  });
});

describe("the browser's light check (fiscal-code-format)", () => {
  const CodiceFiscale =
    (CodiceFiscaleModule as unknown as { CodiceFiscale?: typeof CodiceFiscaleModule }).CodiceFiscale ?? CodiceFiscaleModule;

  it('computes the check character as codice-fiscale-js does, omocodia letters included', () => {
    const codes = ['RSSMRA80C12H501E', 'BNCNNA84L45B114C', 'SPSLGU75A14H501I', 'VRDPLA78S23H501P', 'RSSMRA80C12H50ME', 'RSSMRALPCMNHRLMQ'];
    for (let day = 1; day <= 28; day += 3) {
      for (const month of 'ABCDEHLMPRST') codes.push(`FRRGNN82${month}${String(day + 40).padStart(2, '0')}A944T`);
    }
    for (const code of codes) expect(fiscalCodeCheckCharacter(code), code).toBe(CodiceFiscale.getCheckCode(code.slice(0, 15)));
  });

  it('accepts a code whose shape and check character are right, and refuses a wrong check character or shape', () => {
    expect(isWellFormedFiscalCode('RSSMRA80C12H501E')).toBe(true);
    expect(isWellFormedFiscalCode('RSSMRA80C12H501X')).toBe(false);
    expect(isWellFormedFiscalCode('RSSMRA80C12H501')).toBe(false);
    expect(isWellFormedFiscalCode('RSSMRA80Z12H501E')).toBe(false);
  });
});
