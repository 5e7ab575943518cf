import { Spinner } from '@/components/ui/Spinner';
import type { AdmissionList } from '@contracts/admin-admissions';
import { italianDateTime, italianDayText } from '@domain/italian-time';
import { RetryAlert } from '../shell/ReadAlerts';
import { Alert } from '@/components/ui/Alert';
import { describeError } from '@/lib/errors';
import { useAdmissionOrder, useAdmissions } from './api/admissions';
import { DecisionForm } from './DecisionForm';
import { PlaceOfferButton } from './PlaceOfferButton';

/** One cohort's applications in the group's order: position, number, child, parent's contacts, and the decision form. */
function CohortList({ cohort, applications }: AdmissionList['cohorts'][number]) {
  return (
    <section className="space-y-3" aria-labelledby={`cohort-${cohort}`}>
      <h2 id={`cohort-${cohort}`} className="text-lg font-semibold text-brand-800">
        Nati nel {cohort} ({applications.length})
      </h2>
      <ol className="space-y-3">
        {applications.map((application) => (
          <li key={application.id} className="space-y-2 rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200">
            <p className="font-medium text-gray-900">
              {application.position}. {application.childName} <span className="text-sm text-gray-600">({application.number})</span>
            </p>
            <p className="text-sm text-gray-700">
              Nato/a il {italianDayText(application.birthDate)}; domanda del {italianDateTime(new Date(application.appliedAt))}. Genitore:{' '}
              {application.parentName}, {application.email}, {application.phone}
            </p>
            {application.siblings && <p className="text-sm text-gray-700">Fratelli o sorelle nel gruppo: {application.siblings}</p>}
            {application.note && <p className="text-sm text-gray-700">Note: {application.note}</p>}
            <DecisionForm application={application} />
            <PlaceOfferButton application={application} />
          </li>
        ))}
      </ol>
    </section>
  );
}

/** 'Fratelli e sorelle prima': the group's order of the list, saved as soon as it is ticked. */
function SiblingsFirst({ checked }: { checked: boolean }) {
  const order = useAdmissionOrder();
  return (
    <div className="space-y-2">
      <label className="flex min-h-11 cursor-pointer items-center gap-3 text-sm text-gray-800">
        <input
          type="checkbox"
          className="size-5 shrink-0 accent-brand-600"
          checked={order.isPending ? order.variables : checked}
          disabled={order.isPending}
          onChange={(event) => order.mutate(event.target.checked)}
        />
        Fratelli e sorelle di chi è già nel gruppo prima degli altri
      </label>
      {order.isError && <Alert kind="error">{describeError(order.error)}</Alert>}
    </div>
  );
}

/**
 * 'Lista d'attesa' (docs/admin.md, "Lista d'attesa"), for the admin and the
 * capi: the applications by year of birth in the group's order, and the
 * Comunità capi's decision recorded on each.
 */
export function Admissions() {
  const list = useAdmissions();
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold text-brand-800">Lista d&apos;attesa</h1>
      {list.isPending ? (
        <Spinner label="Carico la lista d'attesa…" />
      ) : list.isError ? (
        <RetryAlert error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <>
          <SiblingsFirst checked={list.data.siblingsFirst} />
          {list.data.cohorts.length === 0 ? (
            <p className="text-gray-700">Nessuna domanda nella lista d&apos;attesa.</p>
          ) : (
            list.data.cohorts.map((cohort) => <CohortList key={cohort.cohort} {...cohort} />)
          )}
        </>
      )}
    </div>
  );
}
