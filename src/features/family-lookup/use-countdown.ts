import { useEffect, useState } from 'react';

/** What {@link useCountdown} returns. */
export interface Countdown {
  /** Whole seconds left (0 once the deadline passed). */
  secondsLeft: number;
  /** Starts again from `seconds` (0 ends it at once). */
  restart: (seconds: number) => void;
}

/**
 * A countdown of whole seconds from `initialSeconds`, re-rendering once a
 * second while it runs. It counts to a deadline, not ticks, so a throttled
 * background tab still shows the right number when it wakes.
 */
export function useCountdown(initialSeconds: number): Countdown {
  const [deadline, setDeadline] = useState(() => Date.now() + initialSeconds * 1000);
  const [now, setNow] = useState(() => Date.now());
  const remainingMs = Math.max(0, deadline - now);

  useEffect(() => {
    if (Date.now() >= deadline) return;
    // Started with the countdown, so each tick falls when the number shown changes.
    const timer = setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= deadline) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [deadline]);

  return {
    secondsLeft: Math.ceil(remainingMs / 1000),
    restart: (seconds) => {
      const start = Date.now();
      setDeadline(start + seconds * 1000);
      setNow(start);
    },
  };
}
