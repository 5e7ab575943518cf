import { randomUUID } from 'node:crypto';
import nodemailer from 'nodemailer';
import { describe, expect, inject, it } from 'vitest';
import { DEMO_MAIL_FROM } from '../../../emulators/dev/stack-environment';
import { testInbox } from '../../support/mail-inbox';

/**
 * The run's mail catcher (tests/support/mail-catcher.global.ts): nodemailer
 * sends to SMTP_URL as the functions do, and tests/support/mail-inbox.ts
 * reads the message back from MailDev's REST API.
 */
describe('mail catcher', () => {
  it("points the tests at the catcher and the local stack's sender", () => {
    expect(process.env.SMTP_URL).toBe(inject('mailCatcher').smtpUrl);
    expect(process.env.SMTP_URL).toMatch(/^smtp:\/\/127\.0\.0\.1:\d+$/);
    expect(process.env.MAIL_FROM).toBe(DEMO_MAIL_FROM);
    expect(process.env.SESSION_SECRET?.length).toBeGreaterThanOrEqual(32);
  });

  it('catches what nodemailer sends, with its recipients in lower case, text and HTML', async () => {
    // An address of this test's own: other files share the inbox.
    const to = `Genitore.${randomUUID()}@Example.com`;
    const transport = nodemailer.createTransport(process.env.SMTP_URL);
    await transport.sendMail({
      from: process.env.MAIL_FROM,
      to,
      bcc: 'segreteria@example.org',
      subject: 'Il tuo codice di accesso',
      text: 'Il tuo codice è 123456.',
      html: '<p>Il tuo codice è <b>123456</b>.</p>',
    });
    transport.close();

    const inbox = testInbox();
    const message = await inbox.waitFor((candidate) => candidate.to.includes(to.toLowerCase()));
    expect(message.subject).toBe('Il tuo codice di accesso');
    expect(message.to).toEqual([to.toLowerCase(), 'segreteria@example.org']);
    expect(/\b(\d{6})\b/.exec(message.text)?.[1]).toBe('123456');
    expect(message.html).toContain('<b>123456</b>');
    expect(message.date).toBeInstanceOf(Date);
    expect(Number.isNaN(message.date.getTime())).toBe(false);
    expect((await inbox.messagesTo(to)).map((found) => found.id)).toEqual([message.id]);
  });

  it('gives up after the timeout, saying what the inbox held', async () => {
    await expect(testInbox().waitFor(() => false, 300)).rejects.toThrow(/No matching e-mail .* within 300 ms/);
  });
});
