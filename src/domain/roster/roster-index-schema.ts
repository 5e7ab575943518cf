import { z } from 'zod';
import { BRANCHES } from '../branches';

/** A child in the roster index: what an import compares (docs/data-model.md, "The roster"). */
const indexedChild = z.object({
  id: z.string(),
  family_id: z.string(),
  name: z.string(),
  surname: z.string(),
  branch: z.enum(BRANCHES),
  archived: z.boolean(),
});
/** A parent in the roster index. */
const indexedParent = z.object({
  id: z.string(),
  family_id: z.string(),
  name: z.string(),
  surname: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
});

/**
 * `roster_index/children-{n}` and `roster_index/parents-{n}` (n: 0–7, by
 * the fiscal code's check character): every child and parent of the roster
 * by fiscal code, so an import's preview reads 16 documents whatever the
 * roster's size, kept in the same writes as the people (docs/data-model.md,
 * "The roster"). Server only.
 */
export const rosterIndexDocument = z.object({
  children: z.record(z.string(), indexedChild).default({}),
  parents: z.record(z.string(), indexedParent).default({}),
});
export type RosterIndexDocument = z.infer<typeof rosterIndexDocument>;
