import { describe, expect, it } from 'vitest';
import { stampDutyApplies, stampDutyNote, stampDutySchema, THIRD_SECTOR_EXEMPTION } from '@domain/stamp-duty';

describe('stamp duty on receipts and credit notes (docs/admin.md, "Receipts")', () => {
  it('applies above 77,47 €: not at 77,47 €, at 77,48 €', () => {
    expect(stampDutyApplies(77.47)).toBe(false);
    expect(stampDutyApplies(77.48)).toBe(true);
    expect(stampDutyApplies(0)).toBe(false);
    // Floating sums that read 77,47 € stay under it.
    expect(stampDutyApplies(77.37 + 0.1)).toBe(false);
  });

  it("says the group's exemption with its legal basis, or the 2,00 € stamp paid, and nothing up to the threshold", () => {
    const exempt = stampDutySchema.parse({ mode: 'exempt', basis: THIRD_SECTOR_EXEMPTION });
    const charged = stampDutySchema.parse({ mode: 'charged' });
    expect(stampDutyNote(exempt, 77.48)).toBe('Esente da imposta di bollo (art. 82, comma 5, del D.Lgs. 117/2017).');
    expect(stampDutyNote(charged, 77.48)).toBe('Imposta di bollo di 2,00 € assolta in modo virtuale.');
    expect(stampDutyNote(exempt, 77.47)).toBeNull();
    expect(stampDutyNote(charged, 77.47)).toBeNull();
  });

  it("takes the group's own statement of how it pays the stamp", () => {
    const physical = stampDutySchema.parse({ mode: 'charged', statement: "assolta sull'originale cartaceo" });
    expect(stampDutyNote(physical, 100)).toBe("Imposta di bollo di 2,00 € assolta sull'originale cartaceo.");
  });
});
