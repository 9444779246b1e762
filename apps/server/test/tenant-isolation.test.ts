import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { utilisateur } from '../src/modules/utilisateur/utilisateur.tables.ts';
import { sha256 } from '../src/platform/auth/tokens.ts';
import { withPartner, withSystem, withTenant } from '../src/platform/db/tenant.ts';
import { openedSession, SESSION_OPENING } from '../src/platform/http/bind.ts';
import { startTestApp, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;

describe('row-level security', () => {
  it('is enabled and forced on every table with entreprise_id (and on entreprise)', async () => {
    const r = await withSystem(t.server.database.db, 'test catalog read', (tx) =>
      tx.execute(sql`
        select c.relname, c.relrowsecurity, c.relforcerowsecurity,
               (select count(*) from pg_policy p where p.polrelid = c.oid)::int as policies
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind = 'r'
          and (exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'entreprise_id' and not a.attisdropped)
               or c.relname = 'entreprise')
        order by 1`),
    );
    const tables = rows<{ relname: string; relrowsecurity: boolean; relforcerowsecurity: boolean; policies: number }>(r);
    expect(tables.length).toBeGreaterThanOrEqual(14);
    const weak = tables.filter((x) => !x.relrowsecurity || !x.relforcerowsecurity || x.policies === 0).map((x) => x.relname);
    expect(weak).toEqual([]);
  });

  it('runs requests under a role that is neither superuser nor owner', async () => {
    const r = await withTenant(t.server.database.db, t.ids.acme, (tx) =>
      tx.execute(sql`select current_user as u, (select rolsuper from pg_roles where rolname = current_user) as su,
        (select count(*) from pg_class c where c.relowner = (select oid from pg_roles where rolname = current_user))::int as owned`),
    );
    expect(rows(r)[0]).toEqual({ u: 'securite_app', su: false, owned: 0 });
    // A contractor's requests (migration 0015): the partner role, neither superuser nor owner, without BYPASSRLS.
    const p = await withPartner(t.server.database.db, t.ids.gamma, t.ids.user.gammaUser, (tx) =>
      tx.execute(sql`select current_user as u, (select rolsuper or rolbypassrls from pg_roles where rolname = current_user) as su,
        (select count(*) from pg_class c where c.relowner = (select oid from pg_roles where rolname = current_user))::int as owned`),
    );
    expect(rows(p)[0]).toEqual({ u: 'securite_partner', su: false, owned: 0 });
  });

  it("reads the session past the policies only while the request's opening runs, as a login role under them", async () => {
    // The tests connect as a superuser, whom no policy applies to; production connects as the tables' owner, to whom
    // they apply (FORCE). A role under the policies plays it here: the opening (bind.ts, migration 0030) must find the
    // session, then leave the transaction under the application role, its company set and the system mode ended.
    const db = t.server.database.db;
    const login = `t_login_${process.pid}_${Date.now()}`;
    const tables = 'session, utilisateur, entreprise, support_access, profil_modele';
    await db.execute(sql.raw(`create role ${login} nologin nosuperuser nobypassrls`));
    try {
      await db.execute(sql.raw(`grant select on ${tables} to ${login}`));
      await db.execute(sql.raw(`grant execute on function app_session_row(text) to ${login}`));
      await db.execute(sql.raw(`grant securite_app, securite_partner to ${login}`));
      const hash = sha256((await t.cookieOf('acmeAdmin')).replace(/^sid=/, ''));
      const [before, after = ''] = SESSION_OPENING.split('$1');
      const open = (arg: string) =>
        db.transaction(async (tx) => {
          await tx.execute(sql`select set_config('role', ${login}, true)`);
          const opened = rows<Record<string, unknown>>(await tx.execute(sql`${sql.raw(before as string)}${arg}${sql.raw(after)}`));
          const state = rows<Record<string, unknown>>(
            await tx.execute(sql`select current_user as u, current_setting('app.system', true) as sys,
              current_setting('app.entreprise_id', true) as e, current_setting('app.session_id', true) as sid,
              (select count(*)::int from utilisateur where entreprise_id <> ${t.ids.acme}) as others`),
          )[0];
          return { opened, state };
        });
      const ok = await open(hash);
      expect(ok.opened).toHaveLength(1);
      expect(openedSession(ok.opened)).toMatchObject({ session_id: hash, entreprise_id: t.ids.acme, utilisateur_id: t.ids.user.acmeAdmin });
      // Acme reads its contractor's people (Gamma), never Béta's: not the system mode.
      expect(ok.state).toMatchObject({ u: 'securite_app', sys: '', e: String(t.ids.acme), sid: hash });
      const gammaPeople = rows<{ n: number }>(
        await withSystem(db, 'test count', (tx) =>
          tx.execute(sql`select count(*)::int as n from utilisateur where entreprise_id = ${t.ids.gamma}`),
        ),
      )[0]?.n;
      expect(ok.state?.others).toBe(gammaPeople);
      // Outside the opening (no system mode), the same role finds no session at all.
      const hidden = await db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('role', ${login}, true)`);
        return rows(await tx.execute(sql`select session_id from app_session_row(${hash})`));
      });
      expect(hidden).toEqual([]);
      // An unknown session: one row of nulls, and the transaction has no company and no system mode.
      const unknown = await open('0'.repeat(64));
      expect(unknown.opened).toHaveLength(1);
      expect(openedSession(unknown.opened)).toBeUndefined();
      expect(unknown.state).toMatchObject({ u: 'securite_app', sys: '', e: '', others: 0 });
      // The application roles cannot call the lookup.
      const callable = rows<{ app: boolean; partner: boolean }>(
        await db.execute(sql`select has_function_privilege('securite_app', 'app_session_row(text)', 'execute') as app,
          has_function_privilege('securite_partner', 'app_session_row(text)', 'execute') as partner`),
      )[0];
      expect(callable).toEqual({ app: false, partner: false });
    } finally {
      await db.execute(sql.raw(`drop owned by ${login}`));
      await db.execute(sql.raw(`drop role ${login}`));
    }
  });

  it('shows a company only its own rows, and nothing without a company', async () => {
    const db = t.server.database.db;
    const companiesSeen = async (id: number) =>
      (await withTenant(db, id, (tx) => tx.select({ e: utilisateur.entrepriseId }).from(utilisateur))).map((x) => x.e);
    expect(new Set(await companiesSeen(t.ids.beta))).toEqual(new Set([t.ids.beta]));
    // Acme sees its contractor's people too (read only), never Béta's.
    expect(new Set(await companiesSeen(t.ids.acme))).toEqual(new Set([t.ids.acme, t.ids.gamma]));
    const none = await db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('role', 'securite_app', true)`);
      return tx.select().from(utilisateur);
    });
    expect(none).toEqual([]);
  });

  it('lets the application role read only views that keep to the caller company (process_own)', async () => {
    const db = t.server.database.db;
    const views = rows<{ relname: string; scoped: boolean }>(
      await withSystem(db, 'test catalog read', (tx) =>
        tx.execute(sql`
          select c.relname, exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'entreprise_id') as scoped
          from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and c.relkind in ('v', 'm')
            and (has_table_privilege('securite_app', c.oid, 'select') or has_table_privilege('securite_partner', c.oid, 'select'))
          order by 1`),
      ),
    );
    expect(views.map((v) => v.relname)).toContain('process_own');
    // Views read with their owner's rights, past the policies: each must apply the company itself.
    expect(views.filter((v) => !v.scoped).map((v) => v.relname)).toEqual([]);
    for (const { relname } of views) {
      for (const company of [t.ids.acme, t.ids.beta]) {
        const seen = rows<{ e: number }>(
          await withTenant(db, company, (tx) => tx.execute(sql`select distinct entreprise_id as e from ${sql.identifier(relname)}`)),
        );
        expect(
          seen.map((x) => x.e).filter((e) => e !== company),
          relname,
        ).toEqual([]);
      }
      const none = await db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('role', 'securite_app', true)`);
        return rows(await tx.execute(sql`select 1 from ${sql.identifier(relname)} limit 1`));
      });
      expect(none, relname).toEqual([]);
    }
  });

  it('refuses to write a row into another company', async () => {
    const db = t.server.database.db;
    await expect(
      withTenant(db, t.ids.beta, (tx) =>
        tx.insert(utilisateur).values({ entrepriseId: t.ids.acme, nom: 'Intrus', prenom: 'X', mail: 'intrus@x.fr' }),
      ),
    ).rejects.toThrow();
    const moved = await withTenant(db, t.ids.beta, (tx) =>
      tx.update(utilisateur).set({ nom: 'Piraté' }).where(sql`${utilisateur.entrepriseId} = ${t.ids.acme}`).returning(),
    );
    expect(moved).toEqual([]);
  });
});

describe('demo data', () => {
  it('never names a person of another company in rules, processes or habilitations', async () => {
    const r = await withSystem(t.server.database.db, 'test consistency read', (tx) =>
      tx.execute(sql`
        select 'etape_autorisation' as t, count(*)::int as n from etape_autorisation a join utilisateur u on u.id = a.utilisateur_id where u.entreprise_id <> a.entreprise_id
        union all select 'process', count(*)::int from process p join utilisateur u on u.id = p.created_by_id where u.entreprise_id <> p.entreprise_id
        union all select 'utilisateur_habilitation', count(*)::int from utilisateur_habilitation h join utilisateur u on u.id = h.utilisateur_id where u.entreprise_id <> h.entreprise_id`),
    );
    expect(rows<{ t: string; n: number }>(r).filter((x) => x.n > 0)).toEqual([]);
  });
});

describe('concurrent writes', () => {
  it('keeps service idx unique when many are created at once', async () => {
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => t.req('acmeAdmin', 'POST', '/api/v2/service_modele/create', { libelle: `Parallèle ${i}` })),
    );
    expect(results.filter((r) => r.statusCode !== 200).map((r) => `${r.statusCode} ${r.body}`)).toEqual([]);
    const list = (await t.req('acmeAdmin', 'GET', '/api/v2/service_modele/get')).json() as { idx: number }[];
    expect(new Set(list.map((s) => s.idx)).size).toBe(list.length);
  });

  it('gives one clear 409 when two people create the same e-mail at once', async () => {
    const body = { nom: 'Double', prenom: 'Jean', mail: 'double@acme.test', profilId: 6 };
    const [a, b] = await Promise.all([
      t.req('acmeAdmin', 'POST', '/api/v2/utilisateur/create', body),
      t.req('acmeAdmin', 'POST', '/api/v2/utilisateur/create', body),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect([a, b].find((r) => r.statusCode === 409)?.json().message).toBe('Cette valeur existe déjà.');
  });
});
