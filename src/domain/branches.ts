/** A child's scout branch (`sons.branch`; docs/glossary.md: Branco, Reparto, Clan). */
export const BRANCHES = ['Branco', 'Reparto', 'Clan'] as const;
export type Branch = (typeof BRANCHES)[number];
