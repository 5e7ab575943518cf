import { expect, type Page } from '@playwright/test';
import { DEMO_ADMIN } from '../../emulators/seed/demo-data';

/** Desktop viewport for the admin, who works on a computer. */
export const DESKTOP = { width: 1366, height: 900 };

/** Picks `option` (its label or value) in the native select labelled `label`. */
export async function choose(page: Page, label: string, option: string): Promise<void> {
  await page.getByLabel(label, { exact: true }).selectOption(option);
}

/** Signs in as the demo admin on /admin and waits for the order list. */
export async function signInAsAdmin(page: Page): Promise<void> {
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/check-pagamenti$/);
  await expect(page.getByRole('heading', { name: 'Accesso Admin' })).toBeVisible();
  await page.getByLabel('Email').fill(DEMO_ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_ADMIN.password);
  await page.getByRole('button', { name: 'Accedi' }).click();
  await expect(page.getByRole('heading', { name: 'Controllo Pagamenti' })).toBeVisible();
}

/** Today's date as the admin list shows it (dd/mm/yyyy, Rome time). */
export function todayInRome(): string {
  return new Intl.DateTimeFormat('it-IT', { timeZone: 'Europe/Rome', day: '2-digit', month: '2-digit', year: 'numeric' }).format(
    new Date(),
  );
}
