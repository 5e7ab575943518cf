import { useSyncExternalStore } from 'react';

/** For a value that never changes while a page is open: nothing to subscribe to. */
export const subscribeToNothing = () => () => undefined;

/**
 * False while React hydrates a page the build prerendered (src/prerender.tsx),
 * true from the render after, and in any render from scratch.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}
