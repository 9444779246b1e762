import { API, instance } from '@app/contracts';
import type { Caller } from '../../platform/auth/caller.ts';
import type { Db, Tx } from '../../platform/db/engine.ts';
import { withPartner } from '../../platform/db/tenant.ts';
import { type RouteDef, route } from '../../platform/http/route.ts';
import { eventsSince, type ProcessEvent } from '../../platform/realtime/bus.ts';
import { lastProcessEventId, visibleProcessIds } from './process.repository.ts';

/**
 * An event as a contractor may see it: its company's as they are; a client's with only the processes that are the
 * contractor's (read under its partner role), or nothing when none is.
 */
async function narrowed(tx: Tx, caller: Caller, e: ProcessEvent): Promise<ProcessEvent | null> {
  if (e.entrepriseId === caller.entrepriseId)
    return caller.ability.can('read', instance('Process', { entrepriseId: e.entrepriseId })) ? e : null;
  const seen = await visibleProcessIds(tx, e.processIds);
  const processIds = e.processIds.filter((id) => seen.has(id));
  return processIds.length ? { ...e, processIds } : null;
}

/** A contractor's live check of one event, in its own short transaction under the partner role. */
const narrowLive = (db: Db, caller: Caller) => (e: ProcessEvent) =>
  withPartner(db, caller.entrepriseId, caller.userId, (tx) => narrowed(tx, caller, e));

export const processEventRoutes: RouteDef[] = [
  route(API.process.events, async ({ tx, caller, deps, req, reply }, { query }) => {
    const header = Number(req.headers['last-event-id']);
    const since = query.since ?? (Number.isFinite(header) ? header : null);
    // Subscribe first and queue, so that nothing falls between the catch-up query and the live feed.
    const queue: ProcessEvent[] = [];
    let live: ((e: ProcessEvent) => void) | null = null;
    // A close asked before the stream is written (the bus lost LISTEN meanwhile) ends it once written.
    let closeAsked = false;
    let end = () => {
      closeAsked = true;
    };
    const unsubscribe = deps.realtime.subscribe({
      entrepriseId: caller.entrepriseId,
      sessionId: caller.sessionId,
      ability: caller.ability,
      // A contractor receives its clients' events about its processes only (checked per event, in order).
      ...(caller.partner ? { partner: { clientIds: caller.clientIds, narrow: narrowLive(deps.database.db, caller) } } : {}),
      send: (e) => (live ? live(e) : queue.push(e)),
      close: () => end(),
    });
    let missed = since === null ? [] : await eventsSince(tx, caller.partner ? null : caller.entrepriseId, since);
    if (caller.partner) {
      const kept: ProcessEvent[] = [];
      for (const e of missed) {
        const x = await narrowed(tx, caller, e);
        if (x) kept.push(x);
      }
      missed = kept;
    }
    const last = await lastProcessEventId(tx);
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      // HTTP/2 (the server with TLS) forbids connection headers: its streams stay open on their own.
      ...(req.raw.httpVersionMajor === 2 ? {} : { connection: 'keep-alive' }),
      'x-accel-buffering': 'no',
    });
    let lastSent = since ?? last;
    const write = (e: ProcessEvent) => {
      if (e.id <= lastSent) return;
      lastSent = e.id;
      res.write(`id: ${e.id}\nevent: ${e.type}\ndata: ${JSON.stringify(e)}\n\n`);
    };
    // The ready event carries the id reached, so that a client which saw no event yet still reconnects with
    // Last-Event-ID (after the stream ends: a restart, a lost LISTEN) and is replayed what happened meanwhile.
    const reached = Math.max(last, since ?? 0);
    res.write(`retry: 3000\nid: ${reached}\nevent: ready\ndata: ${JSON.stringify({ lastEventId: reached })}\n\n`);
    for (const e of missed) write(e);
    for (const e of queue.splice(0)) write(e);
    live = write;
    const heartbeat = setInterval(() => res.write(': ping\n\n'), 25_000);
    heartbeat.unref();
    end = () => res.end();
    if (closeAsked) res.end();
    req.raw.on('close', () => {
      clearInterval(heartbeat);
      unsubscribe();
    });
    return undefined as never;
  }),
];
