import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { choose, trovaWithCode } from './helpers';

// The Verdi family: campo-estivo.spec.ts pays Rossi's Acconto for Marco and
// Giulia earlier in the same run (one stack per run, specs in file order), and
// no other spec pays a Verdi camp quota.
const VERDI_CF = 'VRDPLA78S23H501P';

/** Looks the Verdi family up on /campo-estivo with `quota`, paying by Bonifico. */
async function findVerdi(page: Page, quota: 'Acconto' | 'Saldo') {
  await page.goto('/campo-estivo');
  await page.getByLabel('Codice Fiscale Genitore').fill(VERDI_CF);
  await choose(page, 'Quota da Pagare', quota);
  await choose(page, 'Metodo di Pagamento', 'Bonifico');
  await trovaWithCode(page, 'VRDPLA78S23H501P');
}

test('a parent sees the Acconto awaiting its transfer and cannot pay it twice; the Saldo stays open', async ({ page }) => {
  await findVerdi(page, 'Acconto');
  const andrea = page.getByRole('checkbox', { name: /Andrea Verdi/ });
  const chiara = page.getByRole('checkbox', { name: /Chiara Verdi/ });
  const tommaso = page.getByRole('checkbox', { name: /Tommaso Verdi/ });
  await andrea.check();
  await chiara.check();
  await expect(page.getByTestId('order-total')).toHaveText('300,00 €');
  await page.getByRole('button', { name: 'Visualizza Dati Bonifico' }).click();
  await expect(page.getByRole('heading', { name: 'Ordine Registrato con Successo' })).toBeVisible();

  // Back on the camp screen: both show their transfer and cannot be ticked again.
  await findVerdi(page, 'Acconto');
  for (const child of [andrea, chiara]) {
    await expect(child).toBeDisabled();
    await expect(child).toHaveAccessibleDescription('Bonifico in verifica');
  }
  await expect(page.getByText('Bonifico in verifica')).toHaveCount(2);
  await expect(tommaso).toBeEnabled();
  await tommaso.check();
  await expect(page.getByTestId('order-total')).toHaveText('100,00 €');

  // The Saldo is another product: Andrea can be ticked for it…
  await choose(page, 'Quota da Pagare', 'Saldo');
  await expect(page.getByText('Bonifico in verifica')).toHaveCount(0);
  await andrea.check();
  await expect(andrea).toBeChecked();
  // …and going back to the Acconto unticks him.
  await choose(page, 'Quota da Pagare', 'Acconto');
  await expect(andrea).toBeDisabled();
  await expect(andrea).not.toBeChecked();
  await expect(tommaso).toBeChecked();

  // A forged request for Andrea's Acconto is refused by the server too.
  const forged = await page.request.post('/.netlify/functions/create-order', {
    data: { cf: VERDI_CF, product: 'campo-acconto', children: [{ id: 'son-verdi-andrea' }], idempotencyKey: randomUUID() },
  });
  expect(forged.status()).toBe(409);
  expect(await forged.json()).toEqual({
    error: 'Andrea: Campo Estivo - Acconto risulta già pagato o in attesa di bonifico per questa stagione. Non serve pagarlo di nuovo.',
  });
});
