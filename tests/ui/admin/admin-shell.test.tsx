import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Route, Routes } from 'react-router';
import type { Staff } from '@domain/staff/staff-roles';
import { AdminShell } from '@/features/admin/shell/AdminShell';
import { renderWithProviders } from '../support/render';

vi.mock('@/features/admin/shell/FailedMailNotice', () => ({ FailedMailNotice: () => <p>Avviso e-mail</p> }));
vi.mock('@/features/admin/shell/MailBudgetNotice', () => ({ MailBudgetNotice: () => <p>Avviso limite e-mail</p> }));

/** The admin's tabs for each role (src/domain/staff/staff-roles.ts, docs/security.md "Roles"). */
function show(staff: Staff, address: string) {
  return renderWithProviders(
    <Routes>
      <Route element={<AdminShell />}>
        <Route path="*" element={<p>Vista {address}</p>} />
      </Route>
    </Routes>,
    { initialEntries: [address], staff },
  );
}

const tabs = () =>
  within(screen.getByRole('navigation', { name: 'Area admin' }))
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('AdminShell', () => {
  it('shows the admin every tab, Utenti and Schede mediche included', () => {
    show({ role: 'admin' }, '/admin/check-pagamenti');
    expect(tabs()).toEqual([
      'Pagamenti',
      'Estratto conto',
      'Situazione iscritti',
      'Rendiconto',
      'Famiglie',
      'Schede mediche',
      'Documenti',
      'Uscite e campi',
      "Lista d'attesa",
      'Registro',
      'Impostazioni',
      'Utenti',
    ]);
  });

  it('shows the treasurer the books and the roster, no medical forms, no users', () => {
    show({ role: 'tesoriere' }, '/admin/check-pagamenti');
    expect(tabs()).toEqual(['Pagamenti', 'Estratto conto', 'Situazione iscritti', 'Rendiconto', 'Famiglie', 'Registro', 'Impostazioni']);
    expect(screen.getByText('Avviso e-mail')).toBeInTheDocument();
    expect(screen.getByText('Avviso limite e-mail')).toBeInTheDocument();
  });

  it("takes a capo from the payments' address to 'Schede mediche', the first of their tabs with 'Documenti', 'Uscite e campi' and 'Lista d’attesa', without the mail notice", async () => {
    show({ role: 'capo', branches: ['Reparto'] }, '/admin/check-pagamenti');
    expect(await screen.findByText('Vista /admin/check-pagamenti')).toBeInTheDocument();
    expect(tabs()).toEqual(['Schede mediche', 'Documenti', 'Uscite e campi', "Lista d'attesa"]);
    expect(screen.getByRole('link', { name: 'Schede mediche' })).toHaveAttribute('aria-current', 'page');
    expect(screen.queryByText('Avviso e-mail')).toBeNull();
    expect(screen.queryByText('Avviso limite e-mail')).toBeNull();
  });
});
