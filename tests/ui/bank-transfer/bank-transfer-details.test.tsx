import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { BankTransferDetails } from '@/features/bank-transfer/BankTransferDetails';
import { specPageOf } from '@config/product-pages';
import { transferTarget } from '@/features/bank-transfer/transfer-target';
import { renderWithProviders } from '../support/render';

/** Every <dl> holds only groups of a term and its description: a status or an alert straight inside is invalid (axe's definition-list). */
function expectValidDefinitionLists(container: HTMLElement) {
  for (const list of container.querySelectorAll('dl')) {
    for (const child of list.children) {
      expect(child.tagName).toBe('DIV');
      expect([...child.children].map((element) => element.tagName)).toEqual(['DT', 'DD']);
    }
  }
}

describe('the transfer page while the account is read', () => {
  it("says 'Caricamento dei dati del conto…' as a description of the account, inside a valid list", () => {
    const { container } = renderWithProviders(
      <BankTransferDetails target={transferTarget(specPageOf('campo-acconto')!, undefined)} transfer={null} account={undefined} />,
      { initialEntries: ['/bonifico/campo-estivo'] },
    );
    expect(screen.getByRole('status')).toHaveTextContent('Caricamento dei dati del conto…');
    expectValidDefinitionLists(container);
  });

  it("says what failed with 'Riprova', inside a valid list", async () => {
    const retry = vi.fn();
    const { container, user } = renderWithProviders(
      <BankTransferDetails
        target={transferTarget(specPageOf('campo-acconto')!, undefined)}
        transfer={null}
        account={undefined}
        accountProblem={{ message: 'Dati del conto non disponibili.', retry }}
      />,
      { initialEntries: ['/bonifico/campo-estivo'] },
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Dati del conto non disponibili.');
    await user.click(within(alert).getByRole('button', { name: 'Riprova' }));
    expect(retry).toHaveBeenCalledTimes(1);
    expectValidDefinitionLists(container);
  });
});
