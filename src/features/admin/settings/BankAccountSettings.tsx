import { useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { TextField } from '@/components/ui/TextField';
import { bankAccountSchema, readableIban, type BankAccount } from '@domain/payments/bank-account';
import { settingsErrorMessage } from './settings-error';
import { useUpdateSeasonSettings } from './api/season-settings';

/** Props of {@link BankAccountSettings}. */
export interface BankAccountSettingsProps {
  season: number;
  /** The account saved for the season (group.config.json's until the treasurer sets one). */
  account: BankAccount;
}

/**
 * 'Conto per i bonifici' in 'Impostazioni stagione' (docs/admin.md,
 * "Impostazioni stagione"): the holder and IBAN the transfer pages, the
 * order e-mails and the reminders give the families. The IBAN is checked
 * (bankAccountSchema: ibantools) here and again by the server before it is
 * saved; orders already recorded keep the reason they were given.
 */
export function BankAccountSettings({ season, account }: BankAccountSettingsProps) {
  const update = useUpdateSeasonSettings(season);
  const [holder, setHolder] = useState(account.holder);
  const [iban, setIban] = useState(readableIban(account.iban));
  const [errors, setErrors] = useState<{ holder?: string; iban?: string }>({});

  const save = (event: FormEvent) => {
    event.preventDefault();
    const parsed = bankAccountSchema.safeParse({ holder, iban });
    if (!parsed.success) {
      const messageAt = (field: string) => parsed.error.issues.find((issue) => issue.path[0] === field)?.message;
      return setErrors({ holder: messageAt('holder'), iban: messageAt('iban') });
    }
    setErrors({});
    update.mutate(
      { bankAccount: parsed.data },
      {
        onSuccess: (answer) => {
          setHolder(answer.bankAccount.holder);
          setIban(readableIban(answer.bankAccount.iban));
        },
      },
    );
  };

  return (
    <form onSubmit={save} noValidate className="space-y-3 rounded-xl border border-gray-200 p-4" aria-labelledby="bank-account-title">
      <h2 id="bank-account-title" className="font-semibold">
        Conto per i bonifici della stagione {season}
      </h2>
      <p className="text-sm text-gray-700">
        Le famiglie lo vedono nella pagina del bonifico, nell'e-mail dell'ordine e nei promemoria. Gli ordini già registrati non cambiano.
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField label="Intestatario" value={holder} error={errors.holder} onChange={(event) => setHolder(event.target.value)} />
        <TextField
          label="IBAN"
          value={iban}
          error={errors.iban}
          autoCapitalize="characters"
          spellCheck={false}
          onChange={(event) => setIban(event.target.value)}
        />
      </div>
      <Button type="submit" loading={update.isPending}>
        Salva conto
      </Button>
      {update.isError && <Alert kind="error">{settingsErrorMessage(update.error)}</Alert>}
      {update.isSuccess && <Alert kind="success">Conto salvato: le famiglie vedono questi dati da adesso.</Alert>}
    </form>
  );
}
