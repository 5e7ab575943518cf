/**
 * Resolves in a new task, so the browser may handle a tap, a keystroke or a
 * frame before what follows (docs/architecture.md, "First load": no step of
 * the app's start may keep a phone busy for long).
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve));
}
