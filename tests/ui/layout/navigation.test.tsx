import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Footer } from '@/components/layout/Footer';
import { Header } from '@/components/layout/Header';

const renderHeader = () =>
  render(
    <MemoryRouter>
      <Header />
      <p>Contenuto della pagina</p>
    </MemoryRouter>,
  );

describe('desktop navigation', () => {
  it('opens a dropdown with in-app links and closes it on an outside press', async () => {
    const user = userEvent.setup();
    renderHeader();
    const nav = screen.getByRole('navigation', { name: 'Menu principale' });
    await user.click(within(nav).getByRole('button', { name: 'Area Pagamento' }));
    expect(screen.getByRole('link', { name: 'Campo Estivo' })).toHaveAttribute('href', '/campo-estivo/');
    expect(screen.getByRole('link', { name: 'Felpa Reparto' })).toHaveAttribute('href', '/felpa-reparto/');
    expect(screen.getByRole('link', { name: 'Maglietta Gruppo' })).toHaveAttribute('href', '/maglietta-gruppo/');
    await user.click(screen.getByText('Contenuto della pagina'));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Campo Estivo' })).not.toBeInTheDocument());
  });

  it('is keyboard accessible and closes on Escape', async () => {
    const user = userEvent.setup();
    renderHeader();
    const button = within(screen.getByRole('navigation', { name: 'Menu principale' })).getByRole('button', { name: 'Area Documenti' });
    button.focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('link', { name: 'Scheda Medica' })).toHaveAttribute('href', '/scheda-medica/');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Scheda Medica' })).not.toBeInTheDocument());
  });

  it('opens outside sub-items in a new tab and Dona Ora externally', async () => {
    const user = userEvent.setup();
    renderHeader();
    await user.click(within(screen.getByRole('navigation', { name: 'Menu principale' })).getByRole('button', { name: 'Branche' }));
    expect(screen.getByRole('link', { name: 'Reparto' })).toHaveAttribute('target', '_blank');
    const donate = screen.getAllByRole('link', { name: 'Dona Ora' })[0];
    expect(donate).toHaveAttribute('target', '_blank');
    expect(donate).toHaveAttribute('rel', expect.stringContaining('noopener'));
  });
});

describe('mobile drawer', () => {
  it('opens from the hamburger without Area Documenti and closes on an outside click', async () => {
    const user = userEvent.setup();
    renderHeader();
    await user.click(screen.getByRole('button', { name: 'Apri menu' }));
    const drawer = await screen.findByRole('dialog');
    const menu = within(drawer).getByRole('navigation', { name: 'Menu mobile' });
    expect(within(menu).getByRole('button', { name: 'Area Pagamento' })).toBeInTheDocument();
    expect(within(menu).queryByRole('button', { name: 'Area Documenti' })).not.toBeInTheDocument();
    expect(within(drawer).getByRole('link', { name: 'Dona Ora' })).toBeInTheDocument();

    await user.click(within(menu).getByRole('button', { name: 'Area Pagamento' }));
    expect(within(menu).getByRole('link', { name: 'Felpa Reparto' })).toHaveAttribute('href', '/felpa-reparto/');

    // The backdrop covers the page outside the panel.
    await user.click(document.querySelector('[aria-hidden="true"].fixed.inset-0') as HTMLElement);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

describe('footer', () => {
  it('shows the group, its address in Manziana and the current year', () => {
    render(<Footer />);
    const year = String(new Date().getFullYear());
    expect(screen.getByText(new RegExp(`© ${year}`))).toBeInTheDocument();
    expect(screen.getByText(/Manziana \(RM\)/)).toBeInTheDocument();
  });
});
