import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { LookupChild } from '@domain/families/family-lookup';
import type { PaidEntry } from '@domain/families/held-products';
import { CampChildrenPicker } from '@/features/campo-estivo/CampChildrenPicker';
import { MerchChildrenPicker } from '@/features/merchandise/MerchChildrenPicker';
import { priceOrder } from '@domain/catalogue/pricing';
import { findProduct, type CatalogueProduct } from '@domain/catalogue/product';
import { seedCatalogue } from '@domain/catalogue/season-catalogue';
import { holdersCount } from '@domain/families/held-products';
import { renderWithProviders } from '../support/render';

const DATE = '2025-03-10T09:30:00.000Z';
const ALL_HELD = 'Per tutti i figli risulta già pagato o in verifica.';

const child = (id: string, name: string, branch: LookupChild['branch'], paid: PaidEntry[] = []): LookupChild => ({
  id,
  name,
  surname: 'Rossi',
  cf: `RSS${name.toUpperCase().slice(0, 3)}12E03H501X`,
  branch,
  paid,
  medicalForm: { eligible: false, uploaded: false },
});
const entry = (plan: PaidEntry['plan'], status: PaidEntry['status'], note = ''): PaidEntry => ({ plan, status, date: DATE, note });

/** Marco's Acconto awaits its transfer, Giulia's is paid, Luca has nothing. */
const ROSSI = [
  child('marco', 'Marco', 'Reparto', [entry('Campo Estivo - Acconto', 'Da Verificare')]),
  child('giulia', 'Giulia', 'Clan', [entry('Campo Estivo - Acconto', 'Confermato')]),
  child('luca', 'Luca', 'Branco'),
];

/** A seeded product's entry. */
const product = (id: string): CatalogueProduct => findProduct(seedCatalogue(), id)!;
const quotaProduct = (quota: 'Acconto' | 'Saldo') => product(quota === 'Acconto' ? 'campo-acconto' : 'campo-saldo');

function renderCamp(familyChildren: LookupChild[], quota: 'Acconto' | 'Saldo') {
  const onToggle = vi.fn();
  const view = renderWithProviders(
    <CampChildrenPicker familyChildren={familyChildren} product={quotaProduct(quota)} lines={[]} onToggle={onToggle} />,
  );
  return { ...view, onToggle };
}

describe('CampChildrenPicker: what each child already holds', () => {
  it("prices the next child's Saldo as a second child when a sibling paid the first in an earlier order", () => {
    const family = [child('giulia', 'Giulia', 'Clan', [entry('Campo Estivo - Saldo', 'Confermato')]), child('luca', 'Luca', 'Branco')];
    const luca = family.slice(1);
    const saldo = product('campo-saldo');
    const lines = priceOrder(saldo, luca, holdersCount(family, saldo));
    renderWithProviders(<CampChildrenPicker familyChildren={family} product={saldo} lines={lines} onToggle={vi.fn()} />);
    expect(lines[0]?.priceNote).toBe('2° figlio');
    expect(screen.getByText('155,00 €')).toBeInTheDocument();
    expect(screen.queryByText('180,00 €')).not.toBeInTheDocument();
  });

  it('shows the held Acconto as a badge and the reason to screen readers; a held child cannot be ticked', async () => {
    const { user, onToggle } = renderCamp(ROSSI, 'Acconto');
    const marco = screen.getByRole('checkbox', { name: /Marco Rossi/ });
    const giulia = screen.getByRole('checkbox', { name: /Giulia Rossi/ });
    expect(marco).toBeDisabled();
    expect(marco).toHaveAccessibleDescription('Bonifico in verifica');
    expect(giulia).toBeDisabled();
    expect(giulia).toHaveAccessibleDescription('Acconto già versato');

    await user.click(marco);
    await user.click(screen.getByText('Acconto già versato'));
    expect(onToggle).not.toHaveBeenCalled();
    expect(marco).not.toBeChecked();

    const luca = screen.getByRole('checkbox', { name: /Luca Rossi/ });
    expect(luca).toBeEnabled();
    expect(luca).not.toHaveAccessibleDescription();
    await user.click(luca);
    expect(onToggle).toHaveBeenCalledWith('luca');
    expect(screen.queryByText(ALL_HELD)).not.toBeInTheDocument();
  });

  it('on the Saldo the Acconto does not count: every child can be ticked', async () => {
    const { user, onToggle } = renderCamp(ROSSI, 'Saldo');
    expect(screen.getAllByRole('checkbox').filter((box) => (box as HTMLInputElement).disabled)).toHaveLength(0);
    expect(screen.queryByText('Bonifico in verifica')).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: /Marco Rossi/ }));
    expect(onToggle).toHaveBeenCalledWith('marco');
  });

  it('says so in Italian when every child already holds the quota', () => {
    renderCamp(ROSSI.slice(0, 2), 'Acconto');
    expect(screen.getByRole('status')).toHaveTextContent(ALL_HELD);
    expect(screen.getAllByRole('checkbox').every((box) => (box as HTMLInputElement).disabled)).toBe(true);
  });
});

describe('MerchChildrenPicker: what each child already holds', () => {
  function renderMerch(familyChildren: LookupChild[], productId: 'felpa' | 'maglietta') {
    const onToggle = vi.fn();
    const view = renderWithProviders(
      <MerchChildrenPicker
        familyChildren={familyChildren}
        product={product(productId)}
        lines={[]}
        sizes={{}}
        onToggle={onToggle}
        onSizeChange={vi.fn()}
        showMissingSizes={false}
      />,
    );
    return { ...view, onToggle };
  }

  const VERDI = [
    child('andrea', 'Andrea', 'Clan', [entry('Maglietta Gruppo', 'Confermato', 'M')]),
    child('chiara', 'Chiara', 'Clan', [entry('Maglietta Gruppo', 'Da Verificare', 'S')]),
    child('matteo', 'Matteo', 'Reparto', [entry('Felpa Reparto', 'Confermato', 'L')]),
  ];

  it('shows the size of a T-shirt already ordered and keeps that child from being ticked', async () => {
    const { user, onToggle } = renderMerch(VERDI, 'maglietta');
    const andrea = screen.getByRole('checkbox', { name: /Andrea Rossi/ });
    expect(andrea).toBeDisabled();
    expect(andrea).toHaveAccessibleDescription('Maglietta già ordinata (M)');
    expect(screen.getByRole('checkbox', { name: /Chiara Rossi/ })).toHaveAccessibleDescription('Bonifico in verifica');
    await user.click(andrea);
    expect(onToggle).not.toHaveBeenCalled();

    // Matteo's sweatshirt does not hold the T-shirt.
    await user.click(screen.getByRole('checkbox', { name: /Matteo Rossi/ }));
    expect(onToggle).toHaveBeenCalledWith('matteo');
    expect(screen.queryByText(ALL_HELD)).not.toBeInTheDocument();
  });

  it('says so when every listed child already has the sweatshirt', () => {
    renderMerch(VERDI.slice(2), 'felpa');
    expect(screen.getByRole('checkbox', { name: /Matteo Rossi/ })).toHaveAccessibleDescription('Felpa già ordinata (L)');
    expect(screen.getByText(ALL_HELD)).toBeInTheDocument();
  });
});
