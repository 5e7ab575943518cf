import { GROUP } from '@config/group';
import { MENU } from '@config/menu';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, MemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Footer } from '@/components/layout/Footer';
import { Header } from '@/components/layout/Header';

/** The header on a page reached from another, so the test can go Back as the browser's button would. */
const renderHeader = () => {
  const page = (
    <>
      <Header menu={MENU} />
      <p>Contenuto della pagina</p>
    </>
  );
  const router = createMemoryRouter([{ path: '*', element: page }], { initialEntries: ['/prima', '/'], initialIndex: 1 });
  render(<RouterProvider router={router} />);
  return router;
};

const desktopNav = () => screen.getByRole('navigation', { name: 'Menu principale' });

describe('desktop navigation', () => {
  it('opens a menu with in-app links and closes it on an outside press', async () => {
    const user = userEvent.setup();
    renderHeader();
    const button = within(desktopNav()).getByRole('button', { name: 'Area Pagamento' });
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const menu = screen.getByRole('menu', { name: 'Area Pagamento' });
    expect(button).toHaveAttribute('aria-controls', menu.id);
    expect(within(menu).getByRole('menuitem', { name: 'Campo Estivo' })).toHaveAttribute('href', '/campo-estivo/');
    expect(within(menu).getByRole('menuitem', { name: 'Felpa Reparto' })).toHaveAttribute('href', '/felpa-reparto/');
    expect(within(menu).getByRole('menuitem', { name: 'Maglietta Gruppo' })).toHaveAttribute('href', '/maglietta-gruppo/');
    await user.click(screen.getByText('Contenuto della pagina'));
    await waitFor(() => expect(screen.queryByRole('menuitem', { name: 'Campo Estivo' })).not.toBeInTheDocument());
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('follows the menu-button pattern with the keyboard: Enter, arrows, Home/End, Escape back to the button', async () => {
    const user = userEvent.setup();
    renderHeader();
    const button = within(desktopNav()).getByRole('button', { name: 'Branche' });
    button.focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('menuitem', { name: 'Branco' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Reparto' })).toHaveFocus();
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Branco' })).toHaveFocus(); // wraps around
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: 'Clan' })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(screen.getByRole('menuitem', { name: 'Branco' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(screen.getByRole('menuitem', { name: 'Clan' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();

    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: 'Clan' })).toHaveFocus();
    await user.keyboard('{Escape}{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Branco' })).toHaveFocus();
    await user.keyboard('{Escape} ');
    expect(screen.getByRole('menuitem', { name: 'Branco' })).toHaveFocus();
  });

  it('closes on Tab and when an item is chosen', async () => {
    const user = userEvent.setup();
    renderHeader();
    const button = within(desktopNav()).getByRole('button', { name: 'Area Documenti' });
    button.focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('menuitem', { name: 'Scheda Medica' })).toHaveAttribute('href', '/scheda-medica/');
    await user.tab();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();

    await user.click(button);
    await user.click(screen.getByRole('menuitem', { name: 'Scheda Medica' }));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('opens outside sub-items in a new tab and Dona Ora externally', async () => {
    const user = userEvent.setup();
    renderHeader();
    await user.click(within(desktopNav()).getByRole('button', { name: 'Branche' }));
    expect(screen.getByRole('menuitem', { name: 'Reparto' })).toHaveAttribute('target', '_blank');
    const donate = screen.getAllByRole('link', { name: 'Dona Ora' })[0];
    expect(donate).toHaveAttribute('target', '_blank');
    expect(donate).toHaveAttribute('rel', expect.stringContaining('noopener'));
  });
});

describe('mobile drawer', () => {
  // The hamburger is the drawer's <summary>: Chromium exposes it as a disclosure button with its expanded state, while
  // Testing Library gives a <summary> no role, so it is found by its name. The panel of a closed <details> is in the
  // DOM but not shown (jest-dom's toBeVisible knows <details>).
  const hamburger = () => screen.getByLabelText('Apri menu');
  const drawer = () => screen.getByRole('dialog', { name: 'Menu' });

  it('opens from the hamburger with Area Documenti, the focus on Chiudi menu, and closes with Chiudi menu', async () => {
    const user = userEvent.setup();
    renderHeader();
    expect(hamburger().tagName).toBe('SUMMARY');
    expect(drawer()).not.toBeVisible();
    await user.click(hamburger());
    expect(drawer()).toBeVisible();
    await waitFor(() => expect(within(drawer()).getByRole('button', { name: 'Chiudi menu' })).toHaveFocus());
    const menu = within(drawer()).getByRole('navigation', { name: 'Menu mobile' });
    expect(within(drawer()).getByRole('link', { name: 'Dona Ora' })).toBeVisible();

    const medicalForm = within(menu).getByRole('link', { name: 'Scheda Medica' });
    expect(medicalForm).not.toBeVisible();
    await user.click(within(menu).getByText('Area Documenti'));
    expect(medicalForm).toBeVisible();
    expect(medicalForm).toHaveAttribute('href', '/scheda-medica/');
    // Expanding a sub-list leaves the focus where the parent is.
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(within(menu).getByText('Area Documenti')).toHaveFocus();

    await user.click(within(drawer()).getByRole('button', { name: 'Chiudi menu' }));
    expect(drawer()).not.toBeVisible();
    expect(hamburger()).toHaveFocus();

    // The backdrop is the hamburger's own ::before, so a press on it is a press on the hamburger (the browser tests tap it).
    await user.click(hamburger());
    expect(drawer()).toBeVisible();
    await user.click(hamburger());
    expect(drawer()).not.toBeVisible();
  });

  it('closes on Escape and when the focus leaves it, giving the focus back to the hamburger on Escape', async () => {
    const user = userEvent.setup();
    renderHeader();
    await user.click(hamburger());
    const close = within(drawer()).getByRole('button', { name: 'Chiudi menu' });
    await waitFor(() => expect(close).toHaveFocus());
    await user.keyboard('{Escape}');
    expect(drawer()).not.toBeVisible();
    expect(hamburger()).toHaveFocus();

    await user.click(hamburger());
    await waitFor(() => expect(close).toHaveFocus());
    within(drawer()).getByRole('link', { name: 'Dona Ora' }).focus();
    await user.tab();
    expect(screen.getByRole('link', { name: GROUP.name })).toHaveFocus();
    expect(drawer()).not.toBeVisible();
  });

  it('closes when a link is followed and on any navigation (Back)', async () => {
    const user = userEvent.setup();
    const router = renderHeader();
    await user.click(hamburger());
    const menu = within(drawer()).getByRole('navigation', { name: 'Menu mobile' });
    await user.click(within(menu).getByText('Area Pagamento'));
    await user.click(within(menu).getByRole('link', { name: 'Felpa Reparto' }));
    expect(drawer()).not.toBeVisible();
    expect(hamburger()).toHaveFocus();

    await user.click(hamburger());
    expect(drawer()).toBeVisible();
    await act(() => router.navigate(-1));
    expect(drawer()).not.toBeVisible();
  });

  it('makes the hamburger, Chiudi menu and every row at least 44px (min-h-11)', async () => {
    const user = userEvent.setup();
    renderHeader();
    expect(hamburger()).toHaveClass('min-h-11', 'min-w-11');
    await user.click(hamburger());
    expect(within(drawer()).getByRole('button', { name: 'Chiudi menu' })).toHaveClass('min-h-11', 'min-w-11');
    const subLists = Array.from(drawer().querySelectorAll('summary'));
    expect(subLists.map((summary) => summary.textContent)).toEqual(['Branche', 'Area Pagamento', 'Area Documenti']);
    for (const summary of subLists) await user.click(summary);
    const rows = [...within(drawer()).getAllByRole('link'), ...within(drawer()).getAllByRole('button'), ...subLists];
    expect(rows.length).toBeGreaterThan(10);
    for (const control of rows) {
      expect(control, control.textContent ?? '').toBeVisible();
      expect(control, control.textContent ?? '').toHaveClass('min-h-11');
    }
  });
});

describe('footer', () => {
  it('shows the group, its address in Manziana, the privacy notice and the current year', () => {
    render(
      <MemoryRouter>
        <Footer />
      </MemoryRouter>,
    );
    const year = String(new Date().getFullYear());
    expect(screen.getByText(new RegExp(`© ${year}`))).toBeInTheDocument();
    expect(screen.getByText(/Manziana \(RM\)/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Informativa sulla privacy' })).toHaveAttribute('href', '/privacy');
  });
});
