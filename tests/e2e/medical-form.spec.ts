import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';

const FIRESTORE = 'http://127.0.0.1:8180/v1/projects/demo-scout-portal/databases/(default)/documents';
const BLANK_FORM = 'public/scheda-medica.pdf';

/** Reads a child's document as the emulator's owner (bypassing the security rules, as Google documents). */
async function readSon(id: string): Promise<Record<string, { stringValue?: string }>> {
  const response = await fetch(`${FIRESTORE}:batchGet`, {
    method: 'POST',
    headers: { authorization: 'Bearer owner', 'content-type': 'application/json' },
    body: JSON.stringify({ documents: [`projects/demo-scout-portal/databases/(default)/documents/sons/${id}`] }),
  });
  const [result] = (await response.json()) as Array<{ found: { fields: Record<string, { stringValue?: string }> } }>;
  return result!.found.fields;
}

test('the Bianchi parent uploads Sara’s medical form and the stored file is the same bytes', async ({ page }) => {
  await page.goto('/scheda-medica');
  await expect(page.getByRole('link', { name: 'scheda medica da compilare' })).toHaveAttribute('href', '/scheda-medica.pdf');
  await page.getByLabel('Codice Fiscale Genitore').fill('BNCNNA84L45B114C');
  await page.getByRole('button', { name: 'Trova' }).click();

  await expect(page.getByText('Sara Bianchi')).toBeVisible();
  const upload = page.getByRole('button', { name: 'Carica Scheda Medica' });
  await expect(upload).toBeDisabled();
  await expect(page.getByText('Carica Scheda Medica', { exact: true }).first()).toBeVisible();

  await page.getByLabel('Scheda medica di Sara').setInputFiles(BLANK_FORM);
  await expect(page.getByText('scheda-medica.pdf')).toBeVisible();
  await expect(upload).toBeEnabled();

  // Hold the upload's answer a moment so the progress bar can be seen.
  await page.route('**/v1_1/demo/auto/upload', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 700));
    await route.continue();
  });
  await upload.click();
  await expect(page.getByRole('progressbar', { name: 'Caricamento di Sara' })).toBeVisible();
  await expect(page.getByText('Upload completato con successo!')).toBeVisible();
  await expect(page.getByRole('button', { name: /Carica Scheda/ })).toHaveCount(0);

  const sara = await readSon('son-bianchi-sara');
  const url = sara.medical_doc?.stringValue ?? '';
  expect(url).toContain('/Documenti/Schede%20Mediche%202025/Scheda-Medica_Bianchi-Sara.pdf');
  const stored = Buffer.from(await (await fetch(url)).arrayBuffer());
  expect(stored.equals(readFileSync(BLANK_FORM))).toBe(true);
});

test('the Esposito parent is told that no child is eligible', async ({ page }) => {
  await page.goto('/scheda-medica');
  await page.getByLabel('Codice Fiscale Genitore').fill('SPSLGU75A14H501I');
  await page.getByRole('button', { name: 'Trova' }).click();
  await expect(page.getByText(/Nessuno dei tuoi figli risulta iscritto al campo estivo 2025/)).toBeVisible();
  await expect(page.getByRole('button', { name: /Carica Scheda/ })).toHaveCount(0);
});

test('a file that is not a PDF is refused with its message', async ({ page }) => {
  await page.goto('/scheda-medica');
  await page.getByLabel('Codice Fiscale Genitore').fill('BNCNNA84L45B114C');
  await page.getByRole('button', { name: 'Trova' }).click();
  const picker = page.getByLabel('Scheda medica di Sara');
  await picker.setInputFiles({ name: 'foto.png', mimeType: 'image/png', buffer: Buffer.from('\u0089PNG\r\n') });
  await expect(page.getByText('Il file deve essere un PDF (estensione .pdf).')).toBeVisible();
  await picker.setInputFiles({ name: 'finto.pdf', mimeType: 'application/pdf', buffer: Buffer.from('non sono un pdf') });
  await expect(page.getByText('Il file non è un PDF valido.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Carica Scheda Medica' })).toBeDisabled();
});
