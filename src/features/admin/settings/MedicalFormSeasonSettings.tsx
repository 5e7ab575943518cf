import { useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { TextField } from '@/components/ui/TextField';
import { italianDayText } from '@domain/italian-time';
import type { MedicalFormSettings } from '@domain/medical-forms/medical-form-settings';
import { medicalFormSettingsSchema } from '@domain/medical-forms/medical-form-settings-schema';
import { settingsErrorMessage } from './settings-error';
import { useUpdateSeasonSettings } from './api/season-settings';

/** Props of {@link MedicalFormSeasonSettings}. */
export interface MedicalFormSeasonSettingsProps {
  season: number;
  settings: MedicalFormSettings;
}

/**
 * 'Scheda medica' in 'Impostazioni stagione' (docs/admin.md, "Impostazioni
 * stagione"): the first day a 'Campo Estivo - Acconto' order makes a
 * child's form due, and the Cloudinary folder the season's forms go to.
 * Checked here and again by the server (medicalFormSettingsSchema); forms
 * already uploaded stay where they are.
 */
export function MedicalFormSeasonSettings({ season, settings }: MedicalFormSeasonSettingsProps) {
  const update = useUpdateSeasonSettings(season);
  const [cutoff, setCutoff] = useState(settings.cutoff);
  const [folder, setFolder] = useState(settings.folder);
  const [errors, setErrors] = useState<{ cutoff?: string; folder?: string }>({});

  const save = (event: FormEvent) => {
    event.preventDefault();
    const parsed = medicalFormSettingsSchema.safeParse({ cutoff, folder });
    if (!parsed.success) {
      const messageAt = (field: string) => parsed.error.issues.find((issue) => issue.path[0] === field)?.message;
      return setErrors({ cutoff: messageAt('cutoff'), folder: messageAt('folder') });
    }
    setErrors({});
    update.mutate({ medicalForm: parsed.data });
  };

  return (
    <form onSubmit={save} noValidate className="space-y-3 rounded-xl border border-gray-200 p-4" aria-labelledby="medical-form-title">
      <h2 id="medical-form-title" className="font-semibold">
        Scheda medica della stagione {season}
      </h2>
      <p className="text-sm text-gray-700">
        La scheda è richiesta per i figli con un ordine «Campo Estivo - Acconto» fatto dal {italianDayText(settings.cutoff)} in poi. Le
        schede già caricate restano dove sono.
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label="Richiesta per gli acconti dal"
          type="date"
          value={cutoff}
          error={errors.cutoff}
          onChange={(event) => setCutoff(event.target.value)}
        />
        <TextField
          label="Cartella su Cloudinary"
          value={folder}
          error={errors.folder}
          spellCheck={false}
          onChange={(event) => setFolder(event.target.value)}
        />
      </div>
      <Button type="submit" loading={update.isPending}>
        Salva scheda medica
      </Button>
      {update.isError && <Alert kind="error">{settingsErrorMessage(update.error)}</Alert>}
      {update.isSuccess && <Alert kind="success">Impostazioni della scheda medica salvate.</Alert>}
    </form>
  );
}
