import { DEFAULT_INCOMPATIBILITES } from '@app/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerActivitySource } from '../src/modules/coactivite/index.ts';
import { withSystem } from '../src/platform/db/tenant.ts';
import { type Actor, startTestApp, type TestApp } from './harness.ts';

// Coactivité (ticket 15 item 6): conflicts between lockouts and permits in progress on the same equipment subtree or
// zone at the same time, decided by the company's matrix: refused, co-signed, sequenced; on creation, signing and a
// window's extension; concurrent requests never both pass a refusal.

let t: TestApp;
const q = async <T>(query: ReturnType<typeof sql>): Promise<T[]> =>
  withSystem(t.server.database.db, 'test: coactivité fixtures', async (tx) => ((await tx.execute(query)) as unknown as { rows: T[] }).rows);

/** Activities a test gives a process besides its workflow's (a module's source, as the permis module registers one). */
const extra = new Map<number, string[]>();
registerActivitySource('test', async (_tx, { processIds }) => {
  const out = new Map<number, string[]>();
  for (const id of processIds) if (extra.has(id)) out.set(id, extra.get(id) ?? []);
  return out;
});

const EQ: Record<string, number> = {};
const WF: Record<string, number> = {};
let zoneA = 0;
let zoneA1 = 0;

/** A workflow of Acme with two steps and no field, its processes carrying these activities. */
async function workflow(libelle: string, pkg: string, activites: string[]): Promise<number> {
  const [m] = await q<{ id: number }>(
    sql`insert into process_modele (entreprise_id, libelle, package) values (${t.ids.acme}, ${libelle}, ${pkg}) returning id`,
  );
  await q(sql`insert into etape (entreprise_id, process_modele_id, nom, ordre, config) values
    (${t.ids.acme}, ${m.id}, 'Autorisation', 1, '{}'::jsonb), (${t.ids.acme}, ${m.id}, 'Travaux', 2, '{}'::jsonb),
    (${t.ids.acme}, ${m.id}, 'Clôture', 3, '{}'::jsonb)`);
  if (activites.length)
    await q(sql`insert into coactivite_workflow_activite (entreprise_id, process_modele_id, activites)
      values (${t.ids.acme}, ${m.id}, ${`{${activites.join(',')}}`}::text[])`);
  return m.id;
}

// Windows of a far day, so that the demo's processes never meet the tests'.
const H = (h: number, day = '2031-03-12') => `${day}T${String(h).padStart(2, '0')}:00:00.000Z`;

async function create(wf: string, o: { equipement?: string; debut?: number; fin?: number; type?: number; as?: Actor; day?: string }) {
  return t.req(o.as ?? 'acmeAdmin', 'POST', '/api/v2/process/create', {
    processModeleId: WF[wf],
    nomProcess: `${wf} ${o.equipement ?? ''}`.trim(),
    ...(o.equipement ? { equipement: { id: EQ[o.equipement], libelle: o.equipement } } : {}),
    dateDebut: H(o.debut ?? 8, o.day),
    dateFin: H(o.fin ?? 12, o.day),
    ...(o.type ? { typeConsignation: o.type } : {}),
  });
}
const created = async (...a: Parameters<typeof create>) => {
  const r = await create(...a);
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as { id: number; numero: number };
};
const sign = (id: number, as: Actor = 'acmeAdmin') => t.req(as, 'PUT', '/api/v3/process/sign', { id });
const view = async (id: number, as: Actor = 'acmeAdmin') => {
  const r = await t.req(as, 'GET', `/api/v2/coactivite/get/${id}`);
  expect(r.statusCode, r.body).toBe(200);
  return r.json();
};

