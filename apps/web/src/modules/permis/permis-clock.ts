import { createContext, useContext, useEffect, useState } from 'react';

/** The instant the permit screen reads (ms since the epoch): the device's clock, or a fixed one in tests. */
export type Clock = () => number;

/** The clock of the permit screens; a test provides a fixed one (nothing on screen then depends on when it runs). */
export const PermisClock = createContext<Clock>(() => Date.now());

/**
 * The current instant, read again every `everyMs` while the screen shows (the countdown's display only: what the
 * server decides — checks due, closure — comes from its answers, asked again by the queries).
 */
export function useNow(everyMs: number): number {
  const clock = useContext(PermisClock);
  const [now, setNow] = useState(clock);
  useEffect(() => {
    setNow(clock());
    const id = window.setInterval(() => setNow(clock()), everyMs);
    return () => window.clearInterval(id);
  }, [clock, everyMs]);
  return now;
}
