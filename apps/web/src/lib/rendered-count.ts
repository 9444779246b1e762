import { startTransition, useEffect, useState } from 'react';

/**
 * How many of a long list's `total` items to render now: `first` with the screen, then `step` more in each following
 * transition, each its own commit (issue 16). React slices a render into short tasks but writes it into the DOM in
 * one: a screen of ~1 500 elements was one long task on a phone however it was rendered. The items past the first
 * screenful come in small commits after it, each short; the user sees the first screen as soon as it is ready.
 * Items added later (an edit) appear at once while the count is ahead of them, or in the next transition.
 */
export function useRenderedCount(total: number, first: number, step: number = first): number {
  const [count, setCount] = useState(first);
  useEffect(() => {
    if (count >= total) return;
    startTransition(() => setCount((c) => c + Math.max(1, step)));
  }, [count, total, step]);
  return Math.min(count, total);
}
