import { useState } from 'react';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { ChildCard } from '../../components/ui/ChildCard';
import { FilePicker } from '../../components/ui/FilePicker';
import type { Son } from '../../lib/db/documents';
import { checkMedicalFormFile, uploadMedicalForm } from './upload-medical-form';

interface ChildUpload {
  file: File | null;
  fileError: string | null;
  status: 'idle' | 'uploading' | 'done' | 'failed';
  /** 0..1 */
  progress: number;
  error: string | null;
}

const EMPTY: ChildUpload = { file: null, fileError: null, status: 'idle', progress: 0, error: null };

/** The upload button's label (SPEC.md section 2): plural for several children. */
export function uploadButtonLabel(childCount: number): string {
  return childCount > 1 ? 'Carica Schede Mediche' : 'Carica Scheda Medica';
}

/**
 * One card per eligible child with a PDF picker, progress bar and, on
 * failure, an Italian error with 'Riprova'; the button 'Carica Schede
 * Mediche' / 'Carica Scheda Medica' is enabled only when every child has a
 * file; files upload one by one; when all succeed the banner 'Upload
 * completato con successo!' shows and the button disappears. A failed child
 * stays not done and the others are kept (SPEC.md sections 2, 4 and 5).
 */
export function MedicalFormUploader({ sons }: { sons: Son[] }) {
  const [uploads, setUploads] = useState<Record<string, ChildUpload>>({});
  const [running, setRunning] = useState(false);
  const stateOf = (son: Son) => uploads[son.id] ?? EMPTY;
  const patch = (sonId: string, change: Partial<ChildUpload>) =>
    setUploads((current) => ({ ...current, [sonId]: { ...(current[sonId] ?? EMPTY), ...change } }));

  const allChosen = sons.every((son) => stateOf(son).file !== null);
  const allDone = sons.length > 0 && sons.every((son) => stateOf(son).status === 'done');

  const choose = async (son: Son, file: File | null) => {
    if (!file) return patch(son.id, { ...EMPTY });
    const problem = await checkMedicalFormFile(file);
    patch(son.id, problem ? { ...EMPTY, fileError: problem } : { ...EMPTY, file });
  };

  const uploadOne = async (son: Son, file: File) => {
    patch(son.id, { status: 'uploading', progress: 0, error: null });
    try {
      await uploadMedicalForm(son, file, (progress) => patch(son.id, { progress }));
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

  return (
    <div className="space-y-4">
      <ul className="grid gap-3 sm:grid-cols-2">
        {sons.map((son) => {
          const state = stateOf(son);
          return (
            <li key={son.id}>
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
                      onChange={(file) => void choose(son, file)}
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
                        <Button size="sm" variant="secondary" className="mt-2" disabled={running || !state.file} onClick={() => state.file && void uploadOne(son, state.file)}>
                          Riprova
                        </Button>
                      </Alert>
                    )}
                  </div>
                )}
              </ChildCard>
            </li>
          );
        })}
      </ul>
      {allDone ? (
        <Alert kind="success">Upload completato con successo!</Alert>
      ) : (
        <Button className="w-full sm:w-auto" disabled={!allChosen} loading={running} onClick={() => void uploadAll()}>
          {uploadButtonLabel(sons.length)}
        </Button>
      )}
    </div>
  );
}
