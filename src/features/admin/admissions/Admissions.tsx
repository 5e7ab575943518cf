import { Spinner } from '@/components/ui/Spinner';
import type { AdmissionList } from '@contracts/admin-admissions';
import { italianDateTime, italianDayText } from '@domain/italian-time';
import { RetryAlert } from '../shell/ReadAlerts';
import { useAdmissions } from './api/admissions';
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
      ) : list.data.cohorts.length === 0 ? (
        <p className="text-gray-700">Nessuna domanda nella lista d&apos;attesa.</p>
      ) : (
        list.data.cohorts.map((cohort) => <CohortList key={cohort.cohort} {...cohort} />)
      )}
    </div>
  );
}
