import { Suspense, use, useLayoutEffect, useSyncExternalStore, type ReactNode } from 'react';
import { subscribeToNothing } from './subscribe-to-nothing';

/** Per part, a promise resolved in a task of its own, made the first time the part is hydrated. */
const ownTasks = new Map<string, Promise<void>>();

/** The task of `part`: the next one, or the one after the task of the part it comes `after`. */
function ownTask(part: string, after: string | undefined): Promise<void> {
  let task = ownTasks.get(part);
  if (!task) {
    // A timer's callback is a task of its own (as src/lib/next-task.ts, which this layer may not import).
    const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve));
    task = after ? ownTask(after, undefined).then(nextTask) : nextTask();
    ownTasks.set(part, task);
  }
  return task;
}

/** Suspends while its part is hydrated, until the part's own task; renders at once anywhere else. */
function WaitForOwnTask({ part, after, onDrawn, children }: HydrateLaterProps) {
  // The server snapshot is read while a prerendered page is hydrated (and while it is prerendered, in Node).
  const hydrating = useSyncExternalStore(
    subscribeToNothing,
    () => false,
    () => true,
  );
  if (hydrating && typeof window !== 'undefined') use(ownTask(part, after));
  useLayoutEffect(() => onDrawn?.(), [onDrawn]);
  return children;
}

/** Props of {@link HydrateLater}. */
export interface HydrateLaterProps {
  /** The part's name: one task per part. */
  part: string;
  /** Another part's name: this one is hydrated in a task after that one's (else in the next task). */
  after?: string;
  /** Called once the part is drawn: hydrated, or rendered at once outside hydration. */
  onDrawn?: () => void;
  /** One element: the suspended hydration keeps the first. */
  children: ReactNode;
}

/**
 * Hydrates `children` in a task of their own, after the rest of a
 * prerendered page (docs/architecture.md, "Hydration in parts"): their HTML
 * stays as drawn and works as plain HTML meanwhile (links, the drawer's
 * `<details>`), and a phone handles a tap or a keystroke between the
 * parts. Outside hydration (a page drawn from
 * scratch, the prerendering) the children render at once.
 */
export function HydrateLater(props: HydrateLaterProps) {
  return (
    <Suspense fallback={null}>
      <WaitForOwnTask {...props} />
    </Suspense>
  );
}
