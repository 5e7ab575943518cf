import { describe, expect, it } from 'vitest';
import { GROUP } from '@config/group';
import { formatEuros } from '@domain/money';
import {
  accessCodeMail,
  accessLinkMail,
  accessLockedMail,
  emailChangeCodeMail,
  emailChangedMail,
} from '../../../netlify/lib/access/access-mails';
import { bankTransferOrderMail } from '../../../netlify/lib/orders/order-mails';
import { cardPaymentMail, debitFailedMail, debitProcessingMail, transferConfirmedMail } from '../../../netlify/lib/payments/payment-mails';
import { medicalFormReceivedMail } from '../../../netlify/lib/medical-forms/medical-form-mails';
import { receiptMail } from '../../../netlify/lib/receipts/receipt-mails';
import type { MailContent, MailLine } from '../../../netlify/lib/platform/mail/layout';

const context = { siteUrl: 'https://pagamenti.example.org/' };
const LOGO = 'https://pagamenti.example.org/logo.svg';
const EVIL = '<script>alert(1)</script>';

const lines: MailLine[] = [
  { child: { name: 'Marco' }, plan: 'Campo Estivo - Acconto', size: '', priceEuros: 100 },
  { child: { name: 'Giulia' }, plan: 'Felpa Reparto', size: 'M', priceEuros: 30 },
];

const reason = 'Acconto Campo Scout 2025 - Rossi';

/** All the messages, with `surname` as the family's surname where a message has one. */
function everyMail(surname = 'Rossi'): MailContent[] {
  return [
    accessCodeMail({ code: '012345', minutes: 10 }, context),
    bankTransferOrderMail(
      { familySurname: surname, lines, totalEuros: 130, iban: GROUP.bankAccount.iban, holder: GROUP.bankAccount.holder, reason },
      context,
    ),
    cardPaymentMail({ familySurname: surname, lines, totalEuros: 134.72, serviceFeeEuros: 4.72, receiptNumber: '2025/7' }, context),
    transferConfirmedMail({ familySurname: surname, lines, totalEuros: 130, reason, receiptNumber: '2025/8' }, context),
    receiptMail({ familySurname: surname, receiptNumber: '2025/8', totalEuros: 130 }, context),
    medicalFormReceivedMail({ childName: 'Marco', season: 2025, familySurname: surname }, context),
  ];
}

