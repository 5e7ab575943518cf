import { describe, expect, it } from 'vitest';
import { namesOfPlan } from '@domain/catalogue/season-catalogue';
import { PLAN } from '@domain/catalogue/seed';
import { findTransferReferences, isTransferReference, newTransferReference, REFERENCE_ALPHABET } from '@domain/payments/transfer-reference';

/** The two letters of the product recorded as `plan` (its `names.code`). */
const referencePrefix = (plan: string) => namesOfPlan(plan).code;

const YEAR = 2030;

describe("a Bonifico's reference code", () => {
  it("names the product and the season: 'CE30-…' for the camp, 'MG' the T-shirt, the initials of a season product", () => {
    expect(referencePrefix(PLAN.campAcconto)).toBe('CE');
    expect(referencePrefix(PLAN.campSaldo)).toBe('CE');
    expect(referencePrefix(PLAN.felpa)).toBe('FR');
    expect(referencePrefix(PLAN.maglietta)).toBe('MG');
    expect(referencePrefix('Uscita di Pasqua')).toBe('UP');
    expect(referencePrefix(`Censimento ${YEAR}`)).toBe('CE');
    expect(referencePrefix('Città')).toBe('CI');
  });

  it('draws four characters a parent can dictate: no 0, O, 1, I or L', () => {
    expect(REFERENCE_ALPHABET).not.toMatch(/[0O1IL]/);
    let next = 0;
    const code = newTransferReference(referencePrefix(PLAN.campSaldo), YEAR, (n) => next++ % n);
    expect(code).toBe('CE30-ABCD');
    expect(isTransferReference(code)).toBe(true);
    expect(isTransferReference('CE30-AB0D')).toBe(false);
  });

  it("is found in a bank's description however the bank spaced or cased it, each once", () => {
    expect(findTransferReferences('BONIFICO SEPA ACCONTO CAMPO SCOUT 2030 - ROSSI CE30-7K3Q')).toEqual(['CE30-7K3Q']);
    expect(findTransferReferences('saldo ce30 7k3q e mg30-ab2c, di nuovo CE307K3Q')).toEqual(['CE30-7K3Q', 'MG30-AB2C']);
    expect(findTransferReferences('Campo Marco, CRO 0012345678')).toEqual([]);
  });
});
