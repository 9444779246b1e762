// Contractors (ticket 12): a person of an external company (Gamma Services, prestataire of Acme) sees and signs the
// processes of Acme where Gamma is a contractor or they are a named signer, and nothing else of Acme; PostgreSQL
// enforces it (role securite_partner, migration 0015).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withPartner, withSystem, withTenant } from '../src/platform/db/tenant.ts';
import { ENGINE, readStream, startTestApp, type TestApp } from './harness.ts';

let t: TestApp;
const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;

interface Demo {
  /** Gamma's, current step « Travaux réalisés » (rule prestataire). */
  hangar: number;
  /** Gamma's, current step « Analyse des risques » (no rule: the client's). */
  chaufferie: number;
  /** Acme's without Gamma. */
  pompe: number;
  /** Gamma's, of the day (dated from the seed's day), current step « Travaux réalisés », its worker in charge. */
  mezzanine: number;
}
let demo: Demo;
let betaProcess: number;

async function idOf(nom: string): Promise<number> {
  const r = await withSystem(t.server.database.db, 'test fixtures', (tx) =>
    tx.execute(sql`select id from process where nom_process = ${nom}`),
  );
  return rows<{ id: number }>(r)[0].id;
}

beforeAll(async () => {
  t = await startTestApp();
  demo = {
    hangar: await idOf('Soudure de la charpente du hangar B'),
    chaufferie: await idOf('Découpe de tuyauterie en chaufferie'),
    pompe: await idOf('Consignation pompe de relevage P12'),
    mezzanine: await idOf('Soudure des supports de la mezzanine du magasin'),
  };
  // A Béta process naming Gamma among its contractors: Béta is no client of Gamma (no relation), so it stays hidden.
  const wf = (await t.req('betaAdmin', 'GET', '/api/v2/workflow/get_workflows')).json()[0].id as number;
  const created = await t.req('betaAdmin', 'POST', '/api/v3/process/create', {
    processModeleId: wf,
    nomProcess: 'Béta pour Gamma',
    typeConsignation: 1,
  });
  expect(created.statusCode, created.body).toBe(200);
  betaProcess = created.json().id;
  await withSystem(t.server.database.db, 'test fixtures', (tx) =>
    tx.execute(sql`update process set prestataire_ids = ${`{${t.ids.gamma}}`}::int[] where id = ${betaProcess}`),
  );
});
afterAll(async () => t?.close());

const search = (body: object = {}) => t.req('gammaUser', 'POST', '/api/process/search_by_paging', body);
const idsOf = (j: { items: { id: number }[] }) => j.items.map((i) => i.id);

