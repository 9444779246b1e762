import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { utilisateur } from '../src/modules/utilisateur/utilisateur.tables.ts';
import { withPartner, withSystem, withTenant } from '../src/platform/db/tenant.ts';
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
