import nodemailer, { type Transporter } from 'nodemailer';
import { serviceConfig } from '../server-env';

/**
 * SMTP through nodemailer, configured by the `mail` service
 * (netlify/lib/platform/server-env.ts: SMTP_URL or SMTP_HOST…, MAIL_FROM). One
 * transporter per configuration, kept while the function instance lives.
 */

let cached: { key: string; transporter: Transporter } | null = null;

function transporter(): { transporter: Transporter; from: string } {
  const config = serviceConfig('mail');
  const key = JSON.stringify(config.transport);
  if (cached?.key !== key) {
    // Short timeouts: a function must answer, and the outbox retries anyway.
    const timeouts = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };
    const transport = typeof config.transport === 'string' ? { url: config.transport, ...timeouts } : { ...config.transport, ...timeouts };
    // On a plain smtp:// connection to another machine, STARTTLS is required: the password never travels in clear.
    const host = typeof config.transport === 'string' ? new URL(config.transport).hostname : config.transport.host;
    const plain = typeof config.transport === 'string' ? config.transport.startsWith('smtp:') : !config.transport.secure;
    const local = ['localhost', '127.0.0.1', '::1', '[::1]'].includes(host);
    cached = { key, transporter: nodemailer.createTransport({ ...transport, requireTLS: plain && !local }) };
  }
  return { transporter: cached.transporter, from: config.from };
}

/** One message as SMTP sends it; `messageId` makes a resend recognisable as the same message. */
export interface SmtpMessage {
  to: readonly string[];
  subject: string;
  text: string;
  html: string;
  messageId: string;
  /** Files attached: name, bytes and MIME type. */
  attachments?: ReadonlyArray<{ filename: string; content: Uint8Array; contentType: string }>;
}

/**
 * Sends `message` from MAIL_FROM.
 * @throws ServiceNotConfiguredError without SMTP settings; nodemailer's error when the server refuses or cannot be reached.
 */
export async function sendMail(message: SmtpMessage): Promise<void> {
  const { transporter: smtp, from } = transporter();
  await smtp.sendMail({
    from,
    to: [...message.to],
    subject: message.subject,
    text: message.text,
    html: message.html,
    attachments: (message.attachments ?? []).map((file) => ({ ...file, content: Buffer.from(file.content) })),
    // The sender's own domain: a Message-ID on another domain is a spam signal.
    messageId: `<${message.messageId}@${/@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'localhost'}>`,
  });
}
