import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authModule } from '../src/modules/auth/index.ts';
import { withSystem } from '../src/platform/db/tenant.ts';
import { startTestApp, type TestApp } from './harness.ts';

// Support mode of a super admin (issue 12, item 9): he enters a client company explicitly, every request of his
// session then runs in that company's scope (he keeps his super admin rights), the entry and the exit are journaled
// (support_access, in the client's tenant), and he leaves it, by « Quitter » or by signing out.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const ENTER = '/api/v2/support/enter';
const LEAVE = '/api/v2/support/leave';

async function system<T>(q: ReturnType<typeof sql>): Promise<T[]> {
  const r = await withSystem(t.server.database.db, 'test: support journal read', (tx) => tx.execute(q));
  return (r as unknown as { rows: T[] }).rows;
}

interface Journal {
  id: number;
  entreprise_id: number;
  utilisateur_id: number | null;
  utilisateur_libelle: string;
  entered_at: Date | string;
  left_at: Date | string | null;
  ended_by: string | null;
}
const journalOf = (userId: number) => system<Journal>(sql`select * from support_access where utilisateur_id = ${userId} order by id`);
const openRows = async (userId: number) => (await journalOf(userId)).filter((r) => r.left_at === null);
const idsOf = (company: number, table: 'process' | 'utilisateur') =>
  system<{ id: number }>(sql`select id from ${sql.identifier(table)} where entreprise_id = ${company}`).then(
    (rows) => new Set(rows.map((r) => Number(r.id))),
  );

/** A server-sent-events stream read step by step (the harness's readStream reads one stretch only). */
async function openStream(cookie: string) {
  const ctrl = new AbortController();
  const res = await fetch(`${await t.baseUrl()}/api/v2/process/events`, { headers: { cookie }, signal: ctrl.signal });
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  const dec = new TextDecoder();
  let text = '';
  let done = false;
  // A safety bound only (a broken server must not hang the suite): nothing is asserted on time.
  const guard = setTimeout(() => ctrl.abort(), 20_000);
  const until = async (pred: (s: string) => boolean) => {
    while (!done && !pred(text)) {
      try {
        const r = await reader.read();
        if (r.done) done = true;
        else text += dec.decode(r.value);
      } catch {
        done = true;
      }
    }
    return text;
  };
  return {
    status: res.status,
    until,
    /** Reads until the server ends the stream. */
    ended: async () => {
      await until(() => false);
      return done;
    },
    close: () => {
      clearTimeout(guard);
      ctrl.abort();
    },
  };
}

