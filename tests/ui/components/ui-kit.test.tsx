import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { CopyButton } from '@/components/ui/CopyButton';
import { PasswordInput } from '@/components/ui/PasswordInput';
import { Select } from '@/components/ui/Select';

describe('Button', () => {
  it('cannot be clicked when disabled or loading', async () => {
    const user = userEvent.setup();
    const onClick = vi.fn();
    const { rerender } = render(
      <Button onClick={onClick} disabled>
        Paga
      </Button>,
    );
    await user.click(screen.getByRole('button', { name: 'Paga' }));
    rerender(
      <Button onClick={onClick} loading>
        Paga
      </Button>,
    );
    expect(screen.getByRole('button', { name: /Paga/ })).toBeDisabled();
    expect(screen.getByRole('status', { name: 'Caricamento' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Paga/ }));
    expect(onClick).not.toHaveBeenCalled();
  });
});

describe('Alert', () => {
  it('announces errors as alerts and other kinds as status', () => {
    render(
      <>
        <Alert kind="error">Errore grave</Alert>
        <Alert kind="success">Tutto bene</Alert>
      </>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Errore grave');
    expect(screen.getByRole('status')).toHaveTextContent('Tutto bene');
  });
});

describe('PasswordInput', () => {
  it('shows and hides the password', async () => {
    const user = userEvent.setup();
    render(<PasswordInput label="Password" />);
    const input = screen.getByLabelText('Password');
    expect(input).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Mostra password' }));
    expect(input).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Nascondi password' }));
    expect(input).toHaveAttribute('type', 'password');
  });
});

describe('Select', () => {
  function Controlled() {
    const [value, setValue] = useState('');
    return (
      <Select
        label="Metodo di Pagamento"
        placeholder="Seleziona il metodo"
        options={[
          { value: 'Online', label: 'Online' },
          { value: 'Bonifico', label: 'Bonifico' },
        ]}
        value={value}
        onChange={setValue}
        error={value ? undefined : "Seleziona un'opzione"}
      />
    );
  }

  it('is a native select: placeholder first and not selectable, options picked, error tied to it until chosen', async () => {
    const user = userEvent.setup();
    render(<Controlled />);
    const select = screen.getByRole('combobox', { name: 'Metodo di Pagamento' });
    expect(select).toHaveValue('');
    expect(screen.getByRole('option', { name: 'Seleziona il metodo' })).toBeDisabled();
    expect(select).toHaveAttribute('aria-invalid', 'true');
    expect(select).toHaveAccessibleDescription("Seleziona un'opzione");

    await user.selectOptions(select, 'Bonifico');
    expect(select).toHaveValue('Bonifico');
    expect(screen.queryByText("Seleziona un'opzione")).not.toBeInTheDocument();
    expect(select).not.toHaveAttribute('aria-invalid');
    expect(select).not.toHaveAccessibleDescription();

    await user.selectOptions(select, 'Online');
    expect(select).toHaveValue('Online');
  });

  it('shows no placeholder when an option means "none" (the admin filters\' Tutti)', () => {
    render(
      <Select
        label="Stato"
        options={[
          { value: '', label: 'Tutti' },
          { value: 'Confermato', label: 'Confermato' },
        ]}
        value=""
        onChange={() => {}}
      />,
    );
    expect(screen.getByRole('combobox', { name: 'Stato' })).toHaveDisplayValue('Tutti');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Tutti', 'Confermato']);
  });
});

describe('CopyButton', () => {
  it('copies its text and says so', async () => {
    const user = userEvent.setup();
    render(<CopyButton text="IT60X0542811101000000123456" what="IBAN" />);
    await user.click(screen.getByRole('button', { name: 'Copia IBAN' }));
    expect(await navigator.clipboard.readText()).toBe('IT60X0542811101000000123456');
    expect(screen.getByRole('button', { name: 'Copia IBAN' })).toHaveTextContent('Copiato!');
  });
});
