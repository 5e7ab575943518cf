import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { storedFilePath } from '../../emulators/media/storage';
import { clearMedicalDoc, readChild } from './emulator-db';
import { trovaWithCode } from './helpers';

const OFFSET = Number(process.env.E2E_PORT_OFFSET ?? 0);
const MEDIA = `http://127.0.0.1:${9380 + OFFSET}`;
/** The media emulator's storage of this run (playwright.config.ts: DATA_DIR, then emulators/dev.ts: {DATA_DIR}/media). */
const MEDIA_DATA = path.resolve(OFFSET ? `.data/e2e-${OFFSET}` : '.data/e2e', 'media');
const BLANK_FORM = 'public/scheda-medica.pdf';

test.beforeEach(async () => {
  await clearMedicalDoc('son-bianchi-sara');
});

test('the Bianchi parent uploads Sara’s medical form, stored as an authenticated file with the same bytes', async ({ page }) => {
  const startedAt = Date.now();
  await page.goto('/scheda-medica');
  await expect(page.getByRole('link', { name: 'scheda medica da compilare' })).toHaveAttribute('href', '/scheda-medica.pdf');
  await page.getByLabel('Codice Fiscale Genitore').fill('BNCNNA84L45B114C');
  await trovaWithCode(page, 'BNCNNA84L45B114C');

  await expect(page.getByText('Sara Bianchi')).toBeVisible();
  const upload = page.getByRole('button', { name: 'Carica Scheda Medica' });
  await expect(upload).toBeDisabled();
  await expect(page.getByText('Carica Scheda Medica', { exact: true }).first()).toBeVisible();

  await page.getByLabel('Scheda medica di Sara').setInputFiles(BLANK_FORM);
  await expect(page.getByText('scheda-medica.pdf')).toBeVisible();
  // The upload waits for 'Ho letto l'informativa', whose link opens /privacy.
  await expect(upload).toBeDisabled();
  await page.getByRole('checkbox', { name: /Ho letto l’informativa/ }).check();
  await expect(upload).toBeEnabled();

  // Hold the upload's answer a moment so the progress bar can be seen.
  await page.route('**/v1_1/demo/image/upload', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 700));
    await route.continue();
  });
  await upload.click();
  await expect(page.getByRole('progressbar', { name: 'Caricamento di Sara' })).toBeVisible();
  await expect(page.getByText('Upload completato con successo!')).toBeVisible();
  await expect(page.getByRole('button', { name: /Carica Scheda/ })).toHaveCount(0);

  // record-medical-form wrote the authenticated delivery URL of a file named after Sara's id and this upload, and the server time.
  const sara = await readChild('son-bianchi-sara');
  const stored =
    /^https:\/\/res\.cloudinary\.com\/demo\/image\/authenticated\/v\d+\/(Documenti\/Schede%20Mediche%202025\/son-bianchi-sara\/\d+-[0-9a-f]{8})\.pdf$/.exec(
      sara.medical_doc?.stringValue ?? '',
    );
  expect(stored, sara.medical_doc?.stringValue).not.toBeNull();
  expect(Date.parse(sara.updated_at?.timestampValue ?? '')).toBeGreaterThanOrEqual(startedAt - 5000);

  // The emulator keeps the same bytes, and its public URL does not serve them.
  const publicId = decodeURIComponent(stored?.[1] ?? '');
  const file = storedFilePath(MEDIA_DATA, { cloudName: 'demo', resourceType: 'image', type: 'authenticated', publicId, format: 'pdf' });
  expect(readFileSync(file).equals(readFileSync(BLANK_FORM))).toBe(true);
  const asPublic = await fetch(`${MEDIA}/demo/image/upload/${stored?.[1] ?? ''}.pdf`);
  expect(asPublic.status).toBe(404);
});

test('the Esposito parent is told that no child is eligible', async ({ page }) => {
  await page.goto('/scheda-medica');
  await page.getByLabel('Codice Fiscale Genitore').fill('SPSLGU75A14H501I');
  await trovaWithCode(page, 'SPSLGU75A14H501I');
  await expect(page.getByText(/Nessuno dei tuoi figli risulta iscritto al campo estivo 2025/)).toBeVisible();
  await expect(page.getByRole('button', { name: /Carica Scheda/ })).toHaveCount(0);
});

test('a file that is not a PDF is refused with its message', async ({ page }) => {
  await page.goto('/scheda-medica');
  await page.getByLabel('Codice Fiscale Genitore').fill('BNCNNA84L45B114C');
  await trovaWithCode(page, 'BNCNNA84L45B114C');
  const picker = page.getByLabel('Scheda medica di Sara');
  await picker.setInputFiles({ name: 'foto.png', mimeType: 'image/png', buffer: Buffer.from('\u0089PNG\r\n') });
  await expect(page.getByText('Il file deve essere un PDF (estensione .pdf).')).toBeVisible();
  await picker.setInputFiles({ name: 'finto.pdf', mimeType: 'application/pdf', buffer: Buffer.from('non sono un pdf') });
  await expect(page.getByText('Il file non è un PDF valido.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Carica Scheda Medica' })).toBeDisabled();
});
