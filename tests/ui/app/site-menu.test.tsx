import { fireEvent, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SiteLayout } from '@/app/SiteLayout';
import { seasonProductEntry } from '@domain/catalogue/season-catalogue';
import { SPEC_SEASON, setupFunctionsServer } from '../support/functions';
import { renderWithProviders } from '../support/render';

const server = setupFunctionsServer();

const outing = seasonProductEntry({ name: 'Uscita di Pasqua', branches: ['Reparto'], sizes: false, price: { euros: 15 } });

describe("the site's menu", () => {
  it("reads the season's own products only when the parent reaches for it, then lists them under 'Area Pagamento'", async () => {
    let reads = 0;
    server.use(
      http.get('*/.netlify/functions/season-settings', () => {
        reads += 1;
        return HttpResponse.json({ ...SPEC_SEASON, catalogue: [...SPEC_SEASON.catalogue, outing] });
      }),
    );
    renderWithProviders(
      <Routes>
        <Route element={<SiteLayout />}>
          <Route path="/campo-estivo" element={<h1>Campo Estivo</h1>} />
        </Route>
      </Routes>,
      { initialEntries: ['/campo-estivo'] },
    );
    await screen.findByRole('heading', { name: 'Campo Estivo' });
    // Time enough for a read at start-up (the contract's module loads first): none comes.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(reads).toBe(0);

    fireEvent.pointerEnter(screen.getByRole('banner'));
    fireEvent.click(screen.getByRole('button', { name: 'Area Pagamento' }));
    expect(await screen.findByRole('menuitem', { name: 'Uscita di Pasqua' })).toHaveAttribute('href', '/pagamenti/uscita-di-pasqua');
    expect(reads).toBe(1);
  });
});
