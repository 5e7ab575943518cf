import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * Moves the focus to the new page's `<h1>` after every navigation to another
 * path (not on the first page, not when only the query or the history state
 * changes), as a screen reader user expects of a new page in a single-page
 * app (docs/architecture.md, "Accessibility"). Renders nothing.
 */
export function FocusPageHeading() {
  const { pathname } = useLocation();
  // The path last focused for: the first page keeps the browser's own focus (and React's development double effect changes nothing).
  const focusedFor = useRef(pathname);
  useEffect(() => {
    if (focusedFor.current === pathname) return;
    focusedFor.current = pathname;
    const heading = document.querySelector<HTMLElement>('main h1');
    if (!heading) return;
    if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
    heading.focus();
  }, [pathname]);
  return null;
}
