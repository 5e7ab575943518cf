import { test } from '@playwright/test';
import { A11Y_STATES } from './a11y-states';
import { expectNoSeriousViolations } from './axe';
import { expectMadeForThumbs } from './thumbs';

/**
 * axe (WCAG 2.1 AA) on every route and the states that matter (docs/architecture.md,
 * "Accessibility"), at a desktop and at a phone size: any serious or critical
 * violation fails; at the phone size the same visit also measures tap
 * targets and text sizes (tests/e2e/thumbs.ts). The states only read (tests/e2e/a11y-states.ts), so this
 * file passes before or after the specs that pay.
 */
const VIEWPORTS = [
  { name: 'desktop', use: { viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false } },
  { name: 'mobile', use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } },
] as const;

for (const viewport of VIEWPORTS) {
  test.describe(`axe at ${viewport.name} size`, () => {
    test.use(viewport.use);
    for (const state of A11Y_STATES) {
      if (state.mobileOnly && viewport.name !== 'mobile') continue;
      const thumbs = viewport.name === 'mobile' ? ', controls at least 44x44 px, text at least 14 px' : '';
      test(`${state.name}: no serious violation${thumbs}`, async ({ page }) => {
        await state.open(page);
        await expectNoSeriousViolations(page, `${state.name} (${viewport.name})`);
        if (thumbs) await expectMadeForThumbs(page, state.name);
      });
    }
  });
}
