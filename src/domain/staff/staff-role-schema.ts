import { z } from 'zod';
import { BRANCHES } from '../branches';
import type { Staff } from './staff-roles';

/** Italian messages of a role that does not hold together. */
export const STAFF_ROLE_MESSAGES = {
  role: 'Ruolo non valido: scegli amministratore, tesoriere o capo.',
  branches: 'Un capo deve avere almeno una branca (Branco, Reparto, Clan).',
} as const;

/**
 * A role as the 'Utenti' view and `npm run admin -- grant` give it
 * (src/domain/staff/staff-roles.ts): `{ role, branches }`, branches only for a
 * capo, at least one, each once.
 */
export const staffSchema: z.ZodType<Staff> = z.discriminatedUnion(
  'role',
  [
    z.object({ role: z.literal('admin') }),
    z.object({ role: z.literal('tesoriere') }),
    z.object({
      role: z.literal('capo'),
      branches: z
        .array(z.enum(BRANCHES), { error: STAFF_ROLE_MESSAGES.branches })
        .min(1, STAFF_ROLE_MESSAGES.branches)
        .transform((chosen) => BRANCHES.filter((branch) => chosen.includes(branch))),
    }),
  ],
  { error: STAFF_ROLE_MESSAGES.role },
);
