import type { GammePoint } from '@app/contracts';
import { useState } from 'react';
import { type EntryProblem, newClientId, problemOf, type RoundEntry, type RoundState } from './releve-round.ts';

/** A point not read yet: its device id is drawn now (a resend of the round records nothing twice). */
export const emptyEntry = (): RoundEntry => ({
  clientId: newClientId(),
  value: '',
  comment: '',
  skipped: false,
  capturedAt: new Date().toISOString(),
});

const NOT_READ = { value: '', comment: '', skipped: false };

/**
 * The walk through a round, one point at a time (the phone round page and a process step's reading field): the
 * current point and its entry, typing, moving, skipping, and what still blocks sending. `onMove`: told after each
 * move (the page scrolls back to its top).
 */
export function useRound(points: readonly GammePoint[] | undefined, initial: () => RoundState, onMove?: () => void) {
  const [round, setRound] = useState<RoundState>(initial);
  const [problem, setProblem] = useState<EntryProblem>(null);
  const total = points?.length ?? 0;
  const reviewing = points !== undefined && round.index >= total;
  const point = points && !reviewing ? points[round.index] : undefined;
  const entry = point ? (round.entries[String(point.id)] ?? null) : null;

  const update = (p: GammePoint, patch: Partial<RoundEntry>) => {
    setProblem(null);
    setRound((r) => {
      const current = r.entries[String(p.id)] ?? emptyEntry();
      const next = { ...current, ...patch, skipped: false, ...(patch.value !== undefined ? { capturedAt: new Date().toISOString() } : {}) };
      return { ...r, entries: { ...r.entries, [String(p.id)]: next } };
    });
  };
  const goTo = (index: number) => {
    setProblem(null);
    setRound((r) => ({ ...r, index }));
    onMove?.();
  };
  /** The next point, once the current one holds a valid value (else its problem is shown). */
  const next = () => {
    if (!point) return;
    const p = problemOf(point, entry ?? emptyEntry());
    if (p) return setProblem(p);
    goTo(round.index + 1);
  };
  const skip = () => {
    if (!point) return;
    setProblem(null);
    setRound((r) => ({
      ...r,
      index: r.index + 1,
      entries: { ...r.entries, [String(point.id)]: { ...(r.entries[String(point.id)] ?? emptyEntry()), skipped: true } },
    }));
  };
  /** The points whose entry still blocks sending (a value out of range without its comment, an invalid value…). */
  const pending = (points ?? []).filter((p) => problemOf(p, round.entries[String(p.id)] ?? NOT_READ) !== null);
  /** The problem of a point's entry in the review. */
  const issueOf = (p: GammePoint) => problemOf(p, round.entries[String(p.id)] ?? NOT_READ);
  return { round, setRound, problem, total, reviewing, point, entry, update, goTo, next, skip, pending, issueOf };
}
