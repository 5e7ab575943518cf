import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/**
 * What only a person can give `npm run setup` (docs/deploy.md, "npm run
 * setup"): asked once in Italian ({@link askAnswers}, @inquirer/prompts),
 * or read from `--answers FILE` ({@link readAnswersFile}), a JSON file of
 * this shape. Everything else setup finds or makes through each service's API.
 */
const text = z.string().trim().min(1);

export const answersSchema = z.object({
  /** Fields of group.config.json to change (merged into the file, then checked): name, fiscalCode, address, email, bankAccount… */
  group: z.record(z.string(), z.unknown()).default({}),
  firebase: z.union([
    /** The service-account key file (Project settings > Service accounts > Generate new private key). */
    z.object({ serviceAccountFile: text }),
    /** The local stack's emulators (npm run dev, the tests): hosts as host:port. */
    z.object({ emulator: z.object({ projectId: text, firestoreHost: text, authHost: text }) }),
  ]),
  /** The site's address; without it, the Netlify site's own (https://NAME.netlify.app). */
  siteUrl: z.url({ protocol: /^https?$/ }).optional(),
  stripe: z
    .object({
      secretKey: z.string().regex(/^sk_(test|live)_\S+$/, 'la chiave segreta di Stripe, sk_test_… o sk_live_…'),
      publishableKey: z.string().regex(/^pk_(test|live)_\S+$/, 'la chiave pubblicabile di Stripe, pk_test_… o pk_live_…'),
      /** The mode the group expects: its keys must be of it. */
      mode: z.enum(['test', 'live']).default('test'),
    })
    .optional(),
  cloudinary: z.object({
    /** The API environment variable of Cloudinary's console: cloudinary://API_KEY:API_SECRET@CLOUD_NAME. */
    url: z.string().regex(/^cloudinary:\/\/[^:@\s]+:[^@\s]+@[^/\s]+$/, "l'indirizzo cloudinary://API_KEY:API_SECRET@CLOUD_NAME"),
    uploadPreset: text.default('schede-mediche'),
    /** Cloudinary's API base: only for the media emulator (CLOUDINARY_API_URL). */
    apiUrl: z.url({ protocol: /^https?$/ }).optional(),
  }),
  mail: z.object({
    smtpUrl: z.string().regex(/^smtps?:\/\/\S+$/, "l'indirizzo SMTP, smtp://utente:password@host:587 o smtps://…:465"),
    from: text,
  }),
  netlify: z.object({ token: text, site: text }).optional(),
  admin: z.object({ email: z.email('un indirizzo e-mail') }),
});
export type Answers = z.infer<typeof answersSchema>;

/** A readable Italian list of what is wrong in the answers, one line each. */
function problems(error: z.ZodError): string {
  return error.issues.map((issue) => `  ${issue.path.join('.') || '(file)'}: ${issue.message}`).join('\n');
}

/**
 * The answers of `file` (JSON), checked; a relative serviceAccountFile is
 * read from the answers file's folder.
 * @throws Error in Italian naming the file and every wrong field.
 */
export function readAnswersFile(file: string): Answers {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`Non riesco a leggere le risposte in ${file}: ${(error as Error).message}`);
  }
  const parsed = answersSchema.safeParse(raw);
  if (!parsed.success) throw new Error(`Le risposte in ${file} non vanno bene:\n${problems(parsed.error)}`);
  const answers = parsed.data;
  if ('serviceAccountFile' in answers.firebase && !path.isAbsolute(answers.firebase.serviceAccountFile)) {
    answers.firebase = { serviceAccountFile: path.resolve(path.dirname(file), answers.firebase.serviceAccountFile) };
  }
  return answers;
}

