/** The texts of the access-code step (what the server says is shown as it is). */
export const ACCESS_CODE_MESSAGES = {
  sent: (email: string) => `Ti abbiamo inviato un codice a ${email}`,
  sentAgain: (email: string) => `Ti abbiamo inviato un nuovo codice a ${email}`,
  codeLabel: 'Codice di verifica',
  remember: 'Ricorda questo dispositivo',
  confirm: 'Conferma',
  resend: 'Invia di nuovo',
  resendIn: (seconds: number) => `Potrai chiedere un nuovo codice tra ${seconds} ${seconds === 1 ? 'secondo' : 'secondi'}.`,
  /** The same words as verify-access-code's 400: checked in the browser before sending. */
  invalidCode: 'Inserisci il codice di 6 cifre ricevuto per e-mail.',
} as const;

/** A verification code as typed: 6 digits. */
export const ACCESS_CODE_PATTERN = /^\d{6}$/;
