import nodemailer from 'nodemailer';
import { failed, passed, reasonOf, type LaunchCheck } from '../types';

const LOCAL_HOSTS = ['localhost', '127.0.0.1', '::1', '[::1]'];

/**
 * E-mail: the SMTP server of SMTP_URL accepts the login (nodemailer's
 * verify); with a fiscal code, the site sends that parent's access code
 * (request-access-code), which must then arrive in their mailbox.
 */
export const mailCheck: LaunchCheck = {
  name: 'E-mail (SMTP)',
  run: async ({ siteUrl, env, fiscalCode }) => {
    const smtpUrl = env.SMTP_URL;
    if (!smtpUrl) return failed('SMTP_URL mancante', 'npm run setup (o SMTP_URL in .env, docs/deploy.md).');
    const url = new URL(smtpUrl);
    const smtp = nodemailer.createTransport({
      url: smtpUrl,
      requireTLS: url.protocol === 'smtp:' && !LOCAL_HOSTS.includes(url.hostname),
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
    });
    try {
      await smtp.verify();
    } catch (error) {
      return failed(
        `il server ${url.hostname}:${url.port} non accetta (${reasonOf(error)})`,
        'Controlla host, porta e password di SMTP_URL; in locale, che il mail catcher di npm run dev sia avviato.',
      );
    } finally {
      smtp.close();
    }
    if (!fiscalCode) return passed(`${url.hostname}:${url.port} accetta il login`);
    const response = await fetch(`${siteUrl}/.netlify/functions/request-access-code`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ fiscalCode }),
    }).catch(() => null);
    const body = (await response?.json().catch(() => ({}))) as { error?: string };
    if (!response?.ok)
      return failed(
        `request-access-code: ${body.error ?? response?.status ?? 'nessuna risposta'}`,
        'Il codice fiscale deve essere in anagrafica con un indirizzo e-mail (Famiglie).',
      );
    return passed(`${url.hostname}:${url.port} accetta il login; codice d'accesso inviato: controlla la casella del genitore`);
  },
};
