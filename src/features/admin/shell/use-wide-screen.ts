import { useSyncExternalStore } from 'react';

/** Tailwind's `md` breakpoint (48rem = 768 CSS px): from here the orders show as a table. */
export const WIDE_SCREEN_QUERY = '(min-width: 48rem)';

// Without matchMedia (jsdom in the UI tests) the window counts as wide.
const mediaQuery = (): MediaQueryList | null => (typeof window.matchMedia === 'function' ? window.matchMedia(WIDE_SCREEN_QUERY) : null);

const subscribe = (onChange: () => void) => {
  const query = mediaQuery();
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
};

/**
 * Whether the window is at least Tailwind's `md` wide ({@link WIDE_SCREEN_QUERY}),
 * following resizes and rotations. The orders desk shows a table there and
 * stacked cards below (docs/architecture.md, "Accessibility": no sideways scrolling on a
 * phone); one of the two is rendered, never both, so a screen reader and a
 * test see each order once. Where the browser has no matchMedia, wide.
 */
export function useWideScreen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => mediaQuery()?.matches ?? true,
    () => true,
  );
}
