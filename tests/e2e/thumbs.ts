import { expect, type Page } from '@playwright/test';

/**
 * Made for thumbs (docs/architecture.md, "Accessibility"), checked by accessibility.spec.ts
 * at 390x844 on every state of tests/e2e/a11y-states.ts: every visible tappable control is at least
 * 44x44 CSS px, every visible text at least 14 px and the text of inputs,
 * selects and text areas at least 16 px (smaller makes iOS zoom in on focus),
 * and no page wider than the phone.
 */
const MIN_TARGET = 44;
const MIN_TEXT = 14;
const MIN_FIELD_TEXT = 16;

/** What the page offends with, one readable line per control or text ('button "Copia IBAN": 60x24'). */
interface Offences {
  targets: string[];
  texts: string[];
  /** How many CSS px the page is wider than the phone (a sideways swipe), 0 when it fits. */
  overflow: number;
}

function measure(page: Page): Promise<Offences> {
  return page.evaluate(
    ({ minTarget, minText, minFieldText }) => {
      const shown = (el: Element): boolean => {
        const box = el.getBoundingClientRect();
        // Visually hidden (sr-only, a skip link until focused) or not rendered: nobody taps or reads it.
        return box.width > 1 && box.height > 1 && el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true });
      };
      const clean = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim().slice(0, 60);
      const nameOf = (el: Element): string => {
        const labelled = el.getAttribute('aria-labelledby');
        const byId = labelled
          ? clean(
              labelled
                .split(' ')
                .map((id) => document.getElementById(id)?.textContent)
                .join(' '),
            )
          : '';
        const labels = 'labels' in el ? Array.from((el as HTMLInputElement).labels ?? []).map((label) => label.textContent) : [];
        return (
          clean(el.getAttribute('aria-label')) ||
          byId ||
          clean(labels.join(' ')) ||
          clean(el.textContent) ||
          clean(el.getAttribute('title'))
        );
      };
      const roleOf = (el: Element): string => {
        const explicit = el.getAttribute('role');
        if (explicit) return explicit;
        if (el instanceof HTMLAnchorElement) return 'link';
        if (el instanceof HTMLSelectElement) return 'combobox';
        if (el instanceof HTMLInputElement) return el.type === 'checkbox' || el.type === 'radio' ? el.type : `input[${el.type}]`;
        return el.tagName.toLowerCase();
      };
      // WCAG 2.5.8's inline exception: a link inside a sentence (a paragraph or list item with other text) is sized by the line of text.
      const inline = (el: Element): boolean => {
        if (!(el instanceof HTMLAnchorElement)) return false;
        const block = el.closest('p, li, dd, td');
        return block !== null && clean(block.textContent).length > clean(el.textContent).length;
      };

      const targets: string[] = [];
      const controls = document.querySelectorAll('a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button]');
      for (const control of controls) {
        let tapped: Element = control;
        if (control instanceof HTMLInputElement && ['checkbox', 'radio', 'file'].includes(control.type)) {
          // The user taps the bigger of the control and its clickable label (a wrapping label, or label[for]).
          const label = Array.from(control.labels ?? []).find(shown);
          if (label) {
            const labelBox = label.getBoundingClientRect();
            const own = control.getBoundingClientRect();
            if (!shown(control) || labelBox.width * labelBox.height > own.width * own.height) tapped = label;
          }
        }
        if (!shown(tapped) || inline(control)) continue;
        const box = tapped.getBoundingClientRect();
        if (box.width < minTarget - 0.5 || box.height < minTarget - 0.5) {
          targets.push(`${roleOf(control)} "${nameOf(control)}": ${Math.round(box.width)}x${Math.round(box.height)}`);
        }
      }

      const texts: string[] = [];
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      const seen = new Set<Element>();
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        if (!parent || seen.has(parent) || !clean(node.textContent) || !shown(parent)) continue;
        if (parent.closest('script, style, noscript, svg, [aria-hidden=true]')) continue;
        seen.add(parent);
        const size = parseFloat(getComputedStyle(parent).fontSize);
        if (size < minText - 0.01) texts.push(`"${clean(node.textContent)}" (${size}px, <${parent.tagName.toLowerCase()}>)`);
      }
      for (const field of document.querySelectorAll(
        'input:not([type=hidden]):not([type=checkbox]):not([type=radio]):not([type=file]), select, textarea',
      )) {
        if (!shown(field)) continue;
        const size = parseFloat(getComputedStyle(field).fontSize);
        if (size < minFieldText - 0.01) texts.push(`${roleOf(field)} "${nameOf(field)}" text ${size}px (fields need ${minFieldText}px)`);
      }
      const overflow = Math.max(0, document.documentElement.scrollWidth - document.documentElement.clientWidth);
      return { targets, texts, overflow };
    },
    { minTarget: MIN_TARGET, minText: MIN_TEXT, minFieldText: MIN_FIELD_TEXT },
  );
}

/**
 * Fails (softly, every offence listed) when a visible control of `page` is
 * under 44x44 px, a text under 14 px (16 px in fields), or the page is wider
 * than the phone. `where` names the state in the messages.
 */
export async function expectMadeForThumbs(page: Page, where: string): Promise<void> {
  const offences = await measure(page);
  expect.soft(offences.targets, `controls under ${MIN_TARGET}x${MIN_TARGET} px on ${where}`).toEqual([]);
  expect.soft(offences.texts, `text too small on ${where}`).toEqual([]);
  // The whole page fits the phone: no sideways swipe (the admin's orders are stacked cards here).
  expect.soft(offences.overflow, `page wider than the phone on ${where}`).toBe(0);
}
