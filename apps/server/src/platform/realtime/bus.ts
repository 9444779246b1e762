import type { AppAbility } from '@app/contracts';
import { instance } from '@app/contracts';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Database, Tx } from '../db/engine.ts';
import { processEvent } from '../db/platform.tables.ts';

const PROCESS_EVENT_TYPES = ['created', 'updated', 'duplicated', 'deleted'] as const;
export type ProcessEventType = (typeof PROCESS_EVENT_TYPES)[number];
export interface ProcessEvent {
  id: number;
  entrepriseId: number;
  type: ProcessEventType;
  processIds: number[];
  at: string;
}

const CHANNEL = 'process_events';

/**
 * Records a process event and notifies every instance (pg_notify is delivered at commit, so a rolled-back change
 * never announces itself). The row lets a reconnecting client catch up on what it missed.
 */
export async function publishProcessEvent(tx: Tx, entrepriseId: number, type: ProcessEventType, processIds: number[]) {
  const [e] = await tx.insert(processEvent).values({ entrepriseId, type, processIds }).returning();
  const payload: ProcessEvent = { id: e.id, entrepriseId, type, processIds, at: new Date(e.at).toISOString() };
  await tx.execute(sql`select pg_notify(${CHANNEL}, ${JSON.stringify(payload)})`);
}

/**
 * Events of a company after an id, for a client that reconnects (bounded). `entrepriseId` null: every event the
 * caller's policies show (a contractor's: its company's and its clients' naming one of its processes).
 */
export async function eventsSince(tx: Tx, entrepriseId: number | null, sinceId: number, limit = 500): Promise<ProcessEvent[]> {
  const rows = await tx
    .select()
    .from(processEvent)
    .where(and(entrepriseId === null ? undefined : eq(processEvent.entrepriseId, entrepriseId), gt(processEvent.id, sinceId)))
    .orderBy(asc(processEvent.id))
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    entrepriseId: r.entrepriseId,
    type: r.type as ProcessEventType,
    processIds: r.processIds,
    at: new Date(r.at).toISOString(),
  }));
}

interface Subscriber {
  entrepriseId: number;
  /** The session the stream belongs to (its streams end when its company changes: support mode). */
  sessionId?: string;
  ability: AppAbility;
  /**
   * A contractor's stream: every event of its company or of `clientIds` goes through `narrow` (its processes only, or
   * null: not for it), one after the other so that the stream keeps the events' order.
   */
  partner?: { clientIds: number[]; narrow(e: ProcessEvent): Promise<ProcessEvent | null> };
  send(e: ProcessEvent): void;
  /** Ends the client's stream; the client reconnects with Last-Event-ID and is replayed what it missed. */
  close(): void;
}

/** Fans LISTEN/NOTIFY payloads out to the connected clients allowed to see them. */
export class RealtimeBus {
  private readonly subscribers = new Set<Subscriber>();
  /** Per contractor stream, the events being checked (in order). */
  private readonly pending = new WeakMap<Subscriber, Promise<void>>();
  private stopListening: (() => Promise<void>) | null = null;

  async start(database: Database): Promise<void> {
    this.stopListening = await database.listen(
      CHANNEL,
      (payload) => {
        try {
          this.dispatch(JSON.parse(payload) as ProcessEvent);
        } catch {
          /* a malformed payload is not ours: ignore it */
        }
      },
      // The listening connection was lost and is back: what was notified in between never reached this instance.
      // Every stream is ended so that its client reconnects (EventSource does, after the stream's retry delay)
      // with Last-Event-ID, and the events route replays the events table from there.
      () => this.closeAll(),
    );
  }

  subscribe(s: Subscriber): () => void {
    this.subscribers.add(s);
    return () => this.subscribers.delete(s);
  }

  get size(): number {
    return this.subscribers.size;
  }

  private dispatch(e: ProcessEvent) {
    for (const s of this.subscribers) {
      if (s.partner) {
        if (s.entrepriseId !== e.entrepriseId && !s.partner.clientIds.includes(e.entrepriseId)) continue;
        const { narrow } = s.partner;
        const next = (this.pending.get(s) ?? Promise.resolve())
          .then(() => narrow(e))
          .then(
            (x) => {
              if (x && this.subscribers.has(s)) s.send(x);
            },
            // A check that failed (database unavailable): the stream ends, its client reconnects and catches up.
            () => s.close(),
          );
        this.pending.set(s, next);
      } else if (s.entrepriseId === e.entrepriseId && s.ability.can('read', instance('Process', { entrepriseId: e.entrepriseId }))) {
        s.send(e);
      }
    }
  }

  /** Ends a session's streams (it entered or left a client company): they reconnect in the session's new scope. */
  closeSession(sessionId: string): void {
    for (const s of [...this.subscribers]) if (s.sessionId === sessionId) s.close();
  }

  closeAll(): void {
    for (const s of [...this.subscribers]) s.close();
  }

  /** Ends every stream (an HTTP server waits for open streams before it closes) and stops listening. */
  async stop(): Promise<void> {
    this.closeAll();
    this.subscribers.clear();
    await this.stopListening?.();
  }
}
