import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HydrateLater } from '@/components/layout/HydrateLater';
import { prerendered } from '../support/prerendered';

/** A button counting its presses: live once hydrated, inert HTML before. */
function Counter({ label }: { label: string }) {
  const [presses, setPresses] = useState(0);
  return (
    <button type="button" onClick={() => setPresses(presses + 1)}>
      {label} {presses}
    </button>
  );
}

/**
 * A page as AppLayout draws it: a button outside the parts, the header
 * hydrated after the content. `page` names the parts, unique per test, as
 * each part waits for its task once.
 */
function Page({ page, onDrawn }: { page: string; onDrawn?: () => void }) {
  return (
    <div>
      <Counter label="Salta" />
      <HydrateLater part={`${page}-header`} after={`${page}-content`}>
        <header>
          <Counter label="Menu" />
        </header>
      </HydrateLater>
      <HydrateLater part={`${page}-content`} onDrawn={onDrawn}>
        <main>
          <Counter label="Pagina" />
        </main>
      </HydrateLater>
    </div>
  );
}

const nextTask = () => new Promise((resolve) => setTimeout(resolve));

/** Lets what React runs in microtasks run (a discrete event's synchronous hydration, its re-render), and no task. */
async function microtasks(): Promise<void> {
  for (let tick = 0; tick < 10; tick++) await Promise.resolve();
}

afterEach(() => document.body.replaceChildren());

describe('HydrateLater', () => {
  it('hydrates the page, then its content a task later, then the header, on the same HTML', async () => {
    const root = prerendered(<Page page="one" />);
    const drawnHeader = root.querySelector('header');
    const onDrawn = vi.fn();
    hydrateRoot(root, <Page page="one" onDrawn={onDrawn} />);
    const [skip, menu, page] = ['Salta 0', 'Menu 0', 'Pagina 0'].map((name) => screen.getByRole('button', { name }));
    /** Presses the three buttons; which counted says which are hydrated. */
    const pressAll = async () => {
      [skip, menu, page].forEach((button) => fireEvent.click(button!));
      await microtasks();
      return [skip, menu, page].map((button) => button!.textContent);
    };

    // In the hydration's own task (microtasks only), the parts are their drawn HTML.
    expect(await pressAll()).toEqual(['Salta 1', 'Menu 0', 'Pagina 0']);
    expect(onDrawn).not.toHaveBeenCalled();
    await nextTask();
    expect(await pressAll()).toEqual(['Salta 2', 'Menu 0', 'Pagina 1']);
    expect(onDrawn).toHaveBeenCalledTimes(1);
    await nextTask();
    expect(await pressAll()).toEqual(['Salta 3', 'Menu 1', 'Pagina 2']);
    expect(root.querySelector('header')).toBe(drawnHeader);
    expect(root.querySelectorAll('header, main')).toHaveLength(2);
    expect(onDrawn).toHaveBeenCalledTimes(1);
  });

  it('draws its part at once on a page drawn from scratch', async () => {
    const onDrawn = vi.fn();
    render(<Page page="two" onDrawn={onDrawn} />);
    expect(onDrawn).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Menu 0' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Menu 1' })).toBeInTheDocument());
  });
});
