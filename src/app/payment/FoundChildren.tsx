import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@config/paths';
import { Alert } from '@/components/ui/Alert';

/** After every 'Trova': the way to the family's page (docs/product.md, "Screens"). */
function FamilyLink() {
  return (
    <p className="text-sm">
      <Link to={paths.family} className="font-semibold text-brand-700 underline">
        La mia famiglia
      </Link>{' '}
      — i documenti da firmare per i tuoi figli.
    </p>
  );
}

/** Props of {@link FoundChildren}. */
export interface FoundChildrenProps {
  /** The heading over the children ('Seleziona i figli', ...). */
  heading: string;
  /** How many children the screen lists for the family found; 0 shows `emptyMessage`. */
  count: number;
  emptyMessage: string;
  /** Changes on every 'Trova' that found a family (0 before): the focus then moves here. */
  focusKey: number;
  /** The screen's children picker. */
  children: ReactNode;
}

/**
 * The result of 'Trova' on a payment screen (docs/product.md, "Order flow"
 * step 2): the heading and the children to tick, or the message that there
 * are none. Each 'Trova' moves the keyboard and screen-reader focus to it, so
 * the parent hears and reaches the result without searching for it. A
 * link 'La mia famiglia' follows the result.
 */
export function FoundChildren({ heading, count, emptyMessage, focusKey, children }: FoundChildrenProps) {
  const result = useRef<HTMLElement>(null);
  useEffect(() => {
    if (focusKey > 0) result.current?.focus();
  }, [focusKey]);

  if (count === 0) {
    return (
      <section ref={result} tabIndex={-1} aria-label={heading} className="outline-none">
        <Alert kind="info">{emptyMessage}</Alert>
        <FamilyLink />
      </section>
    );
  }
  return (
    <section className="space-y-3">
      <h2
        ref={(element) => {
          result.current = element;
        }}
        tabIndex={-1}
        className="text-lg font-semibold outline-none"
      >
        {heading}
      </h2>
      {children}
      <FamilyLink />
    </section>
  );
}