describe('parent e-mails', () => {
  it('have the exact subjects', () => {
    expect(everyMail().map((mail) => mail.subject)).toEqual([
      'Il tuo codice di accesso',
      'Ordine registrato: dati per il bonifico',
      'Pagamento ricevuto',
      'Bonifico ricevuto',
      'Ricevuta n. 2025/8',
      'Scheda medica ricevuta',
    ]);
  });

  it('put the access code, its validity and the warnings in text and HTML', () => {
    const mail = accessCodeMail({ code: '012345', minutes: 10 }, context);
    for (const body of [mail.text, mail.html]) {
      expect(body).toContain('012345');
      expect(body).toContain('10 minuti');
      expect(body).toContain('Gentile genitore,');
      expect(body).toContain('ignora questa e-mail');
      expect(body).toContain('Non condividere il codice');
    }
  });

  it('give the one-time sign-in link with the code, plainly, and only when there is one', () => {
    const link = 'https://pagamenti.example.org/accesso#abcdefghijklmnopqrstuvwxyzABCDEFGHIJ0123456';
    const mail = accessCodeMail({ code: '012345', minutes: 7, link }, context);
    expect(mail.text).toContain(`Oppure entra con un clic da questo link, valido 7 minuti e una sola volta:\n\n${link}`);
    expect(mail.html).toContain(`<a href="${link}"`);
    expect(mail.text.indexOf('012345')).toBeLessThan(mail.text.indexOf(link));
    expect(accessCodeMail({ code: '012345', minutes: 10 }, context).text).not.toContain('/accesso');
  });

  it('send a link alone while codes are paused, and tell the parent once what happened and what to do', () => {
    const link = 'https://pagamenti.example.org/accesso#abcdefghijklmnopqrstuvwxyzABCDEFGHIJ0123456';
    const linkMail = accessLinkMail({ link, minutes: 10 }, context);
    expect(linkMail.subject).toBe('Il tuo link di accesso');
    for (const body of [linkMail.text, linkMail.html]) {
      expect(body).toContain('valido 10 minuti e una sola volta');
      expect(body).toContain('Gentile genitore,');
      expect(body).toContain('Non condividere il link');
    }
    expect(linkMail.text).not.toMatch(/\b\d{6}\b/);
    const locked = accessLockedMail({ wrongTries: 10 }, context);
    expect(locked.subject).toBe('Tentativi di accesso con il tuo codice fiscale');
    expect(locked.text).toContain('inserendo 10 codici di accesso sbagliati');
    expect(locked.text).toContain('fino a domani non inviamo più codici di accesso');
    expect(locked.text).toContain('premi di nuovo «Trova»');
    expect(locked.text).toContain(`scrivi a ${GROUP.email}`);
  });

  it('asks the new address to confirm an e-mail change with its code, and tells the old one once changed, the new one masked', () => {
    const code = emailChangeCodeMail({ code: '012345', minutes: 10 }, context);
    expect(code.subject).toBe('Conferma il tuo nuovo indirizzo e-mail');
    expect(code.text).toContain('012345');
    expect(code.text).toContain('Il codice vale 10 minuti.');
    expect(code.text).toContain("senza il codice l'indirizzo non cambia");
    const changed = emailChangedMail({ parentName: 'Mario Rossi', maskedNewEmail: 'm•••@e•••.com' }, context);
    expect(changed.subject).toBe('Il tuo indirizzo e-mail è cambiato');
    expect(changed.text).toContain("l'indirizzo e-mail di Mario Rossi sul portale del gruppo è stato cambiato in m•••@e•••.com");
    expect(changed.text).toContain(`Se non sei stato tu, scrivi subito a ${GROUP.email}.`);
  });

  it('greet the family, sign with the group and give its address and e-mail, in text and HTML', () => {
    for (const mail of everyMail().slice(1)) {
      for (const body of [mail.text, mail.html]) {
        expect(body).toContain('Gentile famiglia Rossi,');
        expect(body).toContain(GROUP.name);
        expect(body).toContain(GROUP.address);
        expect(body).toContain(`Per domande scrivi a ${mail.html === body ? `<a href="mailto:${GROUP.email}"` : GROUP.email}`);
      }
    }
  });

  it('escape an interpolated surname in HTML, and keep it as typed in the text', () => {
    for (const mail of everyMail(EVIL).slice(1)) {
      expect(mail.html).not.toContain('<script');
      expect(mail.html).toContain('Gentile famiglia &lt;script&gt;alert(1)&lt;/script&gt;,');
      expect(mail.text).toContain(`Gentile famiglia ${EVIL},`);
    }
    const child = medicalFormReceivedMail({ childName: '"><img src=x onerror=alert(1)>', season: 2025 }, context);
    expect(child.html).not.toContain('<img src=x');
    expect(child.html).toContain('Gentile genitore,');
  });

  it('format amounts the Italian way', () => {
    const [, order, card, confirmed] = everyMail();
    expect(formatEuros(280)).toBe('280,00 €');
    for (const mail of [order!, card!, confirmed!]) {
      for (const body of [mail.text, mail.html]) {
        expect(body).toContain('100,00 €');
        expect(body).toContain('30,00 €');
        expect(body).toContain('Taglia M');
        expect(body).toContain('Campo Estivo - Acconto');
      }
    }
    expect(order!.text).toContain('Totale da Pagare: 130,00 €');
    expect(card!.text).toContain('Totale pagato: 134,72 €');
    expect(confirmed!.text).toContain('Totale ricevuto: 130,00 €');
  });

  it('give the transfer order the IBAN, the holder and the exact reason, and say the treasurer confirms', () => {
    const reasonWithQuote = "Saldo Campo Scout 2025 - D'Amico";
    const mail = bankTransferOrderMail(
      {
        familySurname: "D'Amico",
        lines,
        totalEuros: 130,
        iban: 'IT60X0542811101000000123456',
        holder: 'Gruppo Scout',
        reason: reasonWithQuote,
      },
      context,
    );
    expect(mail.text).toContain('IBAN: IT60X0542811101000000123456');
    expect(mail.text).toContain('Intestatario: Gruppo Scout');
    expect(mail.text).toContain(`Causale: ${reasonWithQuote}`);
    expect(mail.text).toContain('Importo: 130,00 €');
    expect(mail.text).toContain('tesoriere');
    expect(mail.html).toContain('IT60X0542811101000000123456');
    expect(mail.html).toContain('Gruppo Scout');
    expect(mail.html).toContain('Saldo Campo Scout 2025 - D&#39;Amico');
  });

  it("show 'Commissioni Servizio' only when the fee is greater than 0", () => {
    const withFee = cardPaymentMail(
      { familySurname: 'Rossi', lines, totalEuros: 134.72, serviceFeeEuros: 4.72, receiptNumber: null },
      context,
    );
    expect(withFee.text).toContain('Commissioni Servizio: 4,72 €');
    expect(withFee.html).toContain('Commissioni Servizio');
    const noFee = cardPaymentMail({ familySurname: 'Rossi', lines, totalEuros: 130, serviceFeeEuros: 0, receiptNumber: null }, context);
    expect(noFee.text).not.toContain('Commissioni Servizio');
    expect(noFee.html).not.toContain('Commissioni Servizio');
  });

  it("name the 'Contributo al fondo di solidarietà' on its own line, before the fee, only when there is one", () => {
    const gift = { familySurname: 'Rossi', lines, totalEuros: 155.47, solidarityContributionEuros: 20, serviceFeeEuros: 5.47 };
    for (const mail of [
      cardPaymentMail({ ...gift, receiptNumber: null }, context),
      debitProcessingMail(gift, context),
      debitFailedMail({ ...gift, payUrl: 'https://pagamenti.example.org/campo-estivo' }, context),
    ]) {
      expect(mail.text).toContain('Contributo al fondo di solidarietà: 20,00 €');
      expect(mail.text.indexOf('Contributo al fondo di solidarietà')).toBeLessThan(mail.text.indexOf('Commissioni Servizio'));
      expect(mail.html).toContain('Contributo al fondo di solidarietà');
    }
    const none = cardPaymentMail({ ...gift, solidarityContributionEuros: 0, receiptNumber: null }, context);
    expect(none.text).not.toContain('Contributo');
  });

  it('name the attached receipt only when there is one', () => {
    const confirmed = transferConfirmedMail({ familySurname: 'Rossi', lines, totalEuros: 130, reason, receiptNumber: '2025/8' }, context);
    expect(confirmed.text).toContain('In allegato trovi la ricevuta n. 2025/8.');
    const toVerify = cardPaymentMail({ familySurname: 'Rossi', lines, totalEuros: 130, serviceFeeEuros: 0, receiptNumber: null }, context);
    expect(toVerify.text).not.toContain('ricevuta');
    const again = receiptMail({ familySurname: 'Rossi', receiptNumber: '2025/8', totalEuros: 280 }, context);
    expect(again.subject).toBe('Ricevuta n. 2025/8');
    expect(again.text).toContain('280,00 €');
  });

  it('name the child and the season in the medical form mail', () => {
    const mail = medicalFormReceivedMail({ childName: 'Marco', season: 2025, familySurname: 'Rossi' }, context);
    expect(mail.text).toContain('scheda medica di Marco per il Campo Estivo 2025');
  });

  it('have one image, the logo, and no scripts, external CSS or remote resources besides it', () => {
    for (const mail of [...everyMail(), ...everyMail(EVIL)]) {
      expect(mail.html.match(/<img\b[^>]*>/g)).toEqual([expect.stringContaining(`src="${LOGO}"`)]);
      expect(mail.html).toContain('<html lang="it">');
      expect(mail.html).toContain('<meta charset="utf-8">');
      expect(mail.html).not.toMatch(/<script|<link|<style|url\(/i);
      expect(mail.html.match(/https?:\/\/[^"\s<]+/g)).toEqual([LOGO]);
    }
    for (const mail of everyMail()) expect(mail.text).not.toMatch(/<[a-z]/i);
  });
});

describe('the reminder e-mail', () => {
  const reminderInput = {
    familySurname: 'Rossi',
    productName: 'Saldo Campo Estivo 2025',
    lines: [
      { child: { name: 'Giulia' }, plan: 'Campo Estivo - Saldo', size: '' as const, priceEuros: 180 },
      { child: { name: 'Marco' }, plan: 'Campo Estivo - Saldo', size: '' as const, priceEuros: 155 },
    ],
    totalEuros: 335,
    deadline: '2025-06-30',
    iban: GROUP.bankAccount.iban,
    holder: GROUP.bankAccount.holder,
    reason: 'Saldo Campo Scout 2025 - Rossi',
    paymentUrl: 'https://pagamenti.example.org/campo-estivo',
  };
  const reminder = async (overrides: Partial<Omit<typeof reminderInput, 'deadline'>> & { deadline?: string | null } = {}) => {
    const { reminderMail } = await import('../../../netlify/lib/reminders/reminder-mails');
    return reminderMail({ ...reminderInput, ...overrides }, context);
  };

  it('names the product in the subject; says the children, what each owes, the deadline, the link and the transfer', async () => {
    const mail = await reminder();
    expect(mail.subject).toBe('Promemoria: Saldo Campo Estivo 2025 da pagare');
    for (const body of [mail.text, mail.html]) {
      expect(body).toContain('Gentile famiglia Rossi,');
      expect(body).toContain('Giulia');
      expect(body).toContain('Marco');
      expect(body).toContain(formatEuros(180));
      expect(body).toContain(formatEuros(155));
      expect(body).toContain(formatEuros(335));
      expect(body).toContain('Da pagare entro il 30/06/2025');
      expect(body).toContain('https://pagamenti.example.org/campo-estivo');
      expect(body).toContain(GROUP.bankAccount.iban);
      expect(body).toContain(GROUP.bankAccount.holder);
      expect(body).toContain('Saldo Campo Scout 2025 - Rossi');
      expect(body).toContain(GROUP.name);
    }
    expect(mail.html).toContain('<a href="https://pagamenti.example.org/campo-estivo"');
  });

  it('names no deadline when the season has none', async () => {
    const mail = await reminder({ deadline: null });
    expect(mail.text).not.toContain('Da pagare entro');
    expect(mail.html).not.toContain('Da pagare entro');
  });

  it('escapes every value, and links only the payment page besides the logo: no tracking', async () => {
    const mail = await reminder({
      familySurname: EVIL,
      productName: EVIL,
      lines: [{ child: { name: EVIL }, plan: 'Felpa Reparto', size: '', priceEuros: 30 }],
      reason: `Pagamento Felpa - ${EVIL}`,
      paymentUrl: 'https://pagamenti.example.org/felpa-reparto?"><script>x</script>',
    });
    expect(mail.html).not.toMatch(/<script/i);
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    const clean = await reminder();
    expect(clean.html.match(/<img\b[^>]*>/g)).toEqual([expect.stringContaining(`src="${LOGO}"`)]);
    expect([...new Set(clean.html.match(/https?:\/\/[^"\s<]+/g))].sort()).toEqual([LOGO, reminderInput.paymentUrl].sort());
    expect(clean.text).not.toMatch(/<[a-z]/i);
  });
});

describe("a volunteer's invitation", () => {
  const link = 'https://pagamenti.example.org/admin/imposta-password?oobCode=abc&verifyCode=def';

  it('says who invited, with which role, gives the link, its hour, and where to sign in, in text and HTML', async () => {
    const { staffInvitationMail } = await import('../../../netlify/lib/staff/staff-mails');
    const mail = staffInvitationMail({ roleLabel: 'Capo (Reparto, Clan)', invitedBy: 'admin@example.org', link }, context);
    expect(mail.subject).toBe("Invito all'area admin del portale");
    expect(mail.text).toContain(link);
    expect(mail.html).toContain(`<a href="${link.replace('&', '&amp;')}"`);
    for (const body of [mail.text, mail.html]) {
      expect(body).toContain('con il ruolo di Capo (Reparto, Clan)');
      expect(body).toContain('admin@example.org ti ha invitato');
      expect(body).toMatch(/Il link vale un(?:'|&#39;)ora e si usa una volta sola/);
      expect(body).toContain('https://pagamenti.example.org/admin con questo indirizzo');
      expect(body).toContain('ignora questa e-mail');
    }
  });

  it('escapes every value', async () => {
    const { staffInvitationMail } = await import('../../../netlify/lib/staff/staff-mails');
    const mail = staffInvitationMail({ roleLabel: EVIL, invitedBy: EVIL, link: `${link}"><script>x</script>` }, context);
    expect(mail.html).not.toMatch(/<script/i);
  });
});
