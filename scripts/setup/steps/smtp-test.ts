import nodemailer from 'nodemailer';
import { SetupError, type SetupStep } from '../types';

const LOCAL_HOSTS = ['localhost', '127.0.0.1', '::1', '[::1]'];

/** The transporter the functions would make (netlify/lib/platform/mail/transport.ts): STARTTLS required on a plain connection to another machine. */
function transporterOf(smtpUrl: string) {
  const url = new URL(smtpUrl);
  const plain = url.protocol === 'smtp:' && !LOCAL_HOSTS.includes(url.hostname);
  return nodemailer.createTransport({
    url: smtpUrl,
    requireTLS: plain,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 20_000,
  });
}

const hostOf = (smtpUrl: string) => {
  const url = new URL(smtpUrl);
  return `${url.hostname}:${url.port || (url.protocol === 'smtps:' ? 465 : 587)}`;
};

/**
 * SMTP_URL and MAIL_FROM (docs/deploy.md, "npm run setup"):
 * the server is asked to accept the login (nodemailer's verify) at every
 * run; a test e-mail goes to the first admin only when the settings are
 * new or changed.
 */
export const smtpStep: SetupStep = {
  title: 'E-mail (SMTP): accesso al server e messaggio di prova',
  plan: ({ answers, existingEnv }) => [
    `nodemailer verify() su ${hostOf(answers.mail.smtpUrl)}`,
    existingEnv.SMTP_URL === answers.mail.smtpUrl && existingEnv.MAIL_FROM === answers.mail.from
      ? 'nessuna e-mail di prova: impostazioni già in .env'
      : `invio di un'e-mail di prova da ${answers.mail.from} a ${answers.admin.email}`,
  ],
  apply: async ({ answers, existingEnv, values }) => {
    const { smtpUrl, from } = answers.mail;
    const smtp = transporterOf(smtpUrl);
    try {
      await smtp.verify();
    } catch (error) {
      throw new SetupError(
        `Il server SMTP ${hostOf(smtpUrl)} non accetta la connessione o il login: ${(error as Error).message}. Controlla host, porta (587 o 465), utente e password (scritta nell'indirizzo con %40 per @).`,
        'docs/deploy.md, "npm run setup"',
      );
    } finally {
      smtp.close();
    }
    values.SMTP_URL = smtpUrl;
    values.MAIL_FROM = from;
    if (existingEnv.SMTP_URL === smtpUrl && existingEnv.MAIL_FROM === from)
      return { status: 'già a posto', detail: `${hostOf(smtpUrl)} accetta il login` };
    const sender = transporterOf(smtpUrl);
    try {
      await sender.sendMail({
        from,
        to: answers.admin.email,
        subject: 'Prova di invio dal portale',
        text: `Questa è la prova di npm run setup: il portale invia le e-mail da ${from} attraverso ${hostOf(smtpUrl)}.\nSe la trovi nello spam, controlla SPF e DKIM del dominio (docs/deploy.md).`,
      });
    } catch (error) {
      throw new SetupError(
        `Il server SMTP rifiuta il messaggio di prova da ${from}: ${(error as Error).message}`,
        'docs/deploy.md, "npm run setup"',
      );
    } finally {
      sender.close();
    }
    return { status: existingEnv.SMTP_URL ? 'aggiornato' : 'creato', detail: `e-mail di prova inviata a ${answers.admin.email}` };
  },
};
