import { useState } from 'react';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { italianDate } from '@domain/italian-time';
import { settingsErrorMessage } from './settings-error';
import { SEASON } from '@config/season';
import { useSeasonSettings } from '@/features/admin/shell/api/season-settings';
import { useUpdateSeasonSettings } from './api/season-settings';
import { MedicalFormSeasonSettings } from './MedicalFormSeasonSettings';
import { NextSeason } from './NextSeason';
import { PaymentDeadlinesSettings } from './PaymentDeadlinesSettings';
import { BankAccountSettings } from './BankAccountSettings';
import { PriceSettings } from './PriceSettings';
import { SeasonProducts } from './SeasonProducts';
import { InstalmentSettings } from './InstalmentSettings';

/**
 * 'Impostazioni stagione' (docs/admin.md, "Impostazioni stagione"): the
 * portal's season or the next one ({@link NextSeason}: 'Nuova stagione');
 * the season's card fee ('Commissioni Servizio' on card payments), on or
 * off, with the legal note beside it; the products' prices
 * ({@link PriceSettings}); the season's own products ({@link SeasonProducts});
 * the products paid in rate ({@link InstalmentSettings});
 * the account for the Bonifico ({@link BankAccountSettings}); the payment
 * deadlines ({@link PaymentDeadlinesSettings}); the medical
 * form ({@link MedicalFormSeasonSettings}); who changed them last. A change
 * applies to orders started afterwards; orders already recorded keep their amounts.
 */
export function SeasonSettings() {
  const [shown, setShown] = useState(SEASON.campYear);
  const settings = useSeasonSettings(shown);
  const update = useUpdateSeasonSettings(shown);

  if (settings.isPending) return <p className="text-gray-600">Caricamento delle impostazioni…</p>;
  if (settings.isError) {
    return (
      <Alert kind="error">
        {settingsErrorMessage(settings.error)}{' '}
        <Button variant="secondary" size="sm" onClick={() => void settings.refetch()}>
          Riprova
        </Button>
      </Alert>
    );
  }
  const { season, cardFee, prices, products, bankAccount, medicalForm, deadlines, instalments, nextPrepared, updatedBy, updatedAt } =
    settings.data;
  return (
    <section aria-labelledby="settings-title" className="max-w-3xl space-y-4">
      <h1 id="settings-title" className="text-2xl font-bold text-brand-800">
        Impostazioni stagione {season}
      </h1>
      <NextSeason shown={season} nextPrepared={nextPrepared} onShow={setShown} />
      <div className="space-y-3 rounded-xl border border-gray-200 p-4">
        <h2 className="font-semibold">Commissioni Servizio sui pagamenti con carta</h2>
        <p className="text-sm text-gray-700">
          {cardFee
            ? 'Attive: chi paga con carta paga anche le commissioni del servizio di pagamento.'
            : 'Disattivate: chi paga con carta paga solo il totale dei prodotti; le commissioni restano a carico del gruppo.'}
        </p>
        <Alert kind="warning" title="Prima di attivarle">
          La legge vieta a chi riceve un pagamento di chiedere un sovrapprezzo per l’uso della carta (D.Lgs. 11/2010, art. 3, comma 4, che
          recepisce la direttiva europea PSD2). Verificate con il vostro consulente se il gruppo può applicarle; in alternativa,
          disattivatele.
        </Alert>
        <Button variant={cardFee ? 'secondary' : 'primary'} loading={update.isPending} onClick={() => update.mutate({ cardFee: !cardFee })}>
          {cardFee ? 'Disattiva le commissioni' : 'Attiva le commissioni'}
        </Button>
        {update.isError && <Alert kind="error">{settingsErrorMessage(update.error)}</Alert>}
        {update.isSuccess && <Alert kind="success">Impostazione salvata: vale per i pagamenti con carta da adesso.</Alert>}
      </div>
      <PriceSettings key={`prices-${season}`} season={season} prices={prices} />
      <SeasonProducts key={`products-${season}`} season={season} products={products} />
      <InstalmentSettings key={`instalments-${season}`} season={season} prices={prices} products={products} instalments={instalments} />
      <BankAccountSettings key={`account-${season}`} season={season} account={bankAccount} />
      <PaymentDeadlinesSettings key={`deadlines-${season}`} season={season} deadlines={deadlines} />
      <MedicalFormSeasonSettings key={`medical-form-${season}`} season={season} settings={medicalForm} />
      {updatedBy && updatedAt && (
        <p className="text-sm text-gray-600">
          Ultima modifica di {updatedBy} il {italianDate(new Date(updatedAt))}.
        </p>
      )}
    </section>
  );
}
