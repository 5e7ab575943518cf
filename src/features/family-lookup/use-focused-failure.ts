import { useRef, useState } from 'react';

/**
 * A form's failure as shown to the parent: `show` sets it and, once it is
 * rendered, moves the focus to the element `ref` marks, so a screen reader
 * reads it; `set(null)` clears it.
 */
export function useFocusedFailure() {
  const [failure, setFailure] = useState<unknown>(null);
  const failureRef = useRef<HTMLDivElement>(null);
  const showFailure = (error: unknown) => {
    setFailure(error);
    // Rendered on the next commit: focus it then.
    requestAnimationFrame(() => failureRef.current?.focus());
  };
  return { failure, setFailure, showFailure, failureRef };
}
