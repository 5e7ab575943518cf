import type { AdmissionPlace } from '@contracts/admission-apply';

/** An application's place on the waiting list: its number, the child, the cohort and the position in it. */
export function ApplicationPlace({ place }: { place: AdmissionPlace }) {
  return (
    <section className="space-y-3 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-gray-200" aria-label="La tua domanda">
      <p className="text-gray-800">
        Domanda di <strong>{place.childName}</strong> nella lista d&apos;attesa.
      </p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-gray-800">
        <dt className="font-medium">Numero della domanda</dt>
        <dd>{place.number}</dd>
        <dt className="font-medium">Nati nel</dt>
        <dd>{place.cohort}</dd>
        <dt className="font-medium">Posizione</dt>
        <dd>{place.position}</dd>
      </dl>
      <p className="text-sm text-gray-700">
        La posizione è tra i bambini e le bambine nati nello stesso anno, nell&apos;ordine delle domande. Ti abbiamo inviato numero e
        posizione per e-mail, con il link per rivederli.
      </p>
    </section>
  );
}
