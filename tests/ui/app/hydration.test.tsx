import { afterEach, describe, expect, it } from 'vitest';
import { holdsPrerenderedPage } from '@/app/hydration';

/** A #root as the build writes it (prerendered) or as app.html has it (empty). */
function rootElement(prerendered: boolean): HTMLElement {
  const root = document.createElement('div');
  if (prerendered) root.innerHTML = '<div><main><h1>Campo Estivo</h1></main></div>';
  return root;
}

describe('holdsPrerenderedPage', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('hydrates a prerendered page at its own address, with or without a final slash', () => {
    window.history.replaceState(null, '', '/campo-estivo');
    expect(holdsPrerenderedPage(rootElement(true))).toBe(true);
    window.history.replaceState(null, '', '/bonifico/felpa-gruppo/');
    expect(holdsPrerenderedPage(rootElement(true))).toBe(true);
  });

  it('draws from scratch the app without a page, another page’s HTML, or a page reloaded with router state', () => {
    window.history.replaceState(null, '', '/campo-estivo');
    expect(holdsPrerenderedPage(rootElement(false))).toBe(false);
    window.history.replaceState(null, '', '/admin/famiglie');
    expect(holdsPrerenderedPage(rootElement(true))).toBe(false);
    window.history.replaceState({ usr: { reference: 'AB12-CDEF' }, key: 'x', idx: 1 }, '', '/bonifico/campo-estivo');
    expect(holdsPrerenderedPage(rootElement(true))).toBe(false);
  });
});