describe('support mode of the super admin', () => {
  it('enters Acme: the session says so, and every read and write runs in Acme’s scope', async () => {
    const r = await t.req('superadmin', 'POST', ENTER, { entrepriseId: t.ids.acme });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ entrepriseId: t.ids.acme, companyName: 'Acme Énergie' });
    expect(Number.isNaN(Date.parse(r.json().since))).toBe(false);

    const s = (await t.req('superadmin', 'GET', '/api/getConnectedUser')).json();
    expect(s).toMatchObject({
      idUser: t.ids.user.superadmin,
      idCompany: t.ids.acme,
      companyName: 'Acme Énergie',
      isSupperAdmin: true,
      role: 'super_admin',
      support: { entrepriseId: t.ids.acme, companyName: 'Acme Énergie', homeEntrepriseId: t.ids.support, since: r.json().since },
    });
    // Acme's software, not the platform company's (which has none).
    expect(s.logiciels.map((l: { code: string }) => l.code)).toContain('mc');
    expect(s.codeLogiciel).toBe('mc');

    // Acme's processes, and only Acme's.
    const acmeProcesses = await idsOf(t.ids.acme, 'process');
    const betaProcesses = await idsOf(t.ids.beta, 'process');
    const page = await t.req('superadmin', 'GET', '/api/process/get_by_paging?perPage=1000');
    expect(page.statusCode, page.body).toBe(200);
    const seen: number[] = page.json().items.map((p: { id: number }) => p.id);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.filter((id) => !acmeProcesses.has(id))).toEqual([]);

    // Acme's people (the super admin is not listed among them).
    const users = await t.req('superadmin', 'GET', '/api/utilisateurs/get_by_company?perPage=100');
    expect(users.statusCode, users.body).toBe(200);
    const people: { id: number; mail: string }[] = users.json().items;
    const acmeUsers = await idsOf(t.ids.acme, 'utilisateur');
    expect(people.map((u) => u.mail)).toContain('technicien@acme.demo.fr');
    expect(people.filter((u) => !acmeUsers.has(u.id))).toEqual([]);

    // A write: one of Acme's processes renamed, as the super admin, in Acme.
    const active = await system<{ id: number }>(
      sql`select id from process where entreprise_id = ${t.ids.acme} and etat not in ('inactif', 'termine') order by id limit 1`,
    );
    const id = Number(active[0].id);
    expect(seen).toContain(id);
    const before = (await t.req('superadmin', 'GET', `/api/v3/process/get/${id}`)).json();
    const w = await t.req('superadmin', 'PUT', '/api/v3/process/update', {
      id,
      version: before.version,
      nomProcess: 'Corrigé par le support',
    });
    expect(w.statusCode, w.body).toBe(200);
    const [row] = await system<{ nom_process: string; entreprise_id: number; last_modify_by_id: number }>(
      sql`select nom_process, entreprise_id, last_modify_by_id from process where id = ${id}`,
    );
    expect(row).toMatchObject({
      nom_process: 'Corrigé par le support',
      entreprise_id: t.ids.acme,
      last_modify_by_id: t.ids.user.superadmin,
    });
    // Acme's technician sees the change.
    expect((await t.req('acmeTechnicien', 'GET', `/api/v3/process/get/${id}`)).json().nomProcess).toBe('Corrigé par le support');

    // Isolation: Béta stays invisible while in Acme.
    // (Béta has no demo process: one is created by its admin.)
    const betaWf = (await t.req('betaAdmin', 'POST', '/api/v2/workflow/create', { libelle: 'Béta confidentiel' })).json();
    const betaP = await t.req('betaAdmin', 'POST', '/api/v3/process/create', { processModeleId: betaWf.id });
    expect(betaP.statusCode, betaP.body).toBe(200);
    const betaId: number = betaP.json().id;
    const page2 = (await t.req('superadmin', 'GET', '/api/process/get_by_paging?perPage=1000')).json();
    expect(page2.items.some((p: { id: number }) => p.id === betaId)).toBe(false);
    expect((await t.req('superadmin', 'GET', `/api/v3/process/get/${betaId}`)).statusCode).toBe(404);
    expect(seen.filter((x) => betaProcesses.has(x))).toEqual([]);
    const betaUser = t.ids.user.betaAdmin;
    expect(people.some((u) => u.id === betaUser)).toBe(false);
  });

  it('journals the entry (who, when) in Acme’s tenant, readable under Acme’s row-level security, and the exit', async () => {
    const open = await openRows(t.ids.user.superadmin);
    expect(open).toHaveLength(1);
    expect(open[0]).toMatchObject({ entreprise_id: t.ids.acme, utilisateur_id: t.ids.user.superadmin, left_at: null, ended_by: null });
    expect(open[0].utilisateur_libelle).toMatch(/superadmin@demo\.fr/);
    // Acme's scope reads it (its admins may be shown it later), Béta's does not.
    const scoped = (company: number) =>
      t.server.database.db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('role', 'securite_app', true), set_config('app.entreprise_id', ${String(company)}, true)`);
        const r = await tx.execute(sql`select id from support_access`);
        return (r as unknown as { rows: { id: number }[] }).rows.map((x) => Number(x.id));
      });
    expect(await scoped(t.ids.acme)).toContain(Number(open[0].id));
    expect(await scoped(t.ids.beta)).not.toContain(Number(open[0].id));

    const l = await t.req('superadmin', 'POST', LEAVE);
    expect(l.statusCode, l.body).toBe(200);
    expect(l.json()).toMatchObject({ left: true, message: 'Mode support quitté.' });
    const [closed] = (await journalOf(t.ids.user.superadmin)).filter((r) => Number(r.id) === Number(open[0].id));
    expect(closed.left_at).not.toBeNull();
    expect(new Date(closed.left_at as string).getTime()).toBeGreaterThanOrEqual(new Date(closed.entered_at).getTime());
    expect(closed.ended_by).toBe('quitter');

    // Back home: the platform company, no support mode, Acme's processes out of reach again.
    const s = (await t.req('superadmin', 'GET', '/api/getConnectedUser')).json();
    expect(s).toMatchObject({ idCompany: t.ids.support, companyName: 'Support plateforme', support: null });
    const page = (await t.req('superadmin', 'GET', '/api/process/get_by_paging?perPage=1000')).json();
    const acmeProcesses = await idsOf(t.ids.acme, 'process');
    expect(page.items.filter((p: { id: number }) => acmeProcesses.has(p.id))).toEqual([]);
  });

  it('leaving when not in support mode is harmless', async () => {
    const before = await journalOf(t.ids.user.superadmin);
    const l = await t.req('superadmin', 'POST', LEAVE);
    expect(l.statusCode, l.body).toBe(200);
    expect(l.json()).toMatchObject({ left: false });
    expect(await journalOf(t.ids.user.superadmin)).toEqual(before);
  });

  it('refuses a person who is not a super admin (403), an unknown company (404), his own company (400), a bad input (400)', async () => {
    const count = (await journalOf(t.ids.user.superadmin)).length;
    const admin = await t.req('acmeAdmin', 'POST', ENTER, { entrepriseId: t.ids.beta });
    expect(admin.statusCode, admin.body).toBe(403);
    expect((await t.req('acmeAdmin', 'POST', LEAVE)).statusCode).toBe(403);
    expect((await system(sql`select id from support_access where entreprise_id = ${t.ids.beta}`)).length).toBe(0);

    const none = await t.req('superadmin', 'POST', ENTER, { entrepriseId: 999_999 });
    expect(none.statusCode, none.body).toBe(404);
    expect(none.json().message).toBe('Entreprise introuvable.');

    const own = await t.req('superadmin', 'POST', ENTER, { entrepriseId: t.ids.support });
    expect(own.statusCode, own.body).toBe(400);
    expect(own.json().message).toMatch(/propre entreprise/);

    const bad = await t.req('superadmin', 'POST', ENTER, { entrepriseId: 'Acme' });
    expect(bad.statusCode, bad.body).toBe(400);
    expect(bad.json().code).toBe('VALIDATION');

    // None of them wrote a journal row, nor left the session in support mode.
    expect((await journalOf(t.ids.user.superadmin)).length).toBe(count);
    expect((await t.req('superadmin', 'GET', '/api/getConnectedUser')).json().support).toBeNull();
  });

  it('entering twice at once leaves one open journal row, the one the session acts in', async () => {
    const [a, b] = await Promise.all([
      t.req('superadmin', 'POST', ENTER, { entrepriseId: t.ids.acme }),
      t.req('superadmin', 'POST', ENTER, { entrepriseId: t.ids.beta }),
    ]);
    expect([a.statusCode, b.statusCode], `${a.body} ${b.body}`).toEqual([200, 200]);
    const open = await openRows(t.ids.user.superadmin);
    expect(open).toHaveLength(1);
    const s = (await t.req('superadmin', 'GET', '/api/getConnectedUser')).json();
    expect(s.idCompany).toBe(open[0].entreprise_id);
    const [session] = await system<{ support_access_id: number }>(
      sql`select support_access_id from session where utilisateur_id = ${t.ids.user.superadmin} and support_access_id is not null`,
    );
    expect(Number(session.support_access_id)).toBe(Number(open[0].id));
    // The earlier one was closed as a change of company.
    const changed = (await journalOf(t.ids.user.superadmin)).filter((r) => r.ended_by === 'changement');
    expect(changed.length).toBeGreaterThanOrEqual(1);

    // Entering the company the session is already in changes nothing: same row, same time.
    const again = await t.req('superadmin', 'POST', ENTER, { entrepriseId: open[0].entreprise_id });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().since).toBe(s.support.since);
    expect(await openRows(t.ids.user.superadmin)).toEqual(open);
    await t.req('superadmin', 'POST', LEAVE);
  });

  it('a locked company may be entered (support is often what it needs)', async () => {
    await withSystem(t.server.database.db, 'test: lock Gamma', (tx) =>
      tx.execute(sql`update entreprise set locked = true where id = ${t.ids.gamma}`),
    );
    try {
      const r = await t.req('superadmin', 'POST', ENTER, { entrepriseId: t.ids.gamma });
      expect(r.statusCode, r.body).toBe(200);
      expect((await t.req('superadmin', 'GET', '/api/getConnectedUser')).json()).toMatchObject({ idCompany: t.ids.gamma, eu: true });
      expect((await t.req('superadmin', 'POST', LEAVE)).json().left).toBe(true);
    } finally {
      await withSystem(t.server.database.db, 'test: unlock Gamma', (tx) =>
        tx.execute(sql`update entreprise set locked = false where id = ${t.ids.gamma}`),
      );
    }
  });

  it('the event stream follows the company: entering ends the open stream, the new one carries Acme’s events', async () => {
    const cookie = await t.cookieOf('superadmin');
    const home = await openStream(cookie);
    try {
      expect(home.status).toBe(200);
      await home.until((s) => s.includes('event: ready'));
      expect((await t.req('superadmin', 'POST', ENTER, { entrepriseId: t.ids.acme })).statusCode).toBe(200);
      expect(await home.ended()).toBe(true);
    } finally {
      home.close();
    }
    const inAcme = await openStream(cookie);
    try {
      await inAcme.until((s) => s.includes('event: ready'));
      const wf = (await t.req('acmeAdmin', 'POST', '/api/v2/workflow/create', { libelle: 'Support en direct' })).json();
      const p = (await t.req('acmeTechnicien', 'POST', '/api/v3/process/create', { processModeleId: wf.id })).json();
      const text = await inAcme.until((s) => new RegExp(`event: created\\ndata: .*"processIds":\\[${p.id}\\]`).test(s));
      expect(text).toMatch(new RegExp(`"processIds":\\[${p.id}\\]`));
    } finally {
      inAcme.close();
    }
  });

  it('signing out ends support mode: the journal row is closed', async () => {
    const [open] = await openRows(t.ids.user.superadmin);
    expect(open?.entreprise_id).toBe(t.ids.acme);
    const out = await t.req('superadmin', 'GET', '/api/auth/clear_cookie');
    expect(out.statusCode, out.body).toBe(200);
    t.forget('superadmin');
    expect(await openRows(t.ids.user.superadmin)).toEqual([]);
    const [closed] = (await journalOf(t.ids.user.superadmin)).filter((r) => Number(r.id) === Number(open.id));
    expect(closed.ended_by).toBe('deconnexion');
    // A new sign-in starts at home.
    expect((await t.req('superadmin', 'GET', '/api/getConnectedUser')).json()).toMatchObject({ idCompany: t.ids.support, support: null });
  });

  it('a session that expires with its support row open has it closed by the hourly clean-up, at its expiry', async () => {
    // A second session of the super admin (another browser), entered into Béta, then past its expiry.
    const login = await t.server.app.inject({
      method: 'POST',
      url: '/login',
      payload: { mail: 'superadmin@demo.fr', password: 'Demo-2026!' },
    });
    const cookie = `sid=${login.cookies.find((c) => c.name === 'sid')?.value}`;
    const enter = await t.server.app.inject({ method: 'POST', url: ENTER, headers: { cookie }, payload: { entrepriseId: t.ids.beta } });
    expect(enter.statusCode, enter.body).toBe(200);
    const [open] = await openRows(t.ids.user.superadmin);
    expect(open.entreprise_id).toBe(t.ids.beta);
    await withSystem(t.server.database.db, 'test: the session expires', (tx) =>
      tx.execute(sql`update session set expires_at = now() - interval '1 minute' where support_access_id = ${open.id}`),
    );
    for (const job of authModule.housekeeping ?? []) await withSystem(t.server.database.db, 'test: housekeeping', (tx) => job(tx));
    const [closed] = (await journalOf(t.ids.user.superadmin)).filter((r) => Number(r.id) === Number(open.id));
    expect(closed.ended_by).toBe('expiration');
    expect(new Date(closed.left_at as string).getTime()).toBeLessThan(Date.now());
    expect(await openRows(t.ids.user.superadmin)).toEqual([]);
  });
});