describe('a contractor reads its processes of its clients', () => {
  it('lists them, and only them, in every list', async () => {
    const all = await search();
    expect(all.statusCode, all.body).toBe(200);
    expect(new Set(idsOf(all.json()))).toEqual(new Set([demo.hangar, demo.chaufferie, demo.mezzanine]));
    expect(all.json().total).toBe(3);
    const permis = await search({ variant: 'PERMIS' });
    expect(permis.statusCode, permis.body).toBe(200);
    expect(new Set(idsOf(permis.json()))).toEqual(new Set([demo.hangar, demo.chaufferie, demo.mezzanine]));
    const bySearch = await search({ filters: { search: 'hangar' } });
    expect(idsOf(bySearch.json())).toEqual([demo.hangar]);
    const paging = await t.req('gammaUser', 'GET', '/api/process/get_by_paging?offset=0&perPage=50');
    expect(paging.statusCode, paging.body).toBe(200);
    expect(new Set(idsOf(paging.json()))).toEqual(new Set([demo.hangar, demo.chaufferie, demo.mezzanine]));
    const light = await t.req('gammaUser', 'GET', '/api/processes?perPage=50');
    expect(light.statusCode, light.body).toBe(200);
    expect(new Set(idsOf(light.json()))).toEqual(new Set([demo.hangar, demo.chaufferie, demo.mezzanine]));
  });

  it('finds on its home the steps awaiting it, with names and never e-mails', async () => {
    const r = await t.req('gammaUser', 'GET', '/api/v2/accueil/get?tz=Europe/Paris');
    expect(r.statusCode, r.body).toBe(200);
    const h = r.json();
    const ofSection = (section: { items: { id: number }[] }) => section.items.map((i) => i.id);
    // Its company's step (rule prestataire), with who changed the process last: a person of the client, by name
    // (the partner role reads no row of Acme's people: names come through app_person_names).
    expect(h.aSigner.items.find((i: { id: number }) => i.id === demo.hangar)).toMatchObject({
      nomProcess: 'Soudure de la charpente du hangar B',
      etape: { nom: 'Travaux réalisés' },
      entreprise: { id: t.ids.acme, nom: 'Acme Énergie' },
      lastModifyBy: { nom: 'Moreau', prenom: 'Camille' },
    });
    // The client's step of its other permit (no rule) is not its own.
    expect(ofSection(h.aSigner)).not.toContain(demo.chaufferie);
    // The demo's permit of the day: to sign, in its charge, active today, changed by the responsable.
    expect(h.aSigner.items.find((i: { id: number }) => i.id === demo.mezzanine)?.lastModifyBy).toMatchObject({
      nom: 'Lefèvre',
      prenom: 'Bruno',
    });
    expect(ofSection(h.mesProcessus)).toContain(demo.mezzanine);
    expect(ofSection(h.aujourdhui)).toContain(demo.mezzanine);
    expect(ofSection(h.nouveautes)).toContain(demo.mezzanine);
    const all = [...h.aSigner.items, ...h.mesProcessus.items, ...h.aujourdhui.items, ...h.nouveautes.items];
    expect(all.every((i: { lastModifyBy: unknown }) => i.lastModifyBy !== null)).toBe(true);
    expect(r.body).not.toContain('@');
  });

  it('lists nothing of another company, even one naming its company as contractor', async () => {
    const lockouts = await search({ variant: 'MES_CONSIGNATIONS' });
    expect(lockouts.statusCode, lockouts.body).toBe(200);
    expect(lockouts.json().items).toEqual([]);
    expect(idsOf((await search({ filters: { search: 'Béta' } })).json())).toEqual([]);
    expect((await t.req('gammaUser', 'GET', `/api/v3/process/get/${betaProcess}`)).statusCode).toBe(404);
  });

  it('opens its process with its workflow, journal, files and the names of who signed (200), another one is not found (404)', async () => {
    const r = await t.req('gammaUser', 'GET', `/api/v3/process/get/${demo.hangar}`);
    expect(r.statusCode, r.body).toBe(200);
    const p = r.json();
    expect(p.prestataireIds).toEqual([t.ids.gamma]);
    expect(p.createdBy).toMatchObject({ nom: 'Moreau', prenom: 'Camille' });
    const signed = Object.values(p.signatures as Record<string, { utilisateur: { nom: string } }[]>).flat();
    expect(signed.length).toBeGreaterThan(0);
    expect(signed.every((s) => s.utilisateur.nom === 'Lefèvre')).toBe(true);
    expect(JSON.stringify(p)).not.toContain('@acme.demo.fr');
    const modele = await t.req('gammaUser', 'GET', `/api/v3/process/modele/${demo.hangar}`);
    expect(modele.statusCode, modele.body).toBe(200);
    expect(modele.json().etapes.map((e: { nom: string }) => e.nom)).toContain('Travaux réalisés');
    expect(modele.json().abilities.update).toBe(false);
    const log = await t.req('gammaUser', 'GET', `/api/etape/get_log/${demo.hangar}/0`);
    expect(log.statusCode, log.body).toBe(200);
    expect(log.json().some((j: { utilisateur: { nom: string } | null }) => j.utilisateur?.nom === 'Lefèvre')).toBe(true);
    expect((await t.req('gammaUser', 'GET', `/api/v2/process/get_files?process_id=${demo.hangar}`)).statusCode).toBe(200);
    expect((await t.req('gammaUser', 'GET', `/api/processes/process_tree?id=${demo.hangar}`)).statusCode).toBe(200);
    for (const url of [
      `/api/v3/process/get/${demo.pompe}`,
      `/api/v3/process/modele/${demo.pompe}`,
      `/api/etape/get_log/${demo.pompe}/0`,
      `/api/v2/process/get_files?process_id=${demo.pompe}`,
    ]) {
      expect((await t.req('gammaUser', 'GET', url)).statusCode, url).toBe(404);
    }
  });
});

