import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { RouteErrorBoundary } from '@/app/RouteErrorBoundary';

function Broken(): never {
  throw new Error('Failed to fetch dynamically imported module');
}

const app = (
  <MemoryRouter>
    <Link to="/altra">Altra pagina</Link>
    <RouteErrorBoundary>
      <Routes>
        <Route path="/" element={<Broken />} />
        <Route path="/altra" element={<h1>Altra pagina</h1>} />
      </Routes>
    </RouteErrorBoundary>
  </MemoryRouter>
);

describe('RouteErrorBoundary', () => {
  it('shows an Italian message and a reload button when a screen throws, and draws the next address again', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    render(app);
    expect(screen.getByRole('heading', { name: 'Qualcosa è andato storto' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ricarica la pagina' })).toBeInTheDocument();
    expect(logged).toHaveBeenCalledWith('Errore della pagina:', expect.any(Error), expect.any(String));
    await act(() => userEvent.click(screen.getByRole('link', { name: 'Altra pagina' })));
    expect(screen.getByRole('heading', { name: 'Altra pagina' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    vi.restoreAllMocks();
  });
});