/** The fields of group.config.json setup asks for, with the file's current values as defaults. */
const GROUP_QUESTIONS: Array<{ path: string[]; message: string }> = [
  { path: ['name'], message: 'Nome del gruppo (come lo stampano intestazione, e-mail e ricevute)' },
  { path: ['fiscalCode'], message: "Codice fiscale dell'associazione (11 cifre)" },
  { path: ['address'], message: 'Indirizzo della sede' },
  { path: ['email'], message: 'E-mail a cui le famiglie scrivono al gruppo' },
  { path: ['bankAccount', 'holder'], message: 'Intestatario del conto per i bonifici' },
  { path: ['bankAccount', 'iban'], message: 'IBAN del conto' },
  { path: ['privacy', 'contactEmail'], message: "E-mail per i diritti privacy (l'informativa la cita)" },
  { path: ['privacy', 'mailProvider'], message: "Fornitore SMTP, nome e paese (l'informativa lo cita)" },
  { path: ['links', 'mainSite'], message: 'Sito principale del gruppo (https://…)' },
];

const pick = (value: unknown, keys: string[]): unknown =>
  keys.reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined), value);

/**
 * Asks every answer in Italian in the terminal (@inquirer/prompts), the
 * group's fields defaulting to `currentGroup` (group.config.json as it is).
 * Secrets are typed as passwords (not echoed).
 */
export async function askAnswers(currentGroup: unknown): Promise<Answers> {
  const { input, password, select, confirm } = await import('@inquirer/prompts');
  console.log('Rispondi una volta: il resto lo fa npm run setup. Invio conferma il valore tra parentesi.\n');
  const group: Record<string, unknown> = {};
  for (const question of GROUP_QUESTIONS) {
    const current = pick(currentGroup, question.path);
    const answer = await input({ message: question.message, default: typeof current === 'string' ? current : undefined });
    const [head, tail] = question.path;
    if (!head) continue;
    if (tail) group[head] = { ...(pick(currentGroup, [head]) as object), ...(group[head] as object), [tail]: answer };
    else group[head] = answer;
  }
  const serviceAccountFile = await input({
    message: 'File JSON del service account di Firebase (Impostazioni progetto > Account di servizio > Genera nuova chiave privata)',
  });
  const useStripe = await confirm({ message: 'Configurare ora i pagamenti con carta (Stripe)?', default: true });
  const stripe = useStripe
    ? {
        mode: await select({
          message: 'Modalità Stripe',
          choices: [
            { name: 'test (prove, nessun addebito)', value: 'test' as const },
            { name: 'live (pagamenti veri)', value: 'live' as const },
          ],
        }),
        publishableKey: await input({ message: 'Chiave pubblicabile Stripe (pk_…, https://dashboard.stripe.com/apikeys)' }),
        secretKey: await password({ message: 'Chiave segreta Stripe (sk_…)', mask: '•' }),
      }
    : undefined;
  const cloudinaryUrl = await password({
    message: 'CLOUDINARY_URL (cloudinary://…, https://console.cloudinary.com/settings/api-keys)',
    mask: '•',
  });
  const smtpUrl = await password({ message: 'Indirizzo SMTP (smtp://utente:password@host:587 o smtps://…:465)', mask: '•' });
  const from = await input({ message: 'Mittente delle e-mail (Gruppo Scout … <portale@dominio.it>)' });
  const token = await password({
    message: 'Token personale Netlify (https://app.netlify.com/user/applications#personal-access-tokens)',
    mask: '•',
  });
  const site = await input({ message: 'Nome del sito su Netlify (NOME in NOME.netlify.app)' });
  const email = await input({ message: 'E-mail del primo amministratore' });
  const parsed = answersSchema.safeParse({
    group,
    firebase: { serviceAccountFile: path.resolve(serviceAccountFile) },
    stripe,
    cloudinary: { url: cloudinaryUrl },
    mail: { smtpUrl, from },
    netlify: { token, site },
    admin: { email },
  });
  if (!parsed.success) throw new Error(`Alcune risposte non vanno bene:\n${problems(parsed.error)}`);
  return parsed.data;
}
