import { useEffect, useRef, type ReactNode } from 'react';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import type { FamilyPlan, KnownChild } from '@domain/roster/roster-import';
import type { RosterPreview } from '../api/roster-import';
import { RetryAlert } from '@/features/admin/shell/ReadAlerts';
import { previewCounts, shownValue } from './import-wording';
import { RowErrorsTable } from './RowErrorsTable';

/** Props of {@link ImportPreview}. */
export interface ImportPreviewProps {
  plan: RosterPreview;
  /** Ids of the 'Non più nel file' children ticked to archive. */
  archive: ReadonlySet<string>;
  onArchiveChange: (childId: string, checked: boolean) => void;
  onConfirm: () => void;
  onRecheck: () => void;
  /** The commit is running: every control waits. */
  confirming: boolean;
  /** The last commit's failure, with 'Riprova' (which confirms again). */
  commitError: Error | null;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-2">
      <h3 className="text-lg font-semibold text-gray-900">{title}</h3>
      {children}
    </section>
  );
}

const parentNames = (family: FamilyPlan) => family.newParents.map((parent) => `${parent.name} ${parent.surname}`).join(', ');

function FamiliesToCreate({ families }: { families: readonly FamilyPlan[] }) {
  return (
    <ul className="divide-y divide-gray-100 rounded-xl bg-white shadow-sm ring-1 ring-gray-200">
      {families.map((family) => (
        <li key={family.rows.join('-')} data-testid="roster-create" className="space-y-1 px-4 py-3 text-sm">
          <p className="text-base font-semibold text-gray-900">Famiglia {family.surname}</p>
          <p>
            <span className="font-medium">Figli:</span> {family.newChildren.map((child) => `${child.name} (${child.branch})`).join(', ')}
          </p>
          {family.newParents.length > 0 && (
            <p>
              <span className="font-medium">Genitori:</span> {parentNames(family)}
            </p>
          )}
        </li>
      ))}
    </ul>
  );
}

function FamiliesToUpdate({ families }: { families: readonly FamilyPlan[] }) {
  return (
    <ul className="divide-y divide-gray-100 rounded-xl bg-white shadow-sm ring-1 ring-gray-200">
      {families.map((family) => (
        <li key={family.familyId ?? family.rows.join('-')} data-testid="roster-update" className="space-y-1 px-4 py-3 text-sm">
          <p className="text-base font-semibold text-gray-900">Famiglia {family.surname}</p>
          <ul className="list-disc space-y-0.5 pl-5">
            {family.changes.map((change, index) => (
              <li key={index}>
                {change.person} — {change.field}: {shownValue(change.from)} → {shownValue(change.to)}
              </li>
            ))}
            {family.newChildren.map((child) => (
              <li key={child.cf}>
                Nuovo figlio: {child.name} {child.surname} ({child.branch})
              </li>
            ))}
            {family.newParents.map((parent) => (
              <li key={parent.cf}>
                Nuovo genitore: {parent.name} {parent.surname}
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}

function MissingChildren({
  missing,
  archive,
  onChange,
  disabled,
}: {
  missing: readonly KnownChild[];
  archive: ReadonlySet<string>;
  onChange: (childId: string, checked: boolean) => void;
  disabled: boolean;
}) {
  return (
    <>
      <p className="text-sm text-gray-700">
        Questi figli sono nell&apos;anagrafica ma non nel file: restano come sono, a meno che tu non spunti «Archivia». Un figlio archiviato
        resta nei conti del gruppo ma non compare più nelle ricerche delle famiglie.
      </p>
      <ul className="divide-y divide-gray-100 rounded-xl bg-white shadow-sm ring-1 ring-gray-200">
        {missing.map((child) => (
          <li key={child.id} data-testid="roster-missing" className="flex flex-wrap items-center justify-between gap-2 px-4 py-1 text-sm">
            <span>
              <span className="font-medium">
                {child.name} {child.surname}
              </span>{' '}
              <span className="text-gray-700">· {child.branch}</span>
            </span>
            <label className="inline-flex min-h-11 cursor-pointer items-center gap-2 font-medium">
              <input
                type="checkbox"
                className="size-5 accent-brand-600"
                checked={archive.has(child.id)}
                disabled={disabled}
                onChange={(event) => onChange(child.id, event.target.checked)}
              />
              Archivia{' '}
              <span className="sr-only">
                {child.name} {child.surname}
              </span>
            </label>
          </li>
        ))}
      </ul>
    </>
  );
}

/**
 * The preview of an import (docs/admin.md, "Importa anagrafica"): the
 * counts line, then 'Da creare' (each family with its children and
 * parents), 'Da aggiornare' (each change 'person — field: old → new', new
 * children and parents), 'Non più nel file' (each child with 'Archivia',
 * unticked), 'Errori' (the rows that will be skipped), and 'Conferma
 * importazione' — disabled while nothing would change and nothing is
 * ticked — with 'Ripeti il controllo'. The focus moves to its heading
 * when it appears, so the admin hears the result of the check.
 */
export function ImportPreview({ plan, archive, onArchiveChange, onConfirm, onRecheck, confirming, commitError }: ImportPreviewProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, [plan]);
  const ticked = plan.missing.filter((child) => archive.has(child.id)).length;
  const changesNothing = plan.create.length + plan.update.length === 0 && ticked === 0;

  return (
    <section className="space-y-5" aria-labelledby="roster-preview-heading">
      <div>
        <h2 id="roster-preview-heading" ref={heading} tabIndex={-1} className="text-xl font-bold text-brand-800 outline-none">
          Anteprima dell&apos;importazione
        </h2>
        <p className="mt-1 text-sm text-gray-700" data-testid="roster-counts">
          {previewCounts(plan)}
        </p>
      </div>
      {plan.create.length + plan.update.length === 0 && (
        <Alert kind="info">Nessuna famiglia da creare o da aggiornare: l&apos;anagrafica corrisponde già al file.</Alert>
      )}
      {plan.create.length > 0 && (
        <Section title="Da creare">
          <FamiliesToCreate families={plan.create} />
        </Section>
      )}
      {plan.update.length > 0 && (
        <Section title="Da aggiornare">
          <FamiliesToUpdate families={plan.update} />
        </Section>
      )}
      {plan.missing.length > 0 && (
        <Section title="Non più nel file">
          <MissingChildren missing={plan.missing} archive={archive} onChange={onArchiveChange} disabled={confirming} />
        </Section>
      )}
      {plan.errors.length > 0 && (
        <Section title="Errori">
          <p className="text-sm text-gray-700">
            Queste righe saranno saltate: le altre si possono importare lo stesso. Correggile nel file e importalo di nuovo.
          </p>
          <RowErrorsTable errors={plan.errors} label="Errori del file, scorrevole" />
        </Section>
      )}
      {commitError && <RetryAlert error={commitError} onRetry={onConfirm} />}
      <div className="flex flex-wrap items-center gap-3">
        <Button className="min-h-11" disabled={changesNothing} loading={confirming} onClick={onConfirm}>
          Conferma importazione
        </Button>
        <Button variant="secondary" className="min-h-11" disabled={confirming} onClick={onRecheck}>
          Ripeti il controllo
        </Button>
      </div>
    </section>
  );
}
