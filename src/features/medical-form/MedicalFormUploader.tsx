import { useState } from 'react';
import { PrivacyConsent } from '@/components/layout/PrivacyConsent';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { ChildCard } from '@/components/ui/ChildCard';
import { FilePicker } from '@/components/ui/FilePicker';
import type { LookupChild } from '@domain/families/family-lookup';
import { useUploadMedicalForm } from './api/upload-medical-form';
import { checkMedicalFormFile } from './check-medical-form-file';
import { withQueryClient } from '@/lib/with-query-client';

interface ChildUpload {
  file: File | null;
  fileError: string | null;
  /** 'done' = uploaded in this visit or before it (`medicalForm.uploaded`). */
  status: 'idle' | 'uploading' | 'done' | 'failed';
  /** 0..1 */
  progress: number;
  error: string | null;
}

const EMPTY: ChildUpload = { file: null, fileError: null, status: 'idle', progress: 0, error: null };
const UPLOADED_BEFORE: ChildUpload = { ...EMPTY, status: 'done', progress: 1 };

/** The upload button's label: plural for several children. */
export function uploadButtonLabel(childCount: number): string {
  return childCount > 1 ? 'Carica Schede Mediche' : 'Carica Scheda Medica';
}

/** Props of {@link MedicalFormUploader}. */
export interface MedicalFormUploaderProps {
  /** The parent's fiscal code, normalised: get-signature and record-medical-form check it. */
  cf: string;
  /** The children eligible for the medical form, from lookup-family. */
  sons: readonly LookupChild[];
}

/**
 * The uploads of a {@link MedicalFormUploader}: each child's file and
 * state, the parent's consent, and `uploadAll` (one by one, a failed child
 * kept to retry with `uploadOne`).
 */
function useMedicalFormUploads({ cf, sons }: MedicalFormUploaderProps) {
  const [uploads, setUploads] = useState<Record<string, ChildUpload>>({});
  const [running, setRunning] = useState(false);
  const [consented, setConsented] = useState(false);
  const upload = useUploadMedicalForm();
  const stateOf = (son: LookupChild) => uploads[son.id] ?? (son.medicalForm.uploaded ? UPLOADED_BEFORE : EMPTY);
  const patch = (sonId: string, change: Partial<ChildUpload>) =>
    setUploads((current) => ({ ...current, [sonId]: { ...(current[sonId] ?? EMPTY), ...change } }));

  const pending = sons.filter((son) => stateOf(son).status !== 'done');
  const allChosen = pending.every((son) => stateOf(son).file !== null);
  const allDone = sons.length > 0 && pending.length === 0;
  const uploadedNow = sons.some((son) => uploads[son.id]?.status === 'done');

  const choose = async (son: LookupChild, file: File | null) => {
    if (!file) return patch(son.id, { ...EMPTY });
    const problem = await checkMedicalFormFile(file);
    patch(son.id, problem ? { ...EMPTY, fileError: problem } : { ...EMPTY, file });
  };

  const uploadOne = async (son: LookupChild, file: File) => {
    patch(son.id, { status: 'uploading', progress: 0, error: null });
    try {
      await upload.mutateAsync({ cf, childId: son.id, file, onProgress: (progress) => patch(son.id, { progress }) });
      patch(son.id, { status: 'done', progress: 1 });
    } catch (error) {
      patch(son.id, { status: 'failed', error: error instanceof Error ? error.message : String(error) });
    }
  };

  const uploadAll = async () => {
    setRunning(true);
    for (const son of sons) {
      const state = stateOf(son);
      if (state.status !== 'done' && state.file) await uploadOne(son, state.file);
    }
    setRunning(false);
  };

  return { running, consented, setConsented, stateOf, pending, allChosen, allDone, uploadedNow, choose, uploadOne, uploadAll };
}

