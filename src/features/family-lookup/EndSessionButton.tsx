import { lazy, Suspense } from 'react';
import type { EndSessionProps } from './EndSession';

/** Props of {@link EndSessionButton}. */
export type EndSessionButtonProps = EndSessionProps;

/** The button's module: not in the first bundle, loaded with the first family found (preloaded on the first edit of the lookup form). */
export const loadEndSession = () => import('./EndSession');

const EndSession = lazy(loadEndSession);

/**
 * The small 'Esci' button a screen shows with the family found (EndSession
 * draws it): ends the parent's session, drops every family lookup from the
 * cache, then calls `onEnded` so the screen shows its empty lookup form again.
 * Nothing shows while its code loads.
 */
export function EndSessionButton(props: EndSessionButtonProps) {
  return (
    <Suspense fallback={null}>
      <EndSession {...props} />
    </Suspense>
  );
}
