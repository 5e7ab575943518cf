import { MENU } from '@config/menu';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { Footer } from '@/components/layout/Footer';
import { Header } from '@/components/layout/Header';

// jsdom has <dialog> but not showModal()/close(): open and close it as a browser does (without the focus trap,
// which the browser tests cover).
beforeAll(() => {
  if ('showModal' in HTMLDialogElement.prototype) return;
  Object.assign(HTMLDialogElement.prototype, {
    showModal(this: HTMLDialogElement) {
      this.setAttribute('open', '');
    },
    close(this: HTMLDialogElement) {
      if (!this.hasAttribute('open')) return;
      this.removeAttribute('open');
      this.dispatchEvent(new Event('close'));
    },
  });
});

const renderHeader = () =>
  render(
    <MemoryRouter>
      <Header menu={MENU} />
      <p>Contenuto della pagina</p>
      <Link to="/altrove">Vai altrove</Link>
    </MemoryRouter>,
  );

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
  it('opens from the hamburger with Area Documenti, and closes with Chiudi menu and on the backdrop', async () => {
    const user = userEvent.setup();
    renderHeader();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Apri menu' }));
    const drawer = screen.getByRole('dialog', { name: 'Menu' });
    const menu = within(drawer).getByRole('navigation', { name: 'Menu mobile' });
    expect(within(drawer).getByRole('link', { name: 'Dona Ora' })).toBeInTheDocument();

    const documents = within(menu).getByRole('button', { name: 'Area Documenti' });
    expect(documents).toHaveAttribute('aria-expanded', 'false');
    expect(within(menu).queryByRole('link', { name: 'Scheda Medica' })).not.toBeInTheDocument();
    await user.click(documents);
    expect(documents).toHaveAttribute('aria-expanded', 'true');
    expect(within(menu).getByRole('link', { name: 'Scheda Medica' })).toHaveAttribute('href', '/scheda-medica/');

    await user.click(within(drawer).getByRole('button', { name: 'Chiudi menu' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Apri menu' }));
    // A press on the backdrop lands on the <dialog> itself (its content fills the panel).
    await user.click(screen.getByRole('dialog'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes when a link is followed and on any navigation', async () => {
    const user = userEvent.setup();
    renderHeader();
    await user.click(screen.getByRole('button', { name: 'Apri menu' }));
    const menu = within(screen.getByRole('dialog')).getByRole('navigation', { name: 'Menu mobile' });
    await user.click(within(menu).getByRole('button', { name: 'Area Pagamento' }));
    await user.click(within(menu).getByRole('link', { name: 'Felpa Reparto' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Apri menu' }));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    // A navigation from elsewhere (here a link behind the drawer, as Back would) closes it too.
    await user.click(screen.getByRole('link', { name: 'Vai altrove', hidden: true }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('makes the hamburger, Chiudi menu and every row at least 44px (min-h-11)', async () => {
    const user = userEvent.setup();
    renderHeader();
    const hamburger = screen.getByRole('button', { name: 'Apri menu' });
    expect(hamburger).toHaveClass('min-h-11', 'min-w-11');
    await user.click(hamburger);
    const drawer = screen.getByRole('dialog');
    expect(within(drawer).getByRole('button', { name: 'Chiudi menu' })).toHaveClass('min-h-11', 'min-w-11');
    for (const button of within(drawer).getAllByRole('button', { name: /Branche|Area/ })) await user.click(button);
    const rows = [...within(drawer).getAllByRole('link'), ...within(drawer).getAllByRole('button')];
    expect(rows.length).toBeGreaterThan(10);
    for (const control of rows) expect(control, control.textContent ?? '').toHaveClass('min-h-11');
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
