import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { GenericProductRoute } from '@/app/routes/GenericProductRoute';
import { seasonProductEntry } from '@domain/catalogue/season-catalogue';
import { SPEC_SEASON, setupFunctionsServer } from '../support/functions';
import { renderWithProviders } from '../support/render';

const server = setupFunctionsServer();

const outing = seasonProductEntry({ name: 'Uscita di Pasqua', branches: ['Reparto'], sizes: false, price: { euros: 15 } });

function withCatalogue(products: unknown[]) {
  server.use(
    http.get('*/.netlify/functions/season-settings', () =>
      HttpResponse.json({ ...SPEC_SEASON, catalogue: [...SPEC_SEASON.catalogue, ...products] }),
    ),
  );
}

function open(path: string) {
  return renderWithProviders(
    <Routes>
      <Route path="/pagamenti/:productId" element={<GenericProductRoute />} />
    </Routes>,
    { initialEntries: [path] },
  );
}

describe('/pagamenti/{id}', () => {
  it("shows a season product's screen: its name, the lookup with the method only", async () => {
    withCatalogue([outing]);
    open('/pagamenti/uscita-di-pasqua');
    expect(await screen.findByRole('heading', { level: 1, name: 'Uscita di Pasqua' })).toBeInTheDocument();
    expect(screen.getByLabelText('Metodo di Pagamento')).toBeInTheDocument();
    expect(screen.queryByLabelText('Quota da Pagare')).not.toBeInTheDocument();
  });

  it("past its closing day says 'Iscrizioni chiuse il …' and takes no order", async () => {
    withCatalogue([{ ...outing, closesOn: '2000-03-20' }]);
    open('/pagamenti/uscita-di-pasqua');
    expect(await screen.findByText('Iscrizioni chiuse il 20/03/2000.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Codice Fiscale Genitore')).not.toBeInTheDocument();
  });

  it('is the 404 page for a product the season does not sell', async () => {
    withCatalogue([]);
    open('/pagamenti/uscita-di-pasqua');
    expect(await screen.findByRole('heading', { name: 'Pagina non trovata' })).toBeInTheDocument();
  });

  it("is the 404 page for one of the spec's products, which have their own screens", async () => {
    open('/pagamenti/felpa');
    expect(await screen.findByRole('heading', { name: 'Pagina non trovata' })).toBeInTheDocument();
  });

  it('says what failed and offers Riprova when the catalogue cannot be read', async () => {
    server.use(
      http.get('*/.netlify/functions/season-settings', () => HttpResponse.json({ error: 'Servizio non disponibile.' }, { status: 503 })),
    );
    open('/pagamenti/uscita-di-pasqua');
    expect(await screen.findByText(/Servizio non disponibile\./)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Riprova' })).toBeInTheDocument();
  });
});
