import { MailDev } from 'maildev';

/**
 * The local SMTP catcher: MailDev (the `maildev` package, v3) run in this
 * process. The functions send through it exactly as through a real SMTP
 * server (nodemailer, `SMTP_URL=smtp://127.0.0.1:PORT`, no TLS, no login);
 * nothing leaves the machine, and every message shows up in its web inbox
 * and its REST API (`GET /api/email`, read by tests/support/mail-inbox.ts).
 * See docs/local-stack.md, "E-mail".
 */

/** Options of {@link startMailCatcher}. */
export interface MailCatcherOptions {
  /** Address both servers bind to (the stack's 127.0.0.1: never the network). */
  host: string;
  smtpPort: number;
  webPort: number;
  /**
   * Folder of this catcher's own: MailDev writes each message there as an
   * `.eml` file, reads back what it finds at start and empties the folder
   * when the inbox is cleared, so two catchers must never share one.
   */
  mailDir: string;
  /** Most messages kept; the oldest go first, with their files (default 500). */
  maxEmails?: number;
  /** Called for every message received (the launcher prints one line per message). */
  onMessage?: (message: { subject: string; to: string[] }) => void;
}

/** A running catcher. */
export interface MailCatcher {
  /** What nodemailer (and SMTP_URL) points at, e.g. smtp://127.0.0.1:1025. */
  smtpUrl: string;
  /** The web inbox and its REST API, e.g. http://127.0.0.1:1080. */
  webUrl: string;
  close(): Promise<void>;
}

/**
 * Starts MailDev on `host`: SMTP on `smtpPort`, the web inbox and REST API
 * on `webPort`. Rejects when a port is taken.
 */
export async function startMailCatcher(options: MailCatcherOptions): Promise<MailCatcher> {
  const maildev = new MailDev({
    smtp: options.smtpPort,
    ip: options.host,
    web: options.webPort,
    webIp: options.host,
    disableWeb: false,
    mailDirectory: options.mailDir,
    maxEmails: options.maxEmails ?? 500,
    // MailDev's own log (colours, one block per message) would interleave with Vite's; onMessage says it in one line.
    silent: true,
  });
  const servers = await maildev.start();
  if (options.onMessage) {
    const onMessage = options.onMessage;
    servers.smtp.on('new', (email: { subject?: string; to?: Array<{ address: string }> }) =>
      onMessage({ subject: email.subject ?? '', to: (email.to ?? []).map((to) => to.address) }),
    );
  }
  return {
    smtpUrl: `smtp://${options.host}:${options.smtpPort}`,
    webUrl: `http://${options.host}:${options.webPort}`,
    close: () => maildev.stop(),
  };
}
