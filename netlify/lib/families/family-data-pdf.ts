import { italianDate, italianDateTime, italianDayText } from '@domain/italian-time';
import { applicationNumberText } from '@domain/admissions/admission';
import { formatEuros } from '@domain/money';
import { signupStateText } from '@domain/events/event-signup';
import type { FamilyData } from './family-data';
import { BODY_LINE_HEIGHT, startFlowingText } from '../platform/pdf-flowing-text';

/** One section of the document: a heading and its lines ('Nessuno' when empty). */
interface Section {
  heading: string;
  lines: string[];
}

/** A child's name by id ('' for a child no longer on record). */
const childName = (data: FamilyData, childId: string) => {
  const child = data.children.find((candidate) => candidate.id === childId);
  return child ? `${child.name} ${child.surname}` : childId;
};

/**
 * A signature as two lines: who signed what for whom and when, the level or
 * the delegates, how the code was sent, the SHA-256, whether withdrawn; then
 * the exact text signed (its line breaks as spaces).
 */
function signatureLines(signature: FamilyData['signatures'][number], child: string): string[] {
  const facts = [
    italianDateTime(signature.signed_at),
    `${signature.document_id} (versione ${signature.version}, stagione ${signature.season})`,
    `per ${child}`,
    `firmato da ${signature.signer_name}`,
    ...(signature.choice ? [`scelta: ${signature.choice}`] : []),
    ...(signature.delegates ? [`delegati: ${signature.delegates}`] : []),
    `codice inviato a ${signature.code_sent_to}`,
    `SHA-256 ${signature.text_sha256}`,
    signature.withdrawn_at ? `revocato il ${italianDateTime(signature.withdrawn_at)}` : 'valido',
  ];
  return [facts.join(' · '), `Testo firmato: ${signature.text.replace(/\s+/g, ' ')}`];
}

/** The family's data as the sections a person reads. */
function sectionsOf(data: FamilyData): Section[] {
  const or = (value: string | null) => value || '—';
  return [
    {
      heading: 'Genitori',
      lines: data.parents.map(
        (parent) =>
          `${parent.name} ${parent.surname} · codice fiscale ${parent.cf} · e-mail ${or(parent.email)} · telefono ${or(parent.phone)}`,
      ),
    },
    {
      heading: 'Figli',
      lines: data.children.flatMap((child) => [
        `${child.name} ${child.surname} · codice fiscale ${child.cf} · ${child.branch}`,
        ...child.medical_forms.map(
          (form) =>
            `   Scheda medica della stagione ${form.season}, ricevuta il ${italianDate(form.received_at)}` +
            (form.consent ? `; informativa letta il ${italianDate(form.consent.at)} (versione ${form.consent.notice_version})` : ''),
        ),
      ]),
    },
    {
      heading: 'Pagamenti',
      lines: data.payments.map(
        (payment) =>
          `${italianDate(payment.created_at)} · stagione ${payment.season} · ${payment.plan} · ${payment.method} · ${payment.status} · ` +
          `${formatEuros(payment.total_amount)} · ${payment.lines.map((line) => `${line.name} ${line.surname}${line.note ? ` (${line.note})` : ''}`).join(', ')}` +
          (payment.receipt ? ` · ricevuta n. ${payment.receipt.number}` : ''),
      ),
    },
    {
      heading: "Bonifici nell'estratto conto",
      lines: data.statementLines.map(
        (line) =>
          `${italianDayText(line.date)} · ${formatEuros(line.amountEuros)} · ordinante ${or(line.orderingParty)} · causale ${or(line.description)}` +
          (line.bankReference ? ` · riferimento della banca ${line.bankReference}` : ''),
      ),
    },
    {
      heading: 'Promemoria ricevuti',
      lines: data.reminders.map((reminder) => `${italianDate(reminder.sent_at)} · stagione ${reminder.season} · ${reminder.product}`),
    },
    {
      heading: 'Documenti firmati',
      lines: data.signatures.flatMap((signature) => signatureLines(signature, childName(data, signature.child_id))),
    },
    {
      heading: 'Uscite e campi',
      lines: data.eventSignups.map(
        (signup) =>
          `${italianDate(signup.signed_up_at)} · ${or(signup.event_name)} · ${childName(data, signup.child_id)} · ${signupStateText(signup.state, null)}`,
      ),
    },
    {
      heading: "Lista d'attesa",
      lines: data.admissions.map(
        (application) =>
          `${italianDate(application.created_at)} · ${applicationNumberText(application.number ?? 0)} · ${application.child.name} ${application.child.surname} · ${application.state}`,
      ),
    },
    {
      heading: 'E-mail inviate',
      lines: data.mail.map((mail) => `${italianDate(mail.created_at)} · ${mail.subject} · a ${mail.to.join(', ')} · ${mail.status}`),
    },
  ];
}

/**
 * 'Esporta dati' as a readable A4 PDF in Italian (docs/privacy.md, "A
 * family's rights"): the group, the family, the date of the export, then
 * 'Genitori', 'Figli' (with their medical forms' records and consents),
 * 'Pagamenti', "Bonifici nell'estratto conto" (the bank's lines matched to
 * its payments: day, euros, ordering party, free text), 'Promemoria
 * ricevuti', 'Documenti firmati' (each signature and the text signed), 'Uscite
 * e campi' (each sign-up: event, child, state), "Lista d'attesa" (the
 * application a child was admitted from) and
 * 'E-mail inviate', flowing onto
 * further pages. The JSON export holds the same and every field.
 */
export async function renderFamilyDataPdf(data: FamilyData, groupName: string, exportedAt: Date): Promise<Uint8Array> {
  const { doc, bold, write, skip } = await startFlowingText();
  write(`Dati della famiglia ${data.family.surname}`, bold, 16);
  write(`${groupName} · esportati il ${italianDate(exportedAt)} · famiglia ${data.family.id}`);
  for (const section of sectionsOf(data)) {
    skip(BODY_LINE_HEIGHT / 2);
    write(section.heading, bold, 12);
    if (section.lines.length === 0) write('Nessuno');
    for (const line of section.lines) write(line);
  }
  doc.setTitle(`Dati della famiglia ${data.family.surname}`);
  doc.setProducer('pdf-lib');
  doc.setCreator('Portale pagamenti');
  return doc.save();
}
