import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { seedCatalogue } from '@domain/catalogue/season-catalogue';
import type { FamilyLookup } from '@domain/families/family-lookup';
import { FamilyOverview } from '@/features/family-overview/FamilyOverview';
import { FamilyReceiptsSection } from '@/features/receipts/FamilyReceiptsSection';
import { renderWithProviders } from '../support/render';

const child = (id: string, name: string, branch: FamilyLookup['children'][number]['branch']) => ({
  id,
  name,
  surname: 'Rossi',
  cf: 'RSSGLI10A41H501X',
  branch,
  paid: [] as FamilyLookup['children'][number]['paid'],
  medicalForm: { eligible: false, uploaded: false } as FamilyLookup['children'][number]['medicalForm'],
});

const LOOKUP: FamilyLookup = {
  family: { id: 'family-rossi', surname: 'Rossi' },
  catalogue: [
    ...seedCatalogue(),
    {
      ...seedCatalogue()[3]!,
      id: 'uscita-di-pasqua',
      plan: 'Uscita di Pasqua',
      branches: ['Clan'],
    },
  ],
  children: [
    {
      ...child('giulia', 'Giulia', 'Clan'),
      paid: [{ plan: 'Campo Estivo - Acconto', status: 'Confermato', date: '2025-03-01T10:00:00.000Z', note: '', method: 'Online' }],
      medicalForm: { eligible: true, uploaded: true, receivedAt: '2025-05-02T08:00:00.000Z' },
    },
    {
      ...child('marco', 'Marco', 'Reparto'),
      paid: [
        { plan: 'Campo Estivo - Acconto', status: 'Da Verificare', date: '2025-03-01T10:00:00.000Z', note: '', method: 'Bonifico' },
        { plan: 'Felpa Reparto', status: 'Confermato', date: '2025-03-01T10:00:00.000Z', note: 'M', method: 'Online' },
      ],
      medicalForm: { eligible: true, uploaded: false },
    },
    child('luca', 'Luca', 'Branco'),
  ],
  receipts: [
    {
      paymentId: 'p1',
      season: 2025,
      kind: 'receipt',
      number: '2025/42',
      amountEuros: 100,
      issuedAt: '2025-03-01T10:00:00.000Z',
      annulled: false,
      remark: '',
    },
  ],
};

const render = (lookup = LOOKUP) =>
  renderWithProviders(
    <FamilyOverview lookup={lookup} today="2025-04-01" receipts={<FamilyReceiptsSection receipts={lookup.receipts} />} />,
    {
      initialEntries: ['/famiglia'],
    },
  );
const card = (name: string) => within(screen.getByRole('region', { name: new RegExp(`^${name} Rossi`) }));

describe('FamilyOverview', () => {
  it("shows each child's products: paid, to pay with a link to the product's page, the generic page of a treasurer's product", () => {
    render();
    const giulia = card('Giulia');
    expect(giulia.getByText('Campo Estivo - Acconto').closest('li')).toHaveTextContent('Pagato');
    expect(giulia.getByRole('link', { name: 'Paga Campo Estivo - Saldo per Giulia' })).toHaveAttribute('href', '/campo-estivo');
    expect(giulia.getByRole('link', { name: 'Paga Maglietta Gruppo per Giulia' })).toHaveAttribute('href', '/maglietta-gruppo');
    expect(giulia.getByRole('link', { name: 'Paga Uscita di Pasqua per Giulia' })).toHaveAttribute('href', '/pagamenti/uscita-di-pasqua');
    expect(giulia.queryByText('Felpa Reparto')).not.toBeInTheDocument();
  });

  it("shows a Bonifico awaited with its transfer page, and a paid size; no 'Paga' for what is held", () => {
    render();
    const marco = card('Marco');
    const acconto = within(marco.getByText('Campo Estivo - Acconto').closest('li')!);
    expect(acconto.getByText('In attesa del bonifico')).toBeInTheDocument();
    expect(acconto.getByRole('link', { name: /Dati del bonifico/ })).toHaveAttribute('href', '/bonifico/campo-estivo');
    expect(marco.getByText('(M)').closest('li')).toHaveTextContent('Felpa Reparto (M)Pagato');
    expect(marco.queryByRole('link', { name: /Paga Felpa/ })).not.toBeInTheDocument();
    expect(marco.queryByText('Campo Estivo - Saldo')).toBeInTheDocument();
  });

  it('shows the medical form received on its day, missing with a link to upload it, or not required', () => {
    render();
    expect(card('Giulia').getByText(/ricevuta il 02\/05\/2025/)).toBeInTheDocument();
    expect(card('Marco').getByText('mancante')).toBeInTheDocument();
    expect(card('Marco').getByRole('link', { name: 'Carica la scheda medica di Marco' })).toHaveAttribute('href', '/scheda-medica');
    expect(card('Luca').getByText(/non richiesta/)).toBeInTheDocument();
    expect(card('Luca').queryByRole('link', { name: /scheda medica/ })).not.toBeInTheDocument();
  });

  it("shows the family's receipts through the receipts' own section", async () => {
    render();
    expect(await screen.findByRole('heading', { name: 'Le tue ricevute' })).toBeInTheDocument();
    expect(screen.getByText('Ricevuta n. 2025/42')).toBeInTheDocument();
  });

  it("shows what the family still owes after a cancelled first child: 'Da saldare 25,00 €', nothing when nothing is due", () => {
    const balance = { product: 'campo-saldo', holderIds: ['giulia'], accountedEuros: 155, reduction: null, dueEuros: 25 };
    render({ ...LOOKUP, balances: [balance] });
    const dues = within(screen.getByRole('region', { name: 'Da saldare' }));
    expect(dues.getByRole('listitem')).toHaveTextContent('Campo Estivo - Saldo: da saldare 25,00 €');
  });

  it("shows no 'Da saldare' when every product is settled", () => {
    render({ ...LOOKUP, balances: [{ product: 'campo-saldo', holderIds: ['giulia'], accountedEuros: 180, reduction: null, dueEuros: 0 }] });
    expect(screen.queryByRole('region', { name: 'Da saldare' })).not.toBeInTheDocument();
  });

  it('says so when the family has no child', () => {
    render({ ...LOOKUP, children: [], receipts: [] });
    expect(screen.getByText('Nessun figlio censito per questa famiglia.')).toBeInTheDocument();
  });
});
