import { describe, expect, it } from 'vitest';
import { isValidFiscalCode, normalizeFiscalCode } from '@/domain/fiscal-code';

describe('fiscal code normalisation', () => {
  it('strips every whitespace and upper-cases', () => {
    expect(normalizeFiscalCode(' rssmra80c12h501e ')).toBe('RSSMRA80C12H501E');
    expect(normalizeFiscalCode('RSS MRA 80C12\tH501E\n')).toBe('RSSMRA80C12H501E');
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