beforeAll(async () => {
  t = await startTestApp();
  for (const name of ['Chaufferie', 'Chaudière gaz CH1', 'Chaudière gaz CH2', 'Salle des compresseurs', 'Mezzanine du magasin']) {
    const [e] = await q<{ id: number }>(sql`select id from equipement where entreprise_id = ${t.ids.acme} and name = ${name}`);
    EQ[name] = e.id;
  }
  WF.feu = await workflow('Test — permis de feu', 'permis', ['travail', 'feu']);
  WF.confine = await workflow('Test — entrée en espace confiné', 'permis', ['travail', 'espace_confine']);
  WF.hauteur = await workflow('Test — travail en hauteur', 'permis', ['travail', 'hauteur']);
  WF.travail = await workflow('Test — permis de travail', 'permis', []);
  WF.consignation = await workflow('Test — consignation', 'mc', []);
  WF.autre = await workflow('Test — demande de travaux', 'dt', ['radiographie']);
  // Zones: a building and one of its rooms; the boilers stand in the room.
  const [a] = await q<{ id: number }>(
    sql`insert into localisation (entreprise_id, libelle) values (${t.ids.acme}, 'Bâtiment test') returning id`,
  );
  const [a1] = await q<{ id: number }>(
    sql`insert into localisation (entreprise_id, libelle, parent_id) values (${t.ids.acme}, 'Local chaudières test', ${a.id}) returning id`,
  );
  zoneA = a.id;
  zoneA1 = a1.id;
});
afterAll(async () => t?.close());

describe('the default matrix (migration 0026)', () => {
  it('is the contracts’ DEFAULT_INCOMPATIBILITES for every company, a new one included', async () => {
    const r = await t.req('acmeAdmin', 'GET', '/api/v2/coactivite/incompatibilite/get');
    expect(r.statusCode, r.body).toBe(200);
    const cells = r.json().regles.map((c: any) => ({ a: c.a, b: c.b, decision: c.decision, portee: c.portee, motif: c.motif }));
    const sort = (l: any[]) => [...l].sort((x, y) => `${x.a}|${x.b}`.localeCompare(`${y.a}|${y.b}`));
    expect(sort(cells)).toEqual(sort(DEFAULT_INCOMPATIBILITES));
    const [n] = await q<{ n: number }>(sql`select count(*)::int as n from coactivite_incompatibilite where entreprise_id = ${t.ids.beta}`);
    expect(n.n).toBe(DEFAULT_INCOMPATIBILITES.length);
  });
});

