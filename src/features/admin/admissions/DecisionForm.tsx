import { useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Select } from '@/components/ui/Select';
import { TextField } from '@/components/ui/TextField';
import type { AdminApplication } from '@contracts/admin-admissions';
import { ADMISSION_OUTCOMES, type AdmissionOutcome } from '@domain/admissions/admission';
import { italianDay, italianDayText } from '@domain/italian-time';
import { describeError } from '@/lib/errors';
import { useDecideAdmission } from './api/admissions';

const OUTCOME_OPTIONS = ADMISSION_OUTCOMES.map((outcome) => ({ value: outcome, label: outcome }));

/**
 * The Comunità capi's decision on one application: 'Decisione' ('Ammesso',
 * 'Non ammesso', 'Rinviato'), 'Riunione del' (today unless changed) and
 * 'Registra'; the last decision recorded is shown above it.
 */
export function DecisionForm({ application }: { application: AdminApplication }) {
  const [outcome, setOutcome] = useState<AdmissionOutcome | ''>(application.decision?.outcome ?? '');
  const [meetingDate, setMeetingDate] = useState(application.decision?.meetingDate ?? italianDay(new Date()));
  const decide = useDecideAdmission();
  const recorded = application.decision;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (outcome) decide.mutate({ id: application.id, outcome, meetingDate });
  };

  return (
    <form onSubmit={submit} className="space-y-2" aria-label={`Decisione su ${application.childName}`}>
      {recorded && (
        <p className="text-sm text-gray-700">
          {recorded.outcome} (Comunità capi del {italianDayText(recorded.meetingDate)}, registrato da {recorded.recordedBy})
        </p>
      )}
      <div className="flex flex-wrap items-end gap-2">
        <Select label="Decisione" options={OUTCOME_OPTIONS} value={outcome} onChange={(value) => setOutcome(value as AdmissionOutcome)} />
        <TextField label="Riunione del" type="date" value={meetingDate} onChange={(event) => setMeetingDate(event.target.value)} />
        <Button type="submit" size="sm" loading={decide.isPending} disabled={!outcome}>
          Registra
        </Button>
      </div>
      {decide.isError && <Alert kind="error">{describeError(decide.error)}</Alert>}
    </form>
  );
}
