import { readFileSync } from 'node:fs';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { SEASON } from '@config/season';
import {
  isEligibleForMedicalForm,
  isUploadOfChild,
  MAX_MEDICAL_FORM_BYTES,
  medicalFormFileName,
  medicalFormUploadId,
  seasonMedicalForms,
  uploadChildId,
  validateMedicalFormFile,
} from '@domain/medical-forms/medical-form';
import { defaultMedicalFormSettings, medicalFormCutoffInstant } from '@domain/medical-forms/medical-form-settings';

const pdfHead = new Uint8Array(Buffer.from('%PDF-1.7'));
const FOLDER = 'Documenti/Schede Mediche 2025';

describe('medical form file name', () => {
  it('is Scheda-Medica_{surname}-{name}.pdf, normalised', () => {
    expect(medicalFormFileName('Bianchi', 'Sara')).toBe('Scheda-Medica_Bianchi-Sara.pdf');
    expect(medicalFormFileName("D'Amico", 'Nicolò')).toBe("Scheda-Medica_D'Amico-Nicolo.pdf");
    expect(medicalFormFileName('  De  Luca ', 'Anna Maria')).toBe('Scheda-Medica_De Luca-Anna Maria.pdf');
    expect(medicalFormFileName('Rossi/..', 'Marco<script>')).toBe('Scheda-Medica_Rossi-Marcoscript.pdf');
  });

  it('falls back to Scheda-Medica.pdf when a part has no letter left', () => {
    expect(medicalFormFileName('123', 'Sara')).toBe('Scheda-Medica.pdf');
  });
});

describe('medical form public id', () => {
  it("is derived from the child's id and the upload, never from names", () => {
    expect(medicalFormUploadId('son-rossi-marco', 1732412345, '3f9a0c1b')).toBe('son-rossi-marco/1732412345-3f9a0c1b');
  });

  it('differs for two children with the same name, and for two uploads of one child', () => {
    const cousins = [
      medicalFormUploadId('son-russo-a', 1732412345, '00000000'),
      medicalFormUploadId('son-russo-b', 1732412345, '00000000'),
    ];
    expect(new Set(cousins).size).toBe(2);
    expect(medicalFormUploadId('son-russo-a', 1732412345, '00000000')).not.toBe(medicalFormUploadId('son-russo-a', 1732412345, '00000001'));
  });

  it('refuses a child id that cannot be a path segment, and a malformed suffix', () => {
    for (const id of ['', 'a/b', '..', 'son rossi', 'x'.repeat(129)]) expect(() => medicalFormUploadId(id, 1, '00000000')).toThrow();
    expect(() => medicalFormUploadId('son-a', 1, 'xyz')).toThrow();
  });

  it("recognises only the child's own uploads in the season's folder", () => {
    const own = `${FOLDER}/${medicalFormUploadId('son-a', 1732412345, 'abcdef01')}`;
    expect(isUploadOfChild(own, FOLDER, 'son-a')).toBe(true);
    expect(isUploadOfChild(own, FOLDER, 'son-b')).toBe(false);
    expect(isUploadOfChild(own, 'Documenti/Schede Mediche 2024', 'son-a')).toBe(false);
    for (const bad of [`${FOLDER}/son-a/x`, `${FOLDER}/son-a/1-abcdef01/more`, `${FOLDER}/Scheda-Medica_Rossi-Marco`, `${FOLDER}/son-a`]) {
      expect(isUploadOfChild(bad, FOLDER, 'son-a')).toBe(false);
    }
  });
});

describe("the child an upload in the season's folder belongs to", () => {
  it("is read from the public id's path, for the uploads the portal names only", () => {
    expect(uploadChildId(`${FOLDER}/son-a/1732412345-abcdef01`, FOLDER)).toBe('son-a');
    for (const other of [
      'Documenti/Schede Mediche 2024/son-a/1732412345-abcdef01',
      `${FOLDER}/Scheda-Medica_Rossi-Marco`,
      `${FOLDER}/son-a/1732412345-abcdef01/more`,
      `${FOLDER}/son a/1732412345-abcdef01`,
      `${FOLDER}/son-a/notes`,
    ]) {
      expect(uploadChildId(other, FOLDER)).toBeNull();
    }
  });
});

describe("a child's forms in a season", () => {
  const start = SEASON.startsAt;
  const form = (publicId: string, season: number, iso: string) => ({ public_id: publicId, season, received_at: new Date(iso) });

  it("lists the season's forms, oldest first, and leaves other seasons out", () => {
    const child = {
      medical_doc: 'https://res.cloudinary.com/demo/image/authenticated/v3/c.pdf',
      updated_at: new Date('2025-06-01'),
      medical_forms: [form('c', 2025, '2025-06-01'), form('a', 2024, '2024-05-01'), form('b', 2025, '2025-04-01')],
    };
    expect(seasonMedicalForms(child, 2025, start).map((entry) => entry.publicId)).toEqual(['b', 'c']);
  });

  it('reads a child recorded before the history: one form at updated_at, when in the season', () => {
    const legacy = { medical_doc: 'https://res.cloudinary.com/x.pdf', medical_forms: [], updated_at: new Date('2025-03-01') };
    expect(seasonMedicalForms(legacy, 2025, start)).toEqual([{ publicId: null, receivedAt: new Date('2025-03-01') }]);
    expect(seasonMedicalForms({ ...legacy, updated_at: new Date('2024-12-01') }, 2025, start)).toEqual([]);
    expect(seasonMedicalForms({ ...legacy, medical_doc: '' }, 2025, start)).toEqual([]);
  });
});

describe('eligibility', () => {
  const cutoff = medicalFormCutoffInstant(defaultMedicalFormSettings(SEASON.campYear));

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
    expect(defaultMedicalFormSettings(SEASON.campYear).folder).toBe('Documenti/Schede Mediche 2025');
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