describe('refus: hot work × confined space', () => {
  it('refuses a confined-space entry created on the subtree of a hot-work permit, naming it, and writes nothing', async () => {
    const feu = await created('feu', { equipement: 'Chaufferie', debut: 8, fin: 12 });
    const before = await q<{ n: number }>(sql`select count(*)::int as n from process where entreprise_id = ${t.ids.acme}`);
    const r = await create('confine', { equipement: 'Chaudière gaz CH1', debut: 10, fin: 14 });
    expect(r.statusCode).toBe(409);
    expect(r.json().message).toMatch(new RegExp(`^Coactivité interdite\\. Coactivité avec le N° ${feu.numero / 100} `));
    expect(r.json().message).toContain('pénétration en espace confiné');
    const after = await q<{ n: number }>(sql`select count(*)::int as n from process where entreprise_id = ${t.ids.acme}`);
    expect(after[0].n).toBe(before[0].n);
  });

  it('lets them be when the windows do not overlap, or the equipment are apart', async () => {
    await created('feu', { equipement: 'Chaudière gaz CH2', debut: 8, fin: 10, day: '2031-03-13' });
    await created('confine', { equipement: 'Chaudière gaz CH2', debut: 10, fin: 12, day: '2031-03-13' });
    await created('confine', { equipement: 'Salle des compresseurs', debut: 8, fin: 10, day: '2031-03-13' });
  });

  it('finds them in the same zone (a room of the building), through the equipment’s location', async () => {
    await q(sql`update equipement set localisation_id = ${zoneA1} where id = ${EQ['Chaudière gaz CH2']}`);
    await q(sql`update equipement set localisation_id = ${zoneA} where id = ${EQ['Salle des compresseurs']}`);
    await created('feu', { equipement: 'Salle des compresseurs', debut: 8, fin: 12, day: '2031-03-14' });
    const r = await create('confine', { equipement: 'Chaudière gaz CH2', debut: 9, fin: 10, day: '2031-03-14' });
    expect(r.statusCode).toBe(409);
    expect(r.json().message).toContain('dans la même zone (Local chaudières test)');
  });

  it('refuses signing the later one when it came in conflict after its creation; the earlier one is signed', async () => {
    const feu = await created('feu', { equipement: 'Chaufferie', debut: 8, fin: 12, day: '2031-03-15' });
    const confine = await created('confine', { debut: 8, fin: 12, day: '2031-03-15' });
    // Its equipment given afterwards (an update is not checked): signing is.
    await q(
      sql`update process set equipement = ${JSON.stringify({ id: EQ.Chaufferie, libelle: 'Chaufferie' })}::jsonb where id = ${confine.id}`,
    );
    const refused = await sign(confine.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain(`N° ${feu.numero / 100}`);
    expect((await sign(feu.id)).statusCode).toBe(200);
    const v = await view(confine.id);
    expect(v.conflits).toEqual([
      expect.objectContaining({ autreId: feu.id, decision: 'refus', bloque: true, etat: 'ouvert', lieu: 'equipement' }),
    ]);
    expect((await view(feu.id)).conflits[0]).toMatchObject({ autreId: confine.id, bloque: false });
  });
});

describe('cosignature: work at height × work underneath', () => {
  it('records the conflict at creation; signing waits for a named co-signature, journaled on both', async () => {
    const dessous = await created('travail', { equipement: 'Mezzanine du magasin', debut: 8, fin: 17, day: '2031-04-01' });
    const haut = await created('hauteur', { equipement: 'Mezzanine du magasin', debut: 9, fin: 11, day: '2031-04-01' });
    const v0 = await view(haut.id);
    expect(v0.activites).toEqual(['travail', 'hauteur']);
    expect(v0.conflits).toEqual([
      expect.objectContaining({ autreId: dessous.id, decision: 'cosignature', etat: 'ouvert', bloque: true, cosignature: null }),
    ]);
    const blocked = await sign(haut.id);
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().message).toMatch(/^Co-signature requise avant de signer\./);

    const bad = await t.req('acmeAdmin', 'POST', '/api/v2/coactivite/cosign', { processId: haut.id, autreProcessId: 'x' });
    expect(bad.statusCode).toBe(400);
    const c = await t.req('acmeResponsable', 'POST', '/api/v2/coactivite/cosign', {
      processId: haut.id,
      autreProcessId: dessous.id,
      commentaire: 'Zone balisée sous la nacelle',
    });
    expect(c.statusCode, c.body).toBe(200);
    const co = c.json().conflits[0];
    expect(co).toMatchObject({ etat: 'cosigne', cosignature: { nom: 'Bruno Lefèvre', commentaire: 'Zone balisée sous la nacelle' } });
    expect(co.cosignature.hash).toMatch(/^[0-9a-f]{64}$/);
    // Co-signing again changes nothing (idempotent).
    const again = await t.req('acmeAdmin', 'POST', '/api/v2/coactivite/cosign', { processId: dessous.id, autreProcessId: haut.id });
    expect(again.json().conflits[0].cosignature.hash).toBe(co.cosignature.hash);
    expect((await sign(haut.id)).statusCode).toBe(200);
    const journal = await q<{ process_id: number; action: string }>(
      sql`select process_id, action from process_journal where action like 'coactivite%' and process_id in (${haut.id}, ${dessous.id}) order by id`,
    );
    expect(journal.map((j) => `${j.process_id === haut.id ? 'haut' : 'dessous'}:${j.action}`)).toEqual([
      'haut:coactivite',
      'dessous:coactivite',
      'haut:coactivite-cosignature',
      'dessous:coactivite-cosignature',
    ]);
  });

  it('refuses co-signing what is not a conflict needing one', async () => {
    const a = await created('travail', { equipement: 'Chaufferie', day: '2031-04-02' });
    const b = await created('travail', { equipement: 'Chaufferie', day: '2031-04-02' });
    const r = await t.req('acmeAdmin', 'POST', '/api/v2/coactivite/cosign', { processId: b.id, autreProcessId: a.id });
    expect(r.statusCode).toBe(409);
    expect(r.json().message).toBe('Aucun conflit de coactivité en cours entre ces deux processus.');
    const [n] = await q<{ n: number }>(sql`select count(*)::int as n from coactivite_conflit where process_id = ${b.id}`);
    expect(n.n).toBe(0);
  });

  it('is refused to a person without the right to change processes, and to another company', async () => {
    const a = await created('travail', { equipement: 'Salle des compresseurs', day: '2031-04-03' });
    const b = await created('hauteur', { equipement: 'Salle des compresseurs', day: '2031-04-03' });
    expect((await t.req(null, 'POST', '/api/v2/coactivite/cosign', { processId: b.id, autreProcessId: a.id })).statusCode).toBe(401);
    const other = await t.req('betaAdmin', 'POST', '/api/v2/coactivite/cosign', { processId: b.id, autreProcessId: a.id });
    expect([400, 403, 404]).toContain(other.statusCode);
    expect((await t.req('betaAdmin', 'GET', `/api/v2/coactivite/get/${b.id}`)).statusCode).toBe(404);
  });
});

