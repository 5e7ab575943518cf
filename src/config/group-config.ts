import { z } from 'zod';
import { bankAccountSchema } from '../domain/payments/bank-account';
import { stampDutySchema } from '../domain/receipts/stamp-duty';

/**
 * The schema of `group.config.json`, the one file that holds the group's
 * identity (docs/deploy.md, "The group's identity"). Checked when the site
 * builds (vite.config.ts) and by `npm run check:env`; the browser imports
 * the file already checked and never loads this module.
 */

const url = () => z.url({ protocol: /^https?$/, message: 'un indirizzo completo, https://…' });

/** The file's fields (docs/deploy.md lists what each is for). */
export const groupConfigSchema = z.object({
  /**
   * The season the portal runs (SEASON.campYear): its year is in every page,
   * reason and order. The next one is prepared in the admin ('Nuova
   * stagione') and starts when this changes and the site is built again.
   */
  season: z.number().int().min(2000).max(2100),
  name: z.string().trim().min(3),
  /** The association's fiscal code (11 digits) or a person's (16 characters), as printed on receipts. */
  fiscalCode: z
    .string()
    .trim()
    .regex(/^(\d{11}|[A-Z0-9]{16})$/, 'un codice fiscale di 11 cifre (associazione) o di 16 caratteri'),
  address: z.string().trim().min(5),
  email: z.email(),
  /** A file under public/ (the site's Content Security Policy allows its own images only): the header and the e-mails show it. */
  logo: z.string().regex(/^\/[\w./-]+$/, 'il percorso di un file sotto public/, es. /logo.svg'),
  /** The account of a season whose treasurer has set none in 'Impostazioni stagione' (SeasonSettings.bankAccount). */
  bankAccount: bankAccountSchema,
  /**
   * What the privacy notice (/privacy, docs/privacy.md) says of the group as
   * data controller, and how long it keeps what: the choices a group makes
   * and writes here, not in code.
   */
  privacy: z.object({
    /** The notice's version, the day it last changed (yyyy-mm-dd): a parent's consent is stored with it. Change it with the text. */
    noticeVersion: z.iso.date(),
    /** Who acts for the controller (the group), e.g. 'Il Capo Gruppo pro tempore'. */
    representative: z.string().trim().min(3),
    /** Where a parent writes to exercise their rights. */
    contactEmail: z.email(),
    /** The e-mail (SMTP) provider the group chose, as the notice names it: company and country. */
    mailProvider: z.string().trim().min(3),
    /** The day (mm-dd) a season ends: a season's medical forms are deleted `medicalFormRetentionDays` after it. */
    seasonEnds: z.string().regex(/^(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, 'un giorno mm-gg, es. 09-30'),
    medicalFormRetentionDays: z.number().int().min(0).max(365),
    /** Payments and receipts (art. 2220 c.c.: 10). */
    accountingRetentionYears: z.number().int().min(1).max(20),
    /** Families no longer enrolled, after their last season, before the group erases them. */
    rosterRetentionYears: z.number().int().min(1).max(20),
    /** The documents signed online (docs/privacy.md, "Signatures"): kept this many years after their season ends (10: art. 2946 c.c.). */
    signatureRetentionYears: z.number().int().min(1).max(20).default(10),
    /** Days a waiting-list application is kept once it left the list: the child admitted into the roster, or 'Non ammesso'. */
    admissionRetentionDays: z.number().int().min(0).max(730).default(90),
  }),
  /** The fixed text at the foot of every receipt; '' for none. Say that an amount is tax-deductible only if it is. */
  receiptFooter: z.string().max(600),
  /** Stamp duty on receipts and credit notes above 77,47 € (src/domain/receipts/stamp-duty.ts): exempt with its legal basis, or charged; absent, charged. */
  stampDuty: stampDutySchema,
  links: z.object({
    mainSite: url(),
    branco: url(),
    reparto: url(),
    clan: url(),
    eventi: url(),
    blog: url(),
    listaAttesa: url(),
    donation: url(),
    social: url(),
  }),
});
export type GroupConfig = z.infer<typeof groupConfigSchema>;

/**
 * `value` checked as group.config.json.
 * @throws Error naming every field that is wrong, one per line: 'group.config.json: bankAccount.iban: IBAN non valido…'.
 */
export function checkGroupConfig(value: unknown): GroupConfig {
  const parsed = groupConfigSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  const lines = parsed.error.issues.map((issue) => `group.config.json: ${issue.path.join('.') || '(file)'}: ${issue.message}`);
  throw new Error(lines.join('\n'));
}
