import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { RouteErrorBoundary } from '@/app/RouteErrorBoundary';

function Broken(): never {
  throw new Error('Failed to fetch dynamically imported module');
}

describe('RouteErrorBoundary', () => {
  it('shows an Italian message and a reload button when a screen throws', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const router = createMemoryRouter([{ path: '/', element: <Broken />, errorElement: <RouteErrorBoundary /> }]);
    render(<RouterProvider router={router} />);
    expect(screen.getByRole('heading', { name: 'Qualcosa è andato storto' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ricarica la pagina' })).toBeInTheDocument();
    expect(screen.queryByText(/Unexpected Application Error/)).not.toBeInTheDocument();
    vi.restoreAllMocks();
  });
});
