import { type GammePoint, type Niveau, needsComment, niveauOfValue, numericValue } from '@app/contracts';

/** What the person entered for one point of the round. */
export interface RoundEntry {
  /** Generated on the device when the entry is first made: the server records a value once per id (retries). */
  clientId: string;
  /** As typed (a number with a comma or a point), « ok »/« nok », a choice or a text; '' when not read. */
  value: string;
  comment: string;
  /** Passed without a reading (flagged: not sent). */
  skipped: boolean;
  capturedAt: string;
}

/** A round in progress, kept in localStorage until sent (a reload or a lost network keeps it). */
export interface RoundState {
  gammeId: number;
  startedAt: string;
  /** The point shown (index in the gamme's order), or the review when equal to the number of points. */
  index: number;
  entries: Record<string, RoundEntry>;
}

const PREFIX = 'releves.ronde.v1';
export const roundStorageKey = (userId: number, gammeId: number) => `${PREFIX}.${userId}.${gammeId}`;

/** A random UUID (v4): crypto.randomUUID where the page is a secure context, else from getRandomValues. */
export function newClientId(): string {
  const c = globalThis.crypto;
  if (typeof c?.randomUUID === 'function') return c.randomUUID();
  const b = c.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

export function loadRound(key: string, gammeId: number): RoundState | null {
  try {
    const raw = localStorage.getItem(key);
    if (!raw) return null;
    const s = JSON.parse(raw) as RoundState;
    return s && s.gammeId === gammeId && typeof s.entries === 'object' ? s : null;
  } catch {
    return null;
  }
}

export function saveRound(key: string, state: RoundState | null): void {
  try {
    if (state) localStorage.setItem(key, JSON.stringify(state));
    else localStorage.removeItem(key);
  } catch {
    // Storage full or refused (private browsing): the round stays in memory.
  }
}

export function newRound(gammeId: number, now = new Date()): RoundState {
  return { gammeId, startedAt: now.toISOString(), index: 0, entries: {} };
}

/** The level of a value entered for a point (the shared rule of the contracts), null while nothing valid is entered. */
export function levelOf(point: GammePoint, value: string): Niveau | null {
  if (value.trim() === '') return null;
  return niveauOfValue(point.dataType, valueToSend(point, value), point);
}

/** The value as the API takes it: a number for a numeric point, a boolean for OK/NOK, else the text. */
export function valueToSend(point: GammePoint, value: string): number | boolean | string | null {
  const v = value.trim();
  if (v === '') return null;
  if (point.dataType === 'number') return numericValue(v) ?? v;
  if (point.dataType === 'checkbox') return v === 'ok';
  return v;
}

export type EntryProblem = 'required' | 'notNumber' | 'commentRequired' | null;

/** Why an entry cannot be kept as it is (to show before going on), or null. */
export function problemOf(point: GammePoint, entry: Pick<RoundEntry, 'value' | 'comment' | 'skipped'>): EntryProblem {
  if (entry.skipped) return null;
  if (entry.value.trim() === '') return point.obligatoire ? 'required' : null;
  const level = levelOf(point, entry.value);
  if (level === null) return 'notNumber';
  if (needsComment(level) && entry.comment.trim() === '') return 'commentRequired';
  return null;
}

/** The body of set-captured-values: every point read (not skipped, not empty), each with its client id. */
export function roundBody(points: GammePoint[], round: RoundState) {
  return {
    values: points.flatMap((p) => {
      const e = round.entries[String(p.id)];
      if (!e || e.skipped || e.value.trim() === '' || p.equipementId === null) return [];
      return [
        {
          clientId: e.clientId,
          equipementId: p.equipementId,
          metriqueId: p.id,
          value: valueToSend(p, e.value),
          capturedAt: e.capturedAt,
          comment: e.comment.trim() || null,
        },
      ];
    }),
  };
}