describe('a contractor acts on its steps only', () => {
  it('is told it may act on its step, and not on the client’s', async () => {
    const p = (await t.req('gammaUser', 'GET', `/api/v3/process/get/${demo.hangar}`)).json();
    const current = p.steps.find((s: { ordre: number }) => s.ordre === p.currentEtapeOrdre);
    const mine = await t.req('gammaUser', 'GET', `/api/v2/step/get_information_controls/${current.id}?processId=${demo.hangar}`);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json()).toMatchObject({ canAct: true, autorisations: [{ type: 'prestataire' }] });
    const q = (await t.req('gammaUser', 'GET', `/api/v3/process/get/${demo.chaufferie}`)).json();
    const theirs = q.steps.find((s: { ordre: number }) => s.ordre === q.currentEtapeOrdre);
    const not = await t.req('gammaUser', 'GET', `/api/v2/step/get_information_controls/${theirs.id}?processId=${demo.chaufferie}`);
    expect(not.json()).toMatchObject({ canAct: false, raison: 'Vous n’êtes pas autorisé à agir sur cette étape.' });
  });

  it('cannot fill, sign or return a step that is not its own (403, French message)', async () => {
    const q = (await t.req('gammaUser', 'GET', `/api/v3/process/get/${demo.chaufferie}`)).json();
    const modele = (await t.req('gammaUser', 'GET', `/api/v3/process/modele/${demo.chaufferie}`)).json();
    const step = modele.etapes.find((e: { ordre: number }) => e.ordre === q.currentEtapeOrdre);
    const field = step.metriques.find((m: { dataType: string }) => m.dataType === 'select');
    const fill = await t.req('gammaUser', 'PUT', '/api/v3/process/update', { id: demo.chaufferie, rawData: { [field.id]: 'soudure' } });
    expect(fill.statusCode, fill.body).toBe(403);
    expect(fill.json().message).toBe('Vous n’êtes pas autorisé à agir sur cette étape.');
    const sign = await t.req('gammaUser', 'PUT', '/api/v3/process/sign', { id: demo.chaufferie });
    expect(sign.statusCode, sign.body).toBe(403);
    const back = await t.req('gammaUser', 'PUT', '/api/v3/process/return_step', { id: demo.chaufferie, motif: 'Non' });
    expect(back.statusCode, back.body).toBe(403);
    // A step of its own process that is not the current one.
    const h = (await t.req('gammaUser', 'GET', `/api/v3/process/modele/${demo.hangar}`)).json();
    const closing = h.etapes.find((e: { nom: string }) => e.nom === 'Clôture');
    const sig = closing.metriques.find((m: { dataType: string }) => m.dataType === 'signature');
    const early = await t.req('gammaUser', 'POST', '/api/v2/signature/register', {
      processId: demo.hangar,
      metriqueId: sig.id,
      image: IMG,
    });
    expect(early.statusCode, early.body).toBe(403);
    expect(early.json().message).toBe('Cette étape n’est pas la vôtre : vous ne pouvez pas y agir.');
  });

  it('cannot change what is the client’s: header, state, creation (403)', async () => {
    const rename = await t.req('gammaUser', 'PUT', '/api/v3/process/update', { id: demo.hangar, nomProcess: 'Renommé par Gamma' });
    expect(rename.statusCode, rename.body).toBe(403);
    expect(rename.json().message).toBe('Seule l’entreprise cliente modifie l’en-tête de ce processus.');
    const off = await t.req('gammaUser', 'PUT', '/api/v2/process/inactive', { id: demo.hangar, status: 'ART' });
    expect(off.statusCode, off.body).toBe(403);
    expect(off.json().message).toBe('Seule l’entreprise cliente peut faire cela sur ce processus.');
    const modele = (await t.req('gammaUser', 'GET', `/api/v3/process/modele/${demo.hangar}`)).json();
    const create = await t.req('gammaUser', 'POST', '/api/v3/process/create', { processModeleId: modele.id });
    expect(create.statusCode, create.body).toBe(403);
    // Not visible at all: not found.
    expect((await t.req('gammaUser', 'PUT', '/api/v2/process/inactive', { id: demo.pompe, status: 'ART' })).statusCode).toBe(404);
  });

  it('fills and signs its step (200); the process goes on for the client', async () => {
    const modele = (await t.req('gammaUser', 'GET', `/api/v3/process/modele/${demo.hangar}`)).json();
    const step = modele.etapes.find((e: { nom: string }) => e.nom === 'Travaux réalisés');
    const byName = (n: string) => step.metriques.find((m: { nom: string }) => m.nom === n).id as number;
    const fill = await t.req('gammaUser', 'PUT', '/api/v3/process/update', {
      id: demo.hangar,
      rawData: { [byName('Heure de fin des travaux')]: '11:45', [byName('Travaux terminés')]: true },
    });
    expect(fill.statusCode, fill.body).toBe(200);
    const sign = await t.req('gammaUser', 'PUT', '/api/v3/process/sign', {
      id: demo.hangar,
      etapeId: step.id,
      signatures: [{ metriqueId: byName('Signature de l’intervenant'), image: IMG }],
    });
    expect(sign.statusCode, sign.body).toBe(200);
    const p = sign.json();
    expect(p.currentEtapeOrdre).toBe(step.ordre + 1);
    expect(p.signatures[String(byName('Signature de l’intervenant'))][0].utilisateur).toMatchObject({ nom: 'Roux', prenom: 'Emma' });
    // The client sees the contractor's signature and journal entry, with the contractor's name.
    const seen = (await t.req('acmeResponsable', 'GET', `/api/v3/process/get/${demo.hangar}`)).json();
    expect(seen.currentEtapeOrdre).toBe(step.ordre + 1);
    const log = (await t.req('acmeResponsable', 'GET', `/api/etape/get_log/${demo.hangar}/0`)).json();
    expect(log.at(-1)).toMatchObject({ action: 'signature', utilisateur: { nom: 'Roux' } });
    // The next step (fire watch) has no rule: it is the client's, not the contractor's.
    const again = await t.req('gammaUser', 'PUT', '/api/v3/process/sign', { id: demo.hangar });
    expect(again.statusCode, again.body).toBe(403);
  });

  it('sees and signs a step that names it, on a process without its company as contractor', async () => {
    const wf = (await t.req('acmeAdmin', 'POST', '/api/v2/workflow/create', { libelle: 'Réception de travaux' })).json();
    const etapeId = wf.etapes[0].id as number;
    const rule = await t.req('acmeAdmin', 'POST', '/api/v2/etape_autorisation/create', {
      etapeId,
      type: 'utilisateur',
      utilisateurId: t.ids.user.gammaUser,
    });
    expect(rule.statusCode, rule.body).toBe(200);
    const created = await t.req('acmeTechnicien', 'POST', '/api/v3/process/create', {
      processModeleId: wf.id,
      nomProcess: 'Réception hangar',
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().id as number;
    expect(idsOf((await search({ filters: { search: 'Réception hangar' } })).json())).toEqual([id]);
    const sign = await t.req('gammaUser', 'PUT', '/api/v3/process/sign', { id });
    expect(sign.statusCode, sign.body).toBe(200);
    expect(sign.json().etat).toBe('termine');
  });
});

describe('sequencing', () => {
  it('a contractor ending its process frees the client’s process waiting for it', async () => {
    const wf = (await t.req('acmeAdmin', 'POST', '/api/v2/workflow/create', { libelle: 'Intervention courte' })).json();
    const rule = await t.req('acmeAdmin', 'POST', '/api/v2/etape_autorisation/create', { etapeId: wf.etapes[0].id, type: 'prestataire' });
    expect(rule.statusCode, rule.body).toBe(200);
    const mk = async (body: object) => {
      const r = await t.req('acmeAdmin', 'POST', '/api/v3/process/create', { processModeleId: wf.id, ...body });
      expect(r.statusCode, r.body).toBe(200);
      return r.json().id as number;
    };
    const awaited = await mk({ nomProcess: 'Intervention de Gamma', prestataireIds: [t.ids.gamma] });
    const waiting = await mk({ nomProcess: 'Remise en service (attend Gamma)' });
    const seq = await t.req('acmeAdmin', 'POST', '/api/v3/process_sequencing/create', { processId: waiting, lockedByProcessId: awaited });
    expect(seq.statusCode, seq.body).toBe(200);
    expect((await t.req('acmeAdmin', 'GET', `/api/v3/process/get/${waiting}`)).json().lockedProcess).toBe(true);
    const sign = await t.req('gammaUser', 'PUT', '/api/v3/process/sign', { id: awaited });
    expect(sign.statusCode, sign.body).toBe(200);
    expect(sign.json().etat).toBe('termine');
    const list = await t.req('acmeAdmin', 'POST', '/api/process/search_by_paging', { filters: { search: 'Remise en service' } });
    expect(list.json().items.map((i: { id: number; lockedProcess: boolean }) => [i.id, i.lockedProcess])).toEqual([[waiting, false]]);
  });
});

describe('boards', () => {
  it('a contractor gets none (an empty list, not 403), and no board of its client', async () => {
    const list = await t.req('gammaUser', 'GET', '/api/v2/tableau/get_by_entreprise_logiciel');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toEqual([]);
    const acmeBoards = (await t.req('acmeAdmin', 'GET', '/api/v2/tableau/get_by_entreprise_logiciel')).json() as { id: number }[];
    expect(acmeBoards.length).toBeGreaterThan(0);
    expect((await t.req('gammaUser', 'GET', `/api/v2/tableau/get/${acmeBoards[0].id}`)).statusCode).toBe(404);
  });
});

describe('the client is unaffected', () => {
  it('lists its processes as before, Gamma’s included', async () => {
    const r = await t.req('acmeResponsable', 'POST', '/api/process/search_by_paging', { variant: 'PERMIS' });
    expect(r.statusCode, r.body).toBe(200);
    expect(idsOf(r.json())).toEqual(expect.arrayContaining([demo.hangar, demo.chaufferie]));
    expect(r.json().items.length).toBeGreaterThan(2);
    const beta = await t.req('betaAdmin', 'POST', '/api/process/search_by_paging', {});
    expect(idsOf(beta.json())).not.toContain(demo.hangar);
  });
});

describe('the database enforces it', () => {
  it('shows the partner role its processes only, without the application’s checks', async () => {
    const db = t.server.database.db;
    const seen = async (u: number) =>
      rows<{ id: number }>(
        await withPartner(db, t.ids.gamma, u, (tx) => tx.execute(sql`select id from process where entreprise_id <> ${t.ids.gamma}`)),
      ).map((r) => r.id);
    const mine = await seen(t.ids.user.gammaUser);
    expect(mine).toEqual(expect.arrayContaining([demo.hangar, demo.chaufferie]));
    expect(mine).not.toContain(demo.pompe);
    expect(mine).not.toContain(betaProcess);
    // The partner role cannot change an invisible process, nor move one of its own out of its reach.
    const db2 = await withPartner(db, t.ids.gamma, t.ids.user.gammaUser, (tx) =>
      tx.execute(sql`update process set nom_process = 'Piraté' where id = ${demo.pompe} returning id`),
    );
    expect(rows(db2)).toEqual([]);
    await expect(
      withPartner(db, t.ids.gamma, t.ids.user.gammaUser, (tx) =>
        tx.execute(sql`update process set prestataire_ids = '{}' where id = ${demo.chaufferie}`),
      ),
    ).rejects.toThrow();
    // Signatures are never deleted, even of its own process.
    const gone = await withPartner(db, t.ids.gamma, t.ids.user.gammaUser, (tx) =>
      tx.execute(sql`delete from signature where process_id = ${demo.hangar} returning id`),
    );
    expect(rows(gone)).toEqual([]);
    // Nor insert a process, a step record or a journal line in the client's company for a process not its own.
    await expect(
      withPartner(db, t.ids.gamma, t.ids.user.gammaUser, (tx) =>
        tx.execute(sql`insert into process_journal (entreprise_id, process_id, action) values (${t.ids.acme}, ${demo.pompe}, 'intrus')`),
      ),
    ).rejects.toThrow();
    // The application role (Acme's requests) sees none of this: its single tenant policy.
    const acmeSees = rows<{ n: number }>(
      await withTenant(db, t.ids.beta, (tx) => tx.execute(sql`select count(*)::int as n from process where id = ${demo.hangar}`)),
    );
    expect(acmeSees[0].n).toBe(0);
  });

  it('gives the partner role the policies TO securite_partner only', async () => {
    const r = await withSystem(t.server.database.db, 'test catalog read', (tx) =>
      tx.execute(sql`select polname, polrelid::regclass::text as rel, array(select rolname::text from pg_roles where oid = any(polroles)) as roles
        from pg_policy where polname like 'partner_%' order by 2, 1`),
    );
    const list = rows<{ polname: string; rel: string; roles: string[] }>(r);
    expect(list.length).toBeGreaterThanOrEqual(13);
    expect(list.filter((p) => p.roles.join() !== 'securite_partner')).toEqual([]);
  });
});

describe.skipIf(ENGINE !== 'postgres')('live updates', () => {
  it('reach the contractor for its processes only', async () => {
    const url = `${await t.baseUrl()}/api/v2/process/events`;
    const cookie = await t.cookieOf('gammaUser');
    const listening = readStream(url, cookie, (text) => new RegExp(`"processIds":\\[${demo.chaufferie}\\]`).test(text), 8000);
    await new Promise((r) => setTimeout(r, 300));
    // Not its own: a change of an Acme process without Gamma, then one of its own.
    expect((await t.req('acmeAdmin', 'PUT', '/api/v3/process/update', { id: demo.pompe, reference: 'REF-P12' })).statusCode).toBe(200);
    expect((await t.req('acmeAdmin', 'PUT', '/api/v3/process/update', { id: demo.chaufferie, reference: 'REF-CH' })).statusCode).toBe(200);
    const got = await listening;
    expect(got.status).toBe(200);
    expect(got.text).toMatch(new RegExp(`event: updated\\ndata: .*"processIds":\\[${demo.chaufferie}\\]`));
    expect(got.text).not.toContain(`[${demo.pompe}]`);
    // Caught up after a reconnection: the same, from the table of events.
    const again = await readStream(url, cookie, (text) => text.includes(`"processIds":[${demo.chaufferie}]`), 5000, {
      'last-event-id': '0',
    });
    expect(again.text).toContain(`"processIds":[${demo.chaufferie}]`);
    expect(again.text).not.toContain(`"processIds":[${demo.pompe}]`);
  });
});

const IMG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