/**
 * One card per eligible child with a PDF picker, progress bar and, on
 * failure, an Italian error with 'Riprova'; a child whose form is already
 * on record (`medicalForm.uploaded`) shows as done. The button 'Carica
 * Schede Mediche' / 'Carica Scheda Medica' (counting the children still to
 * upload) is enabled only when each of them has a file and the parent
 * ticked 'Ho letto l'informativa' (a link to /privacy; the consent is
 * stored with each form by record-medical-form); files upload one by
 * one (useUploadMedicalForm: get-signature, upload, record-medical-form);
 * when all are done the banner 'Upload completato con successo!' shows and
 * the button disappears. A failed child stays not done and the others are
 * kept (docs/product.md, "Rules": medical form; docs/api.md).
 */
function MedicalFormUploaderView(props: MedicalFormUploaderProps) {
  const { sons } = props;
  const { running, consented, setConsented, stateOf, pending, allChosen, allDone, uploadedNow, choose, uploadOne, uploadAll } =
    useMedicalFormUploads(props);
  return (
    <div className="space-y-4">
      <ul className="grid gap-3 sm:grid-cols-2">
        {sons.map((son) => (
          <li key={son.id}>
            <ChildUploadCard
              son={son}
              state={stateOf(son)}
              running={running}
              onChoose={(file) => void choose(son, file)}
              onRetry={() => {
                const { file } = stateOf(son);
                if (file) void uploadOne(son, file);
              }}
            />
          </li>
        ))}
      </ul>
      {allDone ? (
        <Alert kind="success">
          {uploadedNow ? 'Upload completato con successo!' : 'Le schede mediche di tutti i figli risultano già caricate.'}
        </Alert>
      ) : (
        <div className="flex flex-col items-start gap-2">
          <PrivacyConsent
            label="Ho letto l’informativa sul trattamento dei dati sanitari dei miei figli."
            checked={consented}
            disabled={running}
            onChange={setConsented}
          />
          <Button className="w-full sm:w-auto" disabled={!allChosen || !consented} loading={running} onClick={() => void uploadAll()}>
            {uploadButtonLabel(pending.length)}
          </Button>
        </div>
      )}
    </div>
  );
}

/** One child's card: done, or the PDF picker, the progress bar while uploading and, after a failure, its message with 'Riprova'. */
function ChildUploadCard(props: {
  son: LookupChild;
  state: ChildUpload;
  running: boolean;
  onChoose: (file: File | null) => void;
  onRetry: () => void;
}) {
  const { son, state, running, onChoose, onRetry } = props;
  return (
    <ChildCard name={son.name} surname={son.surname} fiscalCode={son.cf} branch={son.branch}>
      {state.status === 'done' ? (
        <p className="text-sm font-semibold text-green-700">✓ Scheda medica caricata</p>
      ) : (
        <div className="space-y-2">
          <FilePicker
            file={state.file}
            accept=".pdf,application/pdf"
            inputLabel={`Scheda medica di ${son.name}`}
            error={state.fileError}
            disabled={running}
            onChange={onChoose}
          />
          {state.status === 'uploading' && (
            <div
              role="progressbar"
              aria-label={`Caricamento di ${son.name}`}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={Math.round(state.progress * 100)}
              className="h-2 overflow-hidden rounded-full bg-gray-200"
            >
              <div className="h-full bg-brand-600 transition-all" style={{ width: `${Math.round(state.progress * 100)}%` }} />
            </div>
          )}
          {state.status === 'failed' && (
            <Alert kind="error">
              <p>{state.error}</p>
              <Button size="sm" variant="secondary" className="mt-2" disabled={running || !state.file} onClick={onRetry}>
                Riprova
              </Button>
            </Alert>
          )}
        </div>
      )}
    </ChildCard>
  );
}

/** {@link MedicalFormUploaderView} in the app's query client (withQueryClient: react-query loads with this screen). */
export const MedicalFormUploader = withQueryClient(MedicalFormUploaderView);
