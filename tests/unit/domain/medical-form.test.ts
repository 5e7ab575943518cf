import { readFileSync } from 'node:fs';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { SEASON } from '@/config/season';
import {
  isAllowedMedicalFormPublicId,
  isEligibleForMedicalForm,
  MAX_MEDICAL_FORM_BYTES,
  medicalFormPublicId,
  validateMedicalFormFile,
} from '@/domain/medical-form';

const pdfHead = new Uint8Array(Buffer.from('%PDF-1.7'));

describe('medical form public id', () => {
  it('is Scheda-Medica_{surname}-{name}, normalised', () => {
    expect(medicalFormPublicId('Bianchi', 'Sara')).toBe('Scheda-Medica_Bianchi-Sara');
    expect(medicalFormPublicId("D'Amico", 'Nicolò')).toBe("Scheda-Medica_D'Amico-Nicolo");
    expect(medicalFormPublicId('  De  Luca ', 'Anna Maria')).toBe('Scheda-Medica_De Luca-Anna Maria');
    expect(medicalFormPublicId('Rossi/..', 'Marco<script>')).toBe('Scheda-Medica_Rossi-Marcoscript');
  });

  it('accepts what it makes and refuses anything else', () => {
    expect(isAllowedMedicalFormPublicId(medicalFormPublicId("D'Amico", 'Nicolò'))).toBe(true);
    for (const bad of [
      'Scheda-Medica_',
      'Scheda-Medica_Rossi',
      'Scheda-Medica_Rossi-Marco/x',
      'scheda-medica_Rossi-Marco',
      'Scheda-Medica_Rossi-Marco1',
    ]) {
      expect(isAllowedMedicalFormPublicId(bad)).toBe(false);
    }
  });

  it('refuses names with no letter left', () => {
    expect(() => medicalFormPublicId('123', 'Sara')).toThrow();
  });
});

describe('eligibility', () => {
  const cutoff = SEASON.medicalFormCutoff;

  it("needs a 'Campo Estivo - Acconto' item created on or after 1 February 2025 (Italian time)", () => {
    expect(isEligibleForMedicalForm([{ plan: 'Campo Estivo - Acconto', created_at: new Date('2025-03-10T09:30:00Z') }], cutoff)).toBe(true);
    expect(isEligibleForMedicalForm([{ plan: 'Campo Estivo - Acconto', created_at: new Date('2025-01-31T23:00:00Z') }], cutoff)).toBe(true);
    expect(isEligibleForMedicalForm([{ plan: 'Campo Estivo - Acconto', created_at: new Date('2025-01-31T22:59:59Z') }], cutoff)).toBe(
      false,
    );
    expect(isEligibleForMedicalForm([{ plan: 'Campo Estivo - Acconto', created_at: new Date('2024-11-15T17:05:00Z') }], cutoff)).toBe(
      false,
    );
  });

  it('ignores other plans and items without a date', () => {
    expect(isEligibleForMedicalForm([{ plan: 'Campo Estivo - Saldo', created_at: new Date('2025-06-01') }], cutoff)).toBe(false);
    expect(isEligibleForMedicalForm([{ plan: 'Felpa Reparto', created_at: new Date('2025-06-01') }], cutoff)).toBe(false);
    expect(isEligibleForMedicalForm([{ plan: 'Campo Estivo - Acconto', created_at: null }], cutoff)).toBe(false);
    expect(isEligibleForMedicalForm([], cutoff)).toBe(false);
  });

  it('defaults to the 2025 season folder', () => {
    expect(SEASON.medicalFormFolder).toBe('Documenti/Schede Mediche 2025');
    expect(SEASON.campYear).toBe(2025);
  });
});

describe('medical form file', () => {
  const pdf = { name: 'scheda.PDF', type: 'application/pdf', size: 1000, head: pdfHead };

  it('accepts a PDF of at most 10 MB, also when the browser reports no type', () => {
    expect(validateMedicalFormFile(pdf)).toBeNull();
    expect(validateMedicalFormFile({ ...pdf, type: '' })).toBeNull();
    expect(validateMedicalFormFile({ ...pdf, size: MAX_MEDICAL_FORM_BYTES })).toBeNull();
  });

  it('refuses other extensions, types, signatures, empty and oversized files with Italian messages', () => {
    expect(validateMedicalFormFile({ ...pdf, name: 'scheda.docx' })).toMatch(/estensione \.pdf/);
    expect(validateMedicalFormFile({ ...pdf, type: 'image/png' })).toMatch(/PDF/);
    expect(validateMedicalFormFile({ ...pdf, head: new Uint8Array(Buffer.from('PK\u0003\u0004x')) })).toMatch(/non è un PDF valido/);
    expect(validateMedicalFormFile({ ...pdf, size: 0 })).toMatch(/vuoto/);
    expect(validateMedicalFormFile({ ...pdf, size: MAX_MEDICAL_FORM_BYTES + 1 })).toMatch(/10 MB/);
  });
});

describe('blank form', () => {
  it('is a one-page PDF in public/', async () => {
    const bytes = readFileSync('public/scheda-medica.pdf');
    expect(
      validateMedicalFormFile({ name: 'scheda-medica.pdf', type: 'application/pdf', size: bytes.length, head: bytes.subarray(0, 8) }),
    ).toBeNull();
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBe(1);
    expect(pdf.getTitle()).toBe(`Scheda Medica ${SEASON.campYear}`);
  });
});
