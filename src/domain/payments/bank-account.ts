import { electronicFormatIBAN, friendlyFormatIBAN, isValidIBAN } from 'ibantools';
import { z } from 'zod';

/** The account parents pay a Bonifico into: its holder and IBAN (electronic format, no spaces). */
export interface BankAccount {
  holder: string;
  iban: string;
}

/** Italian messages of {@link bankAccountSchema}. */
export const BANK_ACCOUNT_MESSAGES = {
  holder: "Intestatario: scrivi il nome dell'intestatario del conto (almeno 3 caratteri).",
  iban: "IBAN non valido: controlla lettere e cifre (il controllo dell'IBAN non torna).",
} as const;

/**
 * A bank account as the treasurer types it: the holder trimmed, the IBAN
 * with spaces and lower case allowed, checked with ibantools (country,
 * length, check digits) and kept in electronic format ('IT60X054…').
 */
export const bankAccountSchema = z.object({
  holder: z.string().trim().min(3, BANK_ACCOUNT_MESSAGES.holder).max(70, BANK_ACCOUNT_MESSAGES.holder),
  iban: z
    .string()
    .transform((value) => electronicFormatIBAN(value) ?? '')
    .refine(isValidIBAN, BANK_ACCOUNT_MESSAGES.iban),
}) satisfies z.ZodType<BankAccount, unknown>;

/** The IBAN in groups of four for reading aloud or copying by eye: 'IT60 X054 2811 …'. */
export function readableIban(iban: string): string {
  return friendlyFormatIBAN(iban) ?? iban;
}
