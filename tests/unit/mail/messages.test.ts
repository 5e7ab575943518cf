import { describe, expect, it } from 'vitest';
import { GROUP } from '@/config/group';
import { formatEuros } from '@/domain/money';
import {
  accessCodeMail,
  bankTransferOrderMail,
  cardPaymentMail,
  medicalFormReceivedMail,
  transferConfirmedMail,
  type MailContent,
  type MailLine,
} from '../../../netlify/lib/mail/messages';

const context = { siteUrl: 'https://pagamenti.example.org/' };
const LOGO = 'https://pagamenti.example.org/logo.svg';
const EVIL = '<script>alert(1)</script>';

const lines: MailLine[] = [
  { childName: 'Marco', plan: 'Campo Estivo - Acconto', size: '', amountEuros: 100 },
  { childName: 'Giulia', plan: 'Felpa Reparto', size: 'M', amountEuros: 30 },
];

const reason = 'Acconto Campo Scout 2025 - Rossi';

/** All five messages, with `surname` as the family's surname where a message has one. */
function everyMail(surname = 'Rossi'): MailContent[] {
  return [
    accessCodeMail({ code: '012345', minutes: 10 }, context),
    bankTransferOrderMail(
      { familySurname: surname, lines, totalEuros: 130, iban: GROUP.bankAccount.iban, holder: GROUP.bankAccount.holder, reason },
      context,
    ),
    cardPaymentMail({ familySurname: surname, lines, totalEuros: 134.72, serviceFeeEuros: 4.72 }, context),
    transferConfirmedMail({ familySurname: surname, lines, totalEuros: 130, reason }, context),
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
    const withFee = cardPaymentMail({ familySurname: 'Rossi', lines, totalEuros: 134.72, serviceFeeEuros: 4.72 }, context);
    expect(withFee.text).toContain('Commissioni Servizio: 4,72 €');
    expect(withFee.html).toContain('Commissioni Servizio');
    const noFee = cardPaymentMail({ familySurname: 'Rossi', lines, totalEuros: 130, serviceFeeEuros: 0 }, context);
    expect(noFee.text).not.toContain('Commissioni Servizio');
    expect(noFee.html).not.toContain('Commissioni Servizio');
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
