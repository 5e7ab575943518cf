/**
 * Reads a mail catcher's inbox (MailDev, emulators/dev/mail-catcher.ts)
 * through its REST API: what the functions sent, as a parent would receive
 * it. For the browser tests (`mailInbox(E2E_MAIL_WEB_URL)`, tests/e2e/ports.ts)
 * and the node tests (`testInbox()`, the catcher of
 * tests/support/mail-catcher.global.ts). No vitest or Playwright import:
 * both runners load this file.
 *
 * The node tests' files run in parallel and share one catcher: find a
 * message by its recipient (an address of the test's own) rather than
 * clearing the inbox.
 */

/** One message in the inbox. */
export interface InboxMessage {
  id: string;
  subject: string;
  /** Every recipient (To, Cc and the SMTP envelope, so Bcc too), lower case, each once. */
  to: string[];
  /** The plain-text body ('' when the message has none). */
  text: string;
  /** The HTML body as MailDev keeps it (sanitised; '' when the message has none). */
  html: string;
  /** The message's Date header, else when the catcher received it. */
  date: Date;
  /** The files attached: the name the catcher serves each under, the name the sender gave it ('' when none), and its MIME type. */
  attachments: Array<{ filename: string; name: string; contentType: string }>;
}

/** A client of one catcher's inbox. */
export interface MailInbox {
  /** Every message, oldest first. */
  messages(): Promise<InboxMessage[]>;
  /** The messages with `address` among their recipients (case-insensitive), oldest first. */
  messagesTo(address: string): Promise<InboxMessage[]>;
  /**
   * Polls until a message satisfies `predicate` and resolves with the newest
   * one that does.
   * @throws Error after `timeoutMs` (10 s by default), listing what the inbox held.
   */
  waitFor(predicate: (message: InboxMessage) => boolean, timeoutMs?: number): Promise<InboxMessage>;
  /** Deletes every message. */
  clear(): Promise<void>;
  /** The bytes of the attachment `filename` of `message`. */
  attachment(message: InboxMessage, filename: string): Promise<Uint8Array>;
}

/** What MailDev's `GET /api/email` answers per message (the fields read here). */
interface MailDevEmail {
  id: string;
  subject?: string;
  time: string;
  date?: string;
  text?: string;
  html?: string;
  to?: Array<{ address?: string }>;
  cc?: Array<{ address?: string }>;
  envelope?: { to?: Array<{ address?: string }> };
  attachments?: Array<{ generatedFileName?: string; fileName?: string; filename?: string; contentType?: string }>;
}

const POLL_MS = 100;

function toMessage(email: MailDevEmail): InboxMessage {
  const recipients = [...(email.to ?? []), ...(email.cc ?? []), ...(email.envelope?.to ?? [])]
    .map((recipient) => recipient.address?.trim().toLowerCase())
    .filter((address): address is string => Boolean(address));
  return {
    id: email.id,
    subject: email.subject ?? '',
    to: [...new Set(recipients)],
    text: email.text ?? '',
    html: email.html ?? '',
    date: new Date(email.date ?? email.time),
    attachments: (email.attachments ?? []).map((file) => ({
      filename: file.generatedFileName ?? file.fileName ?? '',
      name: file.filename ?? file.fileName ?? '',
      contentType: file.contentType ?? '',
    })),
  };
}

/** A client of the inbox whose web interface answers at `webUrl` (e.g. http://127.0.0.1:1080). */
export function mailInbox(webUrl: string): MailInbox {
  const api = `${webUrl.replace(/\/+$/, '')}/api/email`;

  const messages = async (): Promise<InboxMessage[]> => {
    const response = await fetch(api);
    if (!response.ok) throw new Error(`GET ${api}: ${response.status} ${await response.text()}`);
    return ((await response.json()) as MailDevEmail[]).map(toMessage);
  };

  const messagesTo = async (address: string): Promise<InboxMessage[]> => {
    const wanted = address.trim().toLowerCase();
    return (await messages()).filter((message) => message.to.includes(wanted));
  };

  const waitFor = async (predicate: (message: InboxMessage) => boolean, timeoutMs = 10_000): Promise<InboxMessage> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const all = await messages();
      const found = all.filter(predicate).at(-1);
      if (found) return found;
      if (Date.now() >= deadline) {
        const held = all.map((message) => `  "${message.subject}" to ${message.to.join(', ')}`).join('\n') || '  (nothing)';
        throw new Error(`No matching e-mail in ${webUrl} within ${timeoutMs} ms. The inbox held:\n${held}`);
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  };

  const clear = async (): Promise<void> => {
    const response = await fetch(`${api}/all`, { method: 'DELETE' });
    if (!response.ok) throw new Error(`DELETE ${api}/all: ${response.status} ${await response.text()}`);
  };

  const attachment = async (message: InboxMessage, filename: string): Promise<Uint8Array> => {
    const url = `${api}/${encodeURIComponent(message.id)}/attachment/${encodeURIComponent(filename)}`;
    const response = await fetch(url);
    if (!response.ok) throw new Error(`GET ${url}: ${response.status} ${await response.text()}`);
    return new Uint8Array(await response.arrayBuffer());
  };

  return { messages, messagesTo, waitFor, clear, attachment };
}

/** Where the node tests' catcher listens: the ports tests/support/mail-catcher.global.ts starts it on. */
export const testMailPorts = (env: NodeJS.ProcessEnv = process.env) => ({
  smtp: Number(env.MAIL_TEST_SMTP_PORT || 1225),
  web: Number(env.MAIL_TEST_WEB_PORT || 1280),
});

/** The inbox of the node tests' catcher (vitest `unit` project), which SMTP_URL points the functions at. */
export function testInbox(): MailInbox {
  return mailInbox(`http://127.0.0.1:${testMailPorts().web}`);
}
