import { escapeHtml, greeting, layout, paragraph, textLayout, type MailContent, type MailContext } from '../platform/mail/layout';

/**
 * The e-mails of signing a group document (docs/documents.md, "Signing" and
 * "Withdrawing"), in Italian, pure like ./messages.ts: the code that
 * confirms a signature, the signed copy, the withdrawal's confirmation.
 */

/** Assembles paragraphs (plain text; the code block is given as both forms). */
function compose(subject: string, parts: ReadonlyArray<string | { html: string; text: string }>, context: MailContext): MailContent {
  const both = parts.map((part) => (typeof part === 'string' ? { html: paragraph(part), text: part } : part));
  return {
    subject,
    text: textLayout(both.map((part) => part.text).join('\n\n')),
    html: layout(subject, both.map((part) => part.html).join('\n'), context),
  };
}

/** Data of {@link signatureCodeMail}: the six digits, minutes of validity, the document's title and the children it is signed for. */
export interface SignatureCodeMail {
  code: string;
  minutes: number;
  title: string;
  children: readonly string[];
}

/**
 * 'Codice per firmare: {title}': the code that confirms the parent's
 * signature of the document for the children named, how long it is
 * valid, to ignore it if not asked for and never to share it.
 */
export function signatureCodeMail({ code, minutes, title, children }: SignatureCodeMail, context: MailContext): MailContent {
  return compose(
    `Codice per firmare: ${title}`,
    [
      greeting(),
      `per firmare «${title}» per ${children.join(', ')} inserisci questo codice nella pagina «La mia famiglia»:`,
      {
        html: `<p style="margin:0 0 16px 0;font-family:'Courier New',Courier,monospace;font-size:32px;font-weight:bold;letter-spacing:6px;">${escapeHtml(code)}</p>`,
        text: `    ${code}`,
      },
      `Il codice vale ${minutes} minuti.`,
      'Se non hai chiesto tu di firmare, ignora questa e-mail: senza il codice non viene registrata nessuna firma.',
      'Non condividere il codice con nessuno: il gruppo non te lo chiederà mai.',
    ],
    context,
  );
}

/** Data of {@link documentSignedMail}: the document, the children, the signer and when (Italian time, 'dd/mm/yyyy hh:mm'). */
export interface DocumentSignedMail {
  title: string;
  children: readonly string[];
  signer: string;
  signedAt: string;
  choice: string | null;
}

/** 'Documento firmato: {title}': what was signed, for whom, when; the PDF copy of each signature attached. */
export function documentSignedMail(signed: DocumentSignedMail, context: MailContext): MailContent {
  return compose(
    `Documento firmato: ${signed.title}`,
    [
      greeting(),
      `${signed.signer}, hai firmato «${signed.title}» per ${signed.children.join(', ')} il ${signed.signedAt}.`,
      ...(signed.choice ? [`La tua scelta: ${signed.choice}.`] : []),
      'In allegato trovi la copia in PDF con il testo firmato e i dati della firma. Conservala.',
      'Puoi revocare il consenso in ogni momento dalla pagina «La mia famiglia» («Revoca»).',
    ],
    context,
  );
}

/** Data of {@link consentWithdrawnMail}. */
export interface ConsentWithdrawnMail {
  title: string;
  child: string;
  signer: string;
  withdrawnAt: string;
}

/** 'Consenso revocato: {title}': the withdrawal recorded, for whom and when. */
export function consentWithdrawnMail(withdrawn: ConsentWithdrawnMail, context: MailContext): MailContent {
  return compose(
    `Consenso revocato: ${withdrawn.title}`,
    [
      greeting(),
      `${withdrawn.signer}, abbiamo registrato la revoca della tua firma di «${withdrawn.title}» per ${withdrawn.child} il ${withdrawn.withdrawnAt}.`,
      'La firma revocata resta nel nostro archivio con la data della revoca. Puoi firmare di nuovo dalla pagina «La mia famiglia».',
      "Se non l'hai revocata tu, scrivici subito all'indirizzo qui sotto.",
    ],
    context,
  );
}
