import { expect, test } from '@playwright/test';
import { DEMO_ADMIN } from '../../emulators/seed/demo-data';
import { computeFiscalCode } from '../../emulators/seed/seed';
import { mailInbox } from '../support/mail-inbox';
import { resetToDemoData } from './emulator-db';
import { ADDED_PARENTS, choose, DESKTOP, trovaWithCode } from './helpers';
import { E2E_MAIL_WEB_URL } from './ports';

/**
 * The waiting list on the whole local stack (docs/product.md, "Waiting
 * list"): a new parent applies on /lista-attesa and reads the number and
 * position; a volunteer records 'Ammesso' and offers the place; the parent
 * accepts from the e-mail; the child is in the roster, and the parent finds
 * the family with 'Trova' on /campo-estivo and orders the Acconto by
 * Bonifico. The demo data is put back after.
 */

const LAURA = { name: 'Laura', surname: 'Galli', cf: 'GLLLRA86P43H501E', email: ADDED_PARENTS.GLLLRA86P43H501E! };
const TOMMASO_CF = computeFiscalCode({ name: 'Tommaso', surname: 'Galli', gender: 'M', birthDate: '2018-04-12' });

test.afterAll(resetToDemoData);

test("a parent applies, the group admits and offers the place, the family accepts and pays the camp's Acconto", async ({
  browser,
  page,
}) => {
  const inbox = mailInbox(E2E_MAIL_WEB_URL);
  await inbox.clear();
  await page.goto('/lista-attesa');
  const parent = page.getByRole('group', { name: 'Il genitore' });
  await parent.getByLabel('Nome', { exact: true }).fill(LAURA.name);
  await parent.getByLabel('Cognome', { exact: true }).fill(LAURA.surname);
  await parent.getByLabel('Codice fiscale', { exact: true }).fill(LAURA.cf.toLowerCase());
  await parent.getByLabel('E-mail', { exact: true }).fill(LAURA.email);
  await parent.getByLabel('Telefono', { exact: true }).fill('333 765 4321');
  await page.getByLabel('Nome del bambino o della bambina', { exact: true }).fill('Tommaso');
  await page.getByLabel('Cognome del bambino o della bambina', { exact: true }).fill('Galli');
  await page
    .getByLabel('Codice fiscale del bambino o della bambina', { exact: true })
    .fill(`${TOMMASO_CF.slice(0, 6)}-${TOMMASO_CF.slice(6)}`);
  await page.getByRole('checkbox', { name: /informativa privacy/ }).check();
  await page.getByRole('button', { name: "Iscrivi alla lista d'attesa" }).click();
  const codeMail = await inbox.waitFor(
    (mail) => mail.to.includes(LAURA.email) && mail.subject === "Conferma la domanda per la lista d'attesa",
  );
  await page.getByLabel('Codice ricevuto per e-mail').fill(/\b(\d{6})\b/.exec(codeMail.text)![1]!);
  await page.getByRole('button', { name: 'Conferma' }).click();
  const place = page.getByRole('region', { name: 'La tua domanda' });
  await expect(place).toContainText(/LA-\d{4}/);
  await expect(place).toContainText('Nati nel2018');
  const applied = await inbox.waitFor((mail) => mail.to.includes(LAURA.email) && mail.subject.startsWith("Domanda nella lista d'attesa"));
  expect(applied.text).toMatch(/Posizione: 1/);

  const volunteer = await (await browser.newContext({ viewport: DESKTOP })).newPage();
  await volunteer.goto('/admin/lista-attesa');
  await volunteer.getByLabel('Email').fill(DEMO_ADMIN.email);
  await volunteer.getByLabel('Password', { exact: true }).fill(DEMO_ADMIN.password);
  await volunteer.getByRole('button', { name: 'Accedi' }).click();
  const decision = volunteer.getByRole('form', { name: 'Decisione su Tommaso Galli' });
  await decision.getByLabel('Decisione').selectOption('Ammesso');
  await decision.getByRole('button', { name: 'Registra' }).click();
  await expect(decision).toContainText(`Ammesso (Comunità capi del`);
  await volunteer.getByRole('button', { name: 'Offri il posto' }).click();
  await expect(volunteer.getByText(/Posto offerto fino al/)).toBeVisible();
  await volunteer.context().close();

  const offer = await inbox.waitFor((mail) => mail.to.includes(LAURA.email) && mail.subject === 'Si è liberato un posto nel gruppo');
  // The link opens where a parent's mail client opens it: a new tab.
  const fromMail = await page.context().newPage();
  await fromMail.goto(new URL(/(http\S+\/lista-attesa#\S+)/.exec(offer.text)![1]!).href.replace(/^https?:\/\/[^/]+/, ''));
  await fromMail.getByRole('button', { name: 'Accetta il posto' }).click();
  await expect(fromMail.getByText(/Benvenuti nel gruppo! Il posto è in Branco/)).toBeVisible();

  await page.goto('/campo-estivo');
  await page.getByLabel('Codice Fiscale Genitore').fill(LAURA.cf);
  await choose(page, 'Quota da Pagare', 'Acconto');
  await choose(page, 'Metodo di Pagamento', 'Bonifico');
  await trovaWithCode(page, LAURA.cf);
  await page.getByRole('checkbox', { name: /Tommaso Galli/ }).check();
  await page.getByRole('button', { name: 'Visualizza Dati Bonifico' }).click();
  await expect(page.getByRole('heading', { name: 'Ordine Registrato con Successo' })).toBeVisible();
});
