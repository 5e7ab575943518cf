/**
 * For a value that never changes while a page is open (useSyncExternalStore's
 * subscribe): nothing to subscribe to. Its server snapshot is what a
 * prerendered page shows; the client's takes over after hydration.
 */
export const subscribeToNothing = () => () => undefined;
