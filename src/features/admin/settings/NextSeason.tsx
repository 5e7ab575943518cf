import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { SEASON } from '@config/season';
import { settingsErrorMessage } from './settings-error';
import { usePrepareNextSeason } from './api/season-settings';

/** Props of {@link NextSeason}. */
export interface NextSeasonProps {
  /** The season whose settings the screen shows. */
  shown: number;
  /** True once the next season's settings exist. */
  nextPrepared: boolean;
  onShow: (season: number) => void;
}

/**
 * The season switch of 'Impostazioni stagione' (docs/admin.md, "Nuova
 * stagione"): 'Nuova stagione {next}' copies the portal's settings to the
 * next season (closing days and the medical form a year later); once it
 * exists, the treasurer moves between the two. The portal keeps showing
 * families its season until the site's `season` changes (docs/deploy.md).
 */
export function NextSeason({ shown, nextPrepared, onShow }: NextSeasonProps) {
  const prepare = usePrepareNextSeason();
  const current = SEASON.campYear;
  const next = current + 1;

  if (!nextPrepared) {
    return (
      <div className="space-y-2 rounded-xl border border-gray-200 p-4">
        <h2 className="font-semibold">Nuova stagione</h2>
        <p className="text-sm text-gray-700">
          Prepara la stagione {next} partendo da queste impostazioni: prezzi, prodotti, conto, scheda medica e i documenti da firmare (le
          date passano all'anno dopo; i genitori firmeranno di nuovo). Le famiglie continuano a vedere la stagione {current} finché non la
          attivate.
        </p>
        <Button
          variant="secondary"
          loading={prepare.isPending}
          onClick={() => prepare.mutate(undefined, { onSuccess: () => onShow(next) })}
        >
          Nuova stagione {next}
        </Button>
        {prepare.isError && <Alert kind="error">{settingsErrorMessage(prepare.error)}</Alert>}
      </div>
    );
  }
  return (
    <div className="space-y-2">
      <div role="group" aria-label="Stagione" className="flex flex-wrap gap-2">
        {[current, next].map((season) => (
          <Button
            key={season}
            variant={season === shown ? 'primary' : 'secondary'}
            size="sm"
            aria-pressed={season === shown}
            onClick={() => onShow(season)}
          >
            {season === current ? `Stagione in corso ${season}` : `Prossima stagione ${season}`}
          </Button>
        ))}
      </div>
      {shown === next && (
        <Alert kind="info">
          Le famiglie vedono ancora la stagione {current}. La stagione {next} diventa quella del portale quando chi gestisce il sito cambia
          «season» in group.config.json (docs/deploy.md).
        </Alert>
      )}
    </div>
  );
}
