import { BRANCHES, type Branch } from '@domain/branches';
import type { PriceRule } from '@domain/catalogue/price-rule';
import { readTypedEuros } from '@domain/money';

/** A price rule as the treasurer types it: every field a string, '' for not set. */
export interface PriceDraft {
  euros: string;
  branch: Record<Branch, string>;
  sibling: string;
  freeFrom: string;
}

const euroText = (euros: number | undefined) => (euros === undefined ? '' : euros.toFixed(2).replace('.', ','));

/** The fields of `rule`, euros written the Italian way ('190,00'). */
export function draftOf(rule: PriceRule): PriceDraft {
  return {
    euros: euroText(rule.euros),
    branch: Object.fromEntries(BRANCHES.map((branch) => [branch, euroText(rule.branchEuros?.[branch])])) as Record<Branch, string>,
    sibling: euroText(rule.siblingEuros),
    freeFrom: rule.freeFromChild === undefined ? '' : String(rule.freeFromChild),
  };
}

/**
 * The rule the fields describe, or the first field's problem in Italian
 * ('Prezzo per figlio: scrivi un importo in euro, es. 180,00'). The server
 * checks the rule again (priceRuleSchema).
 */
export function ruleOf(draft: PriceDraft): { rule: PriceRule } | { error: string } {
  const euros = readTypedEuros(draft.euros);
  if (euros === null) return { error: 'Prezzo per figlio: scrivi un importo in euro, es. 180,00.' };
  const rule: PriceRule = { euros };
  const branchEuros: Partial<Record<Branch, number>> = {};
  for (const branch of BRANCHES) {
    const text = draft.branch[branch].trim();
    if (!text) continue;
    const value = readTypedEuros(text);
    if (value === null) return { error: `${branch}: scrivi un importo in euro o lascia vuoto.` };
    branchEuros[branch] = value;
  }
  if (Object.keys(branchEuros).length > 0) rule.branchEuros = branchEuros;
  if (draft.sibling.trim()) {
    const value = readTypedEuros(draft.sibling);
    if (value === null) return { error: 'Dal 2° figlio: scrivi un importo in euro o lascia vuoto.' };
    rule.siblingEuros = value;
  }
  if (draft.freeFrom.trim()) {
    const value = Number(draft.freeFrom.trim());
    if (!Number.isInteger(value) || value < 2 || value > 20)
      return { error: 'Gratis dal figlio: scrivi un numero da 2 a 20 o lascia vuoto.' };
    rule.freeFromChild = value;
  }
  return { rule };
}
