import type { ReactNode } from 'react';
import { GROUP } from '@config/group';
import { PRIVACY } from '@config/privacy';
import { italianDayText } from '@domain/italian-time';
import { PROCESSORS } from './processors';

/** '09-30' → '30 settembre'. */
function dayOfYear(monthDay: string): string {
  const [month = 1, day = 1] = monthDay.split('-').map(Number);
  return new Intl.DateTimeFormat('it-IT', { day: 'numeric', month: 'long', timeZone: 'UTC' }).format(Date.UTC(2000, month - 1, day));
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-2">
      <h2 className="text-lg font-semibold text-brand-800">{title}</h2>
      {children}
    </section>
  );
}

/**
 * /privacy, 'Informativa sulla privacy' (GDPR art. 13; docs/privacy.md): the
 * controller (the group, GROUP) and its contact, the data and why, how
 * long (PRIVACY's retention), the processors and where they process
 * (PROCESSORS), the parents' rights, cookies. A template: the group's
 * choices are in group.config.json, and docs/privacy.md lists what the
 * group must check; `PRIVACY.noticeVersion` is stored with each consent.
 */
export function PrivacyNotice() {
  const mail = (
    <a href={`mailto:${PRIVACY.contactEmail}`} className="font-semibold text-brand-700 underline">
      {PRIVACY.contactEmail}
    </a>
  );
  return (
    <article className="mx-auto max-w-3xl space-y-6 text-gray-800">
      <header>
        <h1 className="text-2xl font-bold text-brand-800 sm:text-3xl">Informativa sulla privacy</h1>
        <p className="mt-1 text-sm text-gray-600">Versione del {italianDayText(PRIVACY.noticeVersion)}</p>
      </header>
      <p>
        Questo portale serve alle famiglie del {GROUP.name} per pagare le attività e inviare la scheda medica dei figli. Qui spieghiamo
        quali dati trattiamo, perché, per quanto tempo e con chi.
      </p>
      <Section title="Titolare del trattamento">
        <p>
          {GROUP.name}, {GROUP.address}, rappresentato da {PRIVACY.representative.toLowerCase()}. Per ogni domanda sui tuoi dati scrivi a{' '}
          {mail}.
        </p>
      </Section>
      <Section title="Quali dati e perché">
        <ul className="list-disc space-y-1 pl-5">
          <li>
            Genitori: nome, cognome, codice fiscale, e-mail e telefono, per riconoscere la famiglia, inviare il codice di accesso, le
            conferme e le ricevute (rapporto associativo, art. 6.1.b GDPR).
          </li>
          <li>Figli: nome, cognome, codice fiscale e branca, per le iscrizioni e le attività (art. 6.1.b).</li>
          <li>
            Pagamenti e ricevute: importi, metodo, date, per la contabilità del gruppo, che la legge ci chiede di tenere (art. 6.1.c). Non
            contengono dati sulla salute.
          </li>
          <li>
            Scheda medica: dati sulla salute dei figli (art. 9 GDPR), per prendersene cura durante le attività. La carichi tu, dopo aver
            letto questa informativa; la aprono solo l’amministratore e i capi della branca del ragazzo, e ogni apertura è registrata.
          </li>
          <li>
            Documenti firmati online (autorizzazioni alle uscite e al campo, deleghe al ritiro con i nomi dei delegati, consenso per foto e
            video): chi ha firmato, per quale figlio, il testo esatto firmato, la scelta fatta, quando e l’indirizzo a cui è arrivato il
            codice di conferma, per poter dimostrare l’autorizzazione data (art. 6.1.b e, per le foto, il tuo consenso, art. 6.1.a, che puoi
            revocare in ogni momento dalla pagina «La mia famiglia»; la revoca vale da quel momento e resta registrata).
          </li>
        </ul>
      </Section>
      <Section title="Per quanto tempo">
        <ul className="list-disc space-y-1 pl-5">
          <li>
            Schede mediche: eliminate {PRIVACY.medicalFormRetentionDays} giorni dopo la fine della stagione (il{' '}
            {dayOfYear(PRIVACY.seasonEnds)}), dall’archivio dei documenti e dalle schede dei ragazzi.
          </li>
          <li>Pagamenti e ricevute: {PRIVACY.accountingRetentionYears} anni, come chiede l’art. 2220 del codice civile.</li>
          <li>Anagrafica: finché la famiglia è iscritta e per {PRIVACY.rosterRetentionYears} anni dopo l’ultima stagione.</li>
          <li>
            Documenti firmati e consensi: {PRIVACY.signatureRetentionYears} anni dopo la fine della stagione a cui si riferiscono, il tempo
            in cui si può chiedere conto di un’attività (art. 2946 del codice civile); poi sono eliminati automaticamente.
          </li>
          <li>
            Domande per la lista d’attesa: finché il bambino o la bambina è in lista; {PRIVACY.admissionRetentionDays} giorni dopo
            l’ingresso nel gruppo o la decisione di non ammetterlo sono eliminate automaticamente.
          </li>
        </ul>
      </Section>
      <Section title="Chi tratta i dati per conto del gruppo">
        <ul className="space-y-2">
          {PROCESSORS.map((processor) => (
            <li key={processor.service}>
              <span className="font-semibold">{processor.service}</span> ({processor.company}): {processor.purpose}. Dove: {processor.where}
              .
            </li>
          ))}
        </ul>
        <p>I dati non sono venduti né usati per pubblicità o profilazione.</p>
      </Section>
      <Section title="I tuoi diritti">
        <p>
          Puoi chiedere di vedere i tuoi dati e quelli dei tuoi figli, di correggerli, di riceverne una copia, di cancellarli o di limitarne
          l’uso (artt. 15-21 GDPR) scrivendo a {mail}. Ti rispondiamo entro un mese. I pagamenti restano per il tempo che la legge chiede,
          senza nomi se hai chiesto la cancellazione. Puoi anche presentare reclamo al Garante per la protezione dei dati personali
          (www.garanteprivacy.it).
        </p>
      </Section>
      <Section title="Cookie">
        <p>
          Il portale usa solo un cookie tecnico, dopo il codice di accesso, per ricordare la tua famiglia fino alla chiusura del browser o,
          se lo chiedi, per 30 giorni; i volontari restano collegati all’area admin nel loro browser. Nessun cookie di profilazione o di
          terze parti: per questo non ti chiediamo il consenso.
        </p>
      </Section>
    </article>
  );
}