describe('sequencement: a lockout × a test of the same equipment', () => {
  it('makes the later one wait at its creation (process_sequencing), only on the same equipment', async () => {
    const lockout = await created('consignation', { equipement: 'Chaufferie', type: 1, day: '2031-05-01' });
    const essai = await created('consignation', { equipement: 'Chaudière gaz CH1', type: 3, day: '2031-05-01' });
    const seq = await q<{ locked_by_process_id: number }>(
      sql`select locked_by_process_id from process_sequencing where process_id = ${essai.id}`,
    );
    expect(seq.map((s) => s.locked_by_process_id)).toEqual([lockout.id]);
    expect((await view(essai.id)).conflits[0]).toMatchObject({ decision: 'sequencement', etat: 'sequence', bloque: true });
    const refused = await sign(essai.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/séquencé/);
  });

  it('refuses signing a later one not yet sequenced, until it is', async () => {
    const lockout = await created('consignation', { equipement: 'Chaufferie', type: 1, day: '2031-05-02' });
    const req = await created('consignation', { type: 4, day: '2031-05-02' });
    await q(
      sql`update process set equipement = ${JSON.stringify({ id: EQ.Chaufferie, libelle: 'Chaufferie' })}::jsonb where id = ${req.id}`,
    );
    const r = await sign(req.id);
    expect(r.statusCode).toBe(409);
    expect(r.json().message).toMatch(/^Séquencement requis/);
    const s = await t.req('acmeAdmin', 'POST', '/api/v3/process_sequencing/create', { processId: req.id, lockedByProcessId: lockout.id });
    expect(s.statusCode, s.body).toBe(200);
    expect((await view(req.id)).conflits[0].etat).toBe('sequence');
  });

  it('takes the activities of a registered source', async () => {
    const a = await created('travail', { equipement: 'Chaudière gaz CH1', day: '2031-05-03' });
    const b = await created('travail', { equipement: 'Chaudière gaz CH1', day: '2031-05-03' });
    extra.set(b.id, ['radiographie']);
    const r = await sign(b.id);
    expect(r.statusCode).toBe(409);
    expect(r.json().message).toContain('radiographie industrielle');
    expect((await view(a.id)).conflits[0]).toMatchObject({ autreId: b.id, decision: 'refus', bloque: false });
    extra.delete(b.id);
  });

  it('leaves other processes alone (not a lockout nor a permit)', async () => {
    await created('feu', { equipement: 'Chaufferie', day: '2031-05-04' });
    const dt = await created('autre', { equipement: 'Chaufferie', day: '2031-05-04' });
    expect(await view(dt.id)).toMatchObject({ concerne: false, conflits: [] });
  });
});

