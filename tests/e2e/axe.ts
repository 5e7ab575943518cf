import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The WCAG levels the portal promises (docs/architecture.md, "Accessibility": WCAG 2.1 AA). */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** The impacts that fail a test; 'minor' and 'moderate' findings are printed only. */
const FAILING_IMPACTS = new Set(['serious', 'critical']);

/** One axe violation, readable in a failure message: rule, impact, help, then each offending node's selector and summary. */
type Violation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

function describe(violation: Violation): string {
  const nodes = violation.nodes
    .slice(0, 8)
    .map((node) => `    - ${node.target.join(' ')}\n      ${(node.failureSummary ?? '').replace(/\n/g, '\n      ')}`)
    .join('\n');
  const more = violation.nodes.length > 8 ? `\n    … and ${violation.nodes.length - 8} more` : '';
  return `[${violation.impact ?? '?'}] ${violation.id}: ${violation.help} (${violation.helpUrl})\n${nodes}${more}`;
}

/**
 * Runs axe on the page as it is now (tags {@link AXE_TAGS}) and fails when
 * any violation is serious or critical, listing each rule and the offending
 * elements so the failure reads without opening a trace. Milder findings are
 * logged. `state` names the screen in the message, e.g. '/campo-estivo with
 * children (mobile)'.
 */
export async function expectNoSeriousViolations(page: Page, state: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  const failing = results.violations.filter((violation) => FAILING_IMPACTS.has(violation.impact ?? ''));
  const mild = results.violations.filter((violation) => !FAILING_IMPACTS.has(violation.impact ?? ''));
  if (mild.length > 0) console.log(`[axe] ${state}: minor findings\n${mild.map(describe).join('\n')}`);
  expect(failing.map(describe), `axe found serious or critical violations on ${state}:\n${failing.map(describe).join('\n\n')}`).toEqual([]);
}
