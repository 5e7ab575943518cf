/**
 * What a parent does on a prerendered page before the app has taken it over
 * (docs/architecture.md, "Forms before the script"): the fields take typing
 * at once and nothing is lost. React hydrates a field without touching what
 * was typed in it, but its state does not know; so once the app is drawn
 * ({@link takeOverEarlyInput}) every field whose value differs from the
 * page's is announced to React as the parent's own edit, and a form sent
 * meanwhile, held by the entry ({@link holdEarlySubmits}: no reload), is
 * sent again.
 */

/** The event the app fires once drawn: from then on its own handlers take every submit. */
const APP_READY = 'scout-app-ready';

/** Holds every form submit until the app is drawn, marking the form `data-sent-early`: called by the entry. */
export function holdEarlySubmits(): void {
  const hold = (event: SubmitEvent) => {
    event.preventDefault();
    if (event.target instanceof HTMLFormElement) event.target.dataset.sentEarly = 'true';
  };
  document.addEventListener('submit', hold, true);
  addEventListener(APP_READY, () => document.removeEventListener('submit', hold, true), { once: true });
}

/** The value the page was drawn with: React set it as the default while hydrating. */
function drawnValue(field: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement): string {
  if (field instanceof HTMLSelectElement)
    return ([...field.options].find((option) => option.defaultSelected) ?? field.options[0])?.value ?? '';
  return field.defaultValue;
}

/**
 * Tells React that `field` holds `typed`: its value is put back as drawn
 * through the property React watches, set to `typed` beneath it, and an
 * input event sent, as a keystroke would.
 */
function announce(field: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement, typed: string): void {
  const prototype = Object.getPrototypeOf(field) as object;
  field.value = drawnValue(field);
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, typed);
  field.dispatchEvent(new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
}

/**
 * Called once the app has drawn the page (a layout effect at its root): the
 * fields typed into before are announced to React, submits reach the app's
 * handlers from now on, and a form sent early is sent again once React has
 * taken the announced values.
 */
export function takeOverEarlyInput(): void {
  for (const field of document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>('input, textarea, select')) {
    if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
      if (field.checked !== field.defaultChecked) {
        field.checked = field.defaultChecked;
        field.click();
      }
    } else if (field.value !== drawnValue(field)) announce(field, field.value);
  }
  dispatchEvent(new Event(APP_READY));
  const held = [...document.querySelectorAll<HTMLFormElement>('form[data-sent-early]')];
  for (const form of held) delete form.dataset.sentEarly;
  // A task later: React has rendered the announced values, so the form's handler reads them.
  if (held.length > 0) setTimeout(() => held.forEach((form) => form.requestSubmit()));
}