describe('concurrency', () => {
  it('two conflicting processes created at the same time: exactly one is refused', async () => {
    const [a, b] = await Promise.all([
      create('feu', { equipement: 'Chaufferie', day: '2031-06-01' }),
      create('confine', { equipement: 'Chaufferie', day: '2031-06-01' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
  });

  it('two conflicting processes signed at the same time never both pass a refusal', async () => {
    for (const day of ['2031-06-02', '2031-06-03', '2031-06-04']) {
      const feu = await created('feu', { day });
      const confine = await created('confine', { day });
      const eq = JSON.stringify({ id: EQ['Chaudière gaz CH1'], libelle: 'Chaudière gaz CH1' });
      await q(sql`update process set equipement = ${eq}::jsonb where id in (${feu.id}, ${confine.id})`);
      const [x, y] = await Promise.all([sign(feu.id), sign(confine.id)]);
      expect([x.statusCode, y.statusCode]).toEqual([200, 409]);
    }
  });
});

describe('the matrix and the workflows’ activities (settings)', () => {
  it('sets a cell in either order, empties it, and refuses bad input without writing', async () => {
    const r = await t.req('acmeAdmin', 'POST', '/api/v2/coactivite/incompatibilite/update', {
      a: 'visite',
      b: 'fouille',
      decision: 'cosignature',
      motif: 'Éboulement',
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ a: 'fouille', b: 'visite', decision: 'cosignature', portee: 'zone', motif: 'Éboulement' });
    expect(r.json().updatedBy).toBeTruthy();
    const bad = await t.req('acmeAdmin', 'POST', '/api/v2/coactivite/incompatibilite/update', {
      a: 'soudure',
      b: 'visite',
      decision: 'refus',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/[éèà]|Activité/);
    const cleared = await t.req('acmeAdmin', 'POST', '/api/v2/coactivite/incompatibilite/update', {
      a: 'fouille',
      b: 'visite',
      decision: null,
    });
    expect(cleared.json()).toBeNull();
    const m = (await t.req('acmeAdmin', 'GET', '/api/v2/coactivite/incompatibilite/get')).json();
    expect(m.regles.some((c: any) => c.a === 'fouille' && c.b === 'visite')).toBe(false);
    // Béta's matrix is its own.
    const [n] = await q<{ n: number }>(
      sql`select count(*)::int as n from coactivite_incompatibilite where entreprise_id = ${t.ids.beta} and updated_at is not null`,
    );
    expect(n.n).toBe(0);
  });

  it('sets a lockout or permit workflow’s activities, not another kind’s nor another company’s', async () => {
    const r = await t.req('acmeAdmin', 'POST', '/api/v2/coactivite/workflow_activite/update', {
      processModeleId: WF.travail,
      activites: ['levage', 'travail'],
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ processModeleId: WF.travail, activites: ['travail', 'levage'] });
    const dt = await t.req('acmeAdmin', 'POST', '/api/v2/coactivite/workflow_activite/update', {
      processModeleId: WF.autre,
      activites: [],
    });
    expect(dt.statusCode).toBe(400);
    const beta = await t.req('betaAdmin', 'POST', '/api/v2/coactivite/workflow_activite/update', {
      processModeleId: WF.travail,
      activites: [],
    });
    expect(beta.statusCode).toBe(400);
    await t.req('acmeAdmin', 'POST', '/api/v2/coactivite/workflow_activite/update', { processModeleId: WF.travail, activites: [] });
  });
});

describe('the demo', () => {
  it('shows Acme a work-at-height permit awaiting a co-signature with Gamma’s welding on the mezzanine', async () => {
    const [p] = await q<{ id: number }>(
      sql`select id from process where entreprise_id = ${t.ids.acme} and nom_process = 'Remplacement des luminaires de la mezzanine du magasin'`,
    );
    const v = await view(p.id);
    expect(v.conflits).toEqual([
      expect.objectContaining({
        autreNom: 'Soudure des supports de la mezzanine du magasin',
        decision: 'cosignature',
        etat: 'ouvert',
        bloque: true,
      }),
    ]);
  });
});
