/** '45 secondi', '1 secondo'; from two minutes on, '40 minuti' (the hour's access e-mails spent). */
const waitText = (seconds: number) =>
  seconds >= 120 ? `${Math.ceil(seconds / 60)} minuti` : `${seconds} ${seconds === 1 ? 'secondo' : 'secondi'}`;

/** The texts of the access-code step (what the server says is shown as it is; its messages are in the contracts). */
export const ACCESS_CODE_MESSAGES = {
  sent: (email: string) => `Ti abbiamo inviato un codice a ${email}`,
  sentAgain: (email: string) => `Ti abbiamo inviato un nuovo codice a ${email}`,
  /** 'Invia di nuovo' sent the live code again (the server sends the same code while it is valid). */
  sentSame: (email: string) => `Ti abbiamo inviato di nuovo lo stesso codice a ${email}`,
  /** The e-mail also carries a one-time link that signs in without the code. */
  linkHint: 'Oppure apri il link di accesso che trovi nella stessa e-mail: entrerai senza digitare il codice.',
  /** The parent's codes are paused for the day (too many wrong ones): a link alone was sent. */
  linkSent: (email: string) =>
    `Per sicurezza oggi i codici di accesso sono sospesi: ti abbiamo inviato un link di accesso a ${email}. Apri il link per entrare.`,
  codeLabel: 'Codice di verifica',
  remember: 'Ricorda questo dispositivo',
  confirm: 'Conferma',
  resend: 'Invia di nuovo',
  resendIn: (seconds: number) => `Potrai chiedere un nuovo codice tra ${waitText(seconds)}.`,
  resendLinkIn: (seconds: number) => `Potrai chiedere un nuovo link tra ${waitText(seconds)}.`,
} as const;

/** The texts of /accesso, the page of the e-mailed sign-in link (AccessLinkPage). */
export const ACCESS_LINK_PAGE_MESSAGES = {
  title: 'Accesso al portale',
  intro: 'Premi «Entra» per accedere ai dati della tua famiglia da questo dispositivo.',
  enter: 'Entra',
  back: "Torna all'Area Famiglie",
} as const;
