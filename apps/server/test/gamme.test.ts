import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withSystem } from '../src/platform/db/tenant.ts';
import { type Actor, startTestApp, type TestApp } from './harness.ts';

let t: TestApp;
const sys = async <T = Record<string, unknown>>(q: ReturnType<typeof sql>) =>
  withSystem(t.server.database.db, 'test: gamme', async (tx) => (await tx.execute(q)) as unknown as { rows: T[] }).then((r) => r.rows);

/** An equipment of a company (system path), a root of its tree. */
async function mkEquipement(company: number, name: string, displayPrevious = false): Promise<number> {
  const [{ id }] = await sys<{ id: number }>(sql`insert into equipement (entreprise_id, path, name, display_previous)
    values (${company}, '{}', ${name}, ${displayPrevious}) returning id`);
  await sys(sql`update equipement set path = array[id] where id = ${id}`);
  return id;
}
const logicielId = async (code: string) => (await sys<{ id: number }>(sql`select id from logiciel where code = ${code}`))[0].id;

const call = async (as: Actor, method: string, url: string, body?: unknown, status = 200) => {
  const r = await t.req(as, method, url, body);
  expect(r.statusCode, `${method} ${url}: ${r.body}`).toBe(status);
  return r.json();
};

let mr: number;
let mc: number;
let eq: number;
let gamme: number;
let pression: number;
let workflow: number;

beforeAll(async () => {
  t = await startTestApp();
  mr = await logicielId('mr');
  mc = await logicielId('mc');
  eq = await mkEquipement(t.ids.acme, 'Compresseur test C9', true);
  workflow = (await call('acmeAdmin', 'POST', '/api/v2/workflow/create', { libelle: 'Demande d’intervention' })).id;
  gamme = (await call('acmeAdmin', 'POST', '/api/gamme/save', { libelle: 'Ronde test', client: 'Atelier', duree: 30, logiciel_id: mr })).id;
  pression = (
    await call('acmeAdmin', 'POST', '/api/v2/gamme-modele-metrique/create', {
      gammeId: gamme,
      nom: 'Pression',
      dataType: 'number',
      equipementId: eq,
      unite: 'bar',
      min: 6,
      lowWarning: 7,
      highWarning: 9.5,
      max: 10,
      workflowModelsToCreate: [workflow],
    })
  ).id;
}, 120_000);
afterAll(() => t?.close());

const reading = (value: unknown, extra: Record<string, unknown> = {}) => ({
  clientId: randomUUID(),
  equipementId: eq,
  metriqueId: pression,
  value,
  capturedAt: new Date().toISOString(),
  ...extra,
});
const countReleves = async () =>
  Number((await sys<{ n: number }>(sql`select count(*)::int as n from releve where gamme_id = ${gamme}`))[0].n);

describe('gammes', () => {
  it('save creates without id and updates with one; a stale version is refused (409)', async () => {
    const g = await call('acmeAdmin', 'POST', '/api/gamme/save', { libelle: 'G', logiciel_id: mr });
    expect(g).toMatchObject({ libelle: 'G', client: null, logicielId: mr, version: 0, nbPoints: 0 });
    const u = await call('acmeAdmin', 'POST', '/api/gamme/save', { id: g.id, libelle: 'G2', logiciel_id: mr, version: 0 });
    expect(u).toMatchObject({ libelle: 'G2', version: 1 });
    const r = await t.req('acmeAdmin', 'POST', '/api/gamme/save', { id: g.id, libelle: 'G3', logiciel_id: mr, version: 0 });
    expect(r.statusCode).toBe(409);
    expect(r.json().message).toMatch(/modifiée entre-temps/);
    const list = await call('acmeAdmin', 'GET', `/api/gamme/get_all?logiciel_id=${mr}`);
    expect(list.map((x: { id: number }) => x.id)).toContain(g.id);
    expect((await call('acmeAdmin', 'GET', `/api/gamme/get_all?logiciel_id=${mc}`)).map((x: { id: number }) => x.id)).not.toContain(g.id);
    await call('acmeAdmin', 'DELETE', `/api/gamme/delete_gamme/${g.id}`);
    expect((await call('acmeAdmin', 'GET', '/api/gamme/get_all')).map((x: { id: number }) => x.id)).not.toContain(g.id);
    // Kept for the history.
    expect(await sys(sql`select id from gamme where id = ${g.id} and deleted_at is not null`)).toHaveLength(1);
  });

  it('creating a gamme makes its creator its administrator (S 126)', async () => {
    const g = await call('acmeAdmin', 'POST', '/api/gamme/save', { libelle: 'À moi', logiciel_id: mr });
    const rows = await sys(
      sql`select 1 from permission where type = 'gammeModel' and item_id = ${g.id} and utilisateur_id = ${t.ids.user.acmeAdmin}`,
    );
    expect(rows).toHaveLength(1);
  });
});

describe('points and the idx rule (S 115)', () => {
  it('appends at the highest idx + 1, inserts shifting the later ones, moves, refuses unordered thresholds', async () => {
    const g = (await call('acmeAdmin', 'POST', '/api/gamme/save', { libelle: 'Idx', logiciel_id: mr })).id;
    const add = (nom: string, idx?: number) =>
      call('acmeAdmin', 'POST', '/api/v2/gamme-modele-metrique/create', { gammeId: g, nom, dataType: 'number', ...(idx ? { idx } : {}) });
    const a = await add('A');
    const b = await add('B');
    const c = await add('C');
    expect([a.idx, b.idx, c.idx]).toEqual([1, 2, 3]);
    await add('X', 2);
    const order = async () =>
      (await call('acmeAdmin', 'GET', `/api/v2/gamme-modele-metrique/get/${g}`)).map(
        (p: { nom: string; idx: number }) => `${p.nom}${p.idx}`,
      );
    expect(await order()).toEqual(['A1', 'X2', 'B3', 'C4']);
    await call('acmeAdmin', 'PUT', `/api/v2/gamme-modele-metrique/update-idx/${a.id}`, { idx: 3 });
    expect(await order()).toEqual(['X1', 'B2', 'A3', 'C4']);
    await call('acmeAdmin', 'DELETE', `/api/v2/gamme-modele-metrique/delete/${b.id}`);
    expect(await order()).toEqual(['X1', 'A3', 'C4']);
    expect((await add('D')).idx).toBe(5);
    const bad = await t.req('acmeAdmin', 'POST', '/api/v2/gamme-modele-metrique/create', {
      gammeId: g,
      nom: 'Z',
      dataType: 'number',
      min: 10,
      max: 2,
    });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json().detail)).toMatch(/Seuils incohérents/);
    // Merged with the stored thresholds on update.
    const p = await call('acmeAdmin', 'POST', '/api/v2/gamme-modele-metrique/create', {
      gammeId: g,
      nom: 'T',
      dataType: 'number',
      max: 10,
    });
    const r = await t.req('acmeAdmin', 'PUT', '/api/v2/gamme-modele-metrique/update', { id: p.id, min: 20 });
    expect(r.statusCode).toBe(400);
    const ok = await call('acmeAdmin', 'PUT', '/api/v2/gamme-modele-metrique/update', { id: p.id, min: 1, version: p.version });
    expect(ok).toMatchObject({ min: 1, max: 10, version: p.version + 1 });
    expect(
      (await t.req('acmeAdmin', 'PUT', '/api/v2/gamme-modele-metrique/update', { id: p.id, nom: 'T2', version: p.version })).statusCode,
    ).toBe(409);
  });
});

describe('readings', () => {
  it('a round sent twice is recorded once, also when both sendings arrive together', async () => {
    const before = await countReleves();
    const round = { values: [reading(8), reading('8,2'), reading(7.5)] };
    const first = await call('acmeAdmin', 'POST', '/api/equipment/releves/set-captured-values', round);
    expect(first).toMatchObject({ created: 3, alreadyRecorded: 0 });
    expect(first.items.map((r: { niveau: string }) => r.niveau)).toEqual(['ok', 'ok', 'ok']);
    const again = await call('acmeAdmin', 'POST', '/api/equipment/releves/set-captured-values', round);
    expect(again).toMatchObject({ created: 0, alreadyRecorded: 3 });
    expect(again.items.map((r: { id: number }) => r.id)).toEqual(first.items.map((r: { id: number }) => r.id));
    expect(await countReleves()).toBe(before + 3);

    const twin = { values: Array.from({ length: 5 }, () => reading(8.5)) };
    const both = await Promise.all([
      t.req('acmeAdmin', 'POST', '/api/equipment/releves/set-captured-values', twin),
      t.req('acmeAdmin', 'POST', '/api/equipment/releves/set-captured-values', twin),
    ]);
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(both.map((r) => r.json().created).sort()).toEqual([0, 5]);
    expect(await countReleves()).toBe(before + 8);
  });

  it('the same id twice in one round is refused, nothing written', async () => {
    const r = reading(8);
    const before = await countReleves();
    const res = await t.req('acmeAdmin', 'POST', '/api/equipment/releves/set-captured-values', { values: [r, reading(8), r] });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/deux fois/);
    expect(await countReleves()).toBe(before);
  });

  it('out of range needs a comment (400, nothing written), then is flagged and opens a journaled process on the equipment', async () => {
    const before = await countReleves();
    const refused = await t.req('acmeAdmin', 'POST', '/api/equipment/releves/set-captured-values', { values: [reading(8), reading(11)] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/commentaire est obligatoire/);
    expect(refused.json().detail[0].champ).toBe('values.1.comment');
    expect(await countReleves()).toBe(before);

    const warn = await call(
      'acmeAdmin',
      'POST',
      '/api/equipment/releves/set-captured-value',
      reading(9.8, { comment: 'Légère surpression' }),
    );
    expect(warn.niveau).toBe('warning');
    const alarm = await call(
      'acmeAdmin',
      'POST',
      '/api/equipment/releves/set-captured-value',
      reading(11.2, { comment: 'Soupape à vérifier' }),
    );
    expect(alarm.niveau).toBe('alarm');
    expect(warn.processesCreated).toHaveLength(1);
    expect(alarm.processesCreated).toHaveLength(1);
    const [p] = await sys<{ equipement: { id: number }; process_modele_id: number; origin: string }>(
      sql`select equipement, process_modele_id, origin from process where id = ${alarm.processesCreated[0]}`,
    );
    expect(p.equipement.id).toBe(eq);
    // The lists' « Origine » says which reading opened it.
    expect(p.origin).toMatch(/^Relevé \(alarme\) : /);
    expect(p.process_modele_id).toBe(workflow);
    const j = await sys<{ after: { releveId: number } }>(
      sql`select after from process_journal where process_id = ${alarm.processesCreated[0]} and action = 'releve-hors-plage'`,
    );
    expect(j[0].after.releveId).toBe(alarm.id);
    // A numeric point refuses a text.
    const nan = await t.req('acmeAdmin', 'POST', '/api/equipment/releves/set-captured-value', reading('beaucoup'));
    expect(nan.statusCode).toBe(400);
    expect(nan.json().message).toMatch(/Valeur numérique attendue/);
  });

  it('a reading of a point on another equipment than its own is refused', async () => {
    const other = await mkEquipement(t.ids.acme, 'Pompe P1');
    const r = await t.req('acmeAdmin', 'POST', '/api/equipment/releves/set-captured-value', reading(8, { equipementId: other }));
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toMatch(/se relève sur/);
  });

  it('history: newest first with the previous value; a cancelled reading is kept, with who and why, out of the valid history', async () => {
    const e = await mkEquipement(t.ids.acme, 'Compresseur H', true);
    const p = (
      await call('acmeAdmin', 'POST', '/api/v2/gamme-modele-metrique/create', {
        gammeId: gamme,
        nom: 'Température',
        dataType: 'number',
        equipementId: e,
      })
    ).id;
    const at = (d: number) => new Date(Date.UTC(2026, 0, d, 8)).toISOString();
    const sent = await call('acmeAdmin', 'POST', '/api/equipment/releves/set-captured-values', {
      values: [1, 2, 3].map((d) => ({ clientId: randomUUID(), equipementId: e, metriqueId: p, value: 60 + d, capturedAt: at(d) })),
    });
    const h = await call('acmeAdmin', 'GET', `/api/equipment/releves/history?equipementId=${e}&metriqueId=${p}&perPage=2`);
    expect(h).toMatchObject({ total: 3, totalPage: 2, page: 1 });
    expect(h.items.map((r: { value: string; precedent: { value: string } | null }) => [r.value, r.precedent?.value])).toEqual([
      ['63', '62'],
      ['62', '61'],
    ]);
    // The point read shows the previous value (the equipment's displayPrevious).
    const pts = await call('acmeAdmin', 'GET', `/api/v2/gamme-modele-metrique/get/${gamme}`);
    expect(pts.find((x: { id: number }) => x.id === p).precedent.value).toBe('63');

    const last = sent.items[2].id;
    const noMotif = await t.req('acmeAdmin', 'DELETE', `/api/equipment/releves/history/delete/${last}`);
    expect(noMotif.statusCode).toBe(400);
    const c = await call(
      'acmeAdmin',
      'DELETE',
      `/api/equipment/releves/history/delete/${last}?motif=${encodeURIComponent('Erreur de saisie')}`,
    );
    expect(c).toMatchObject({ cancelReason: 'Erreur de saisie', cancelledById: t.ids.user.acmeAdmin });
    expect(c.cancelledAt).not.toBeNull();
    const after = await call('acmeAdmin', 'GET', `/api/equipment/releves/history?equipementId=${e}`);
    expect(after.items.map((r: { value: string }) => r.value)).toEqual(['62', '61']);
    const all = await call('acmeAdmin', 'GET', `/api/equipment/releves/history?equipementId=${e}&includeCancelled=true`);
    expect(all.total).toBe(3);
    expect(
      (await call('acmeAdmin', 'GET', `/api/v2/gamme-modele-metrique/get/${gamme}`)).find((x: { id: number }) => x.id === p).precedent
        .value,
    ).toBe('62');
    expect(await sys(sql`select id from releve where id = ${last}`)).toHaveLength(1);
    // With the wrong activity instance: 404.
    const wrong = await t.req(
      'acmeAdmin',
      'DELETE',
      `/api/equipment/releves/history/delete/${sent.items[0].id}?motif=x&activite-instance-id=999999`,
    );
    expect(wrong.statusCode).toBe(404);
  });

  it('another company cannot use, read or cancel Acme readings, points or equipment', async () => {
    const r = await t.req('betaAdmin', 'POST', '/api/equipment/releves/set-captured-value', reading(8));
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toMatch(/Référence|Références/);
    expect((await t.req('betaAdmin', 'GET', `/api/equipment/releves/history?equipementId=${eq}`)).statusCode).toBe(404);
    const [{ id }] = await sys<{ id: number }>(sql`select id from releve where gamme_id = ${gamme} limit 1`);
    expect((await t.req('betaAdmin', 'DELETE', `/api/equipment/releves/history/delete/${id}?motif=x`)).statusCode).toBe(404);
    expect((await t.req('betaAdmin', 'GET', `/api/v2/gamme-modele-metrique/get/${gamme}`)).statusCode).toBe(404);
  });
});

describe('manoeuvre sheets', () => {
  let sheet: number;
  beforeAll(async () => {
    sheet = (await call('acmeAdmin', 'POST', '/api/gamme/save', { libelle: 'Fiche test', logiciel_id: mc })).id;
  });

  it('seeds the default states once, orders and protects them', async () => {
    const etats = await call('acmeAdmin', 'GET', `/api/mc/etat_manoeuvre_modele/get/${sheet}`);
    expect(etats.map((e: { libelle: string }) => e.libelle)).toEqual(['Ouvert', 'Fermé', 'Embroché', 'Débroché', 'À la terre', 'Condamné']);
    const own = await call('acmeAdmin', 'POST', '/api/mc/etat_manoeuvre_modele/create', {
      gammeId: sheet,
      libelle: 'Verrouillé',
      couleur: '#112233',
    });
    expect(own.gammeId).toBe(sheet);
    const ids = [own.id, ...etats.map((e: { id: number }) => e.id)];
    const arranged = await call('acmeAdmin', 'PUT', '/api/etat_manoeuvre_modele/arrange', { ids });
    expect(arranged[0].libelle).toBe('Verrouillé');
    const line = await call('acmeAdmin', 'POST', `/api/gamme/create_mm_manoeuvre/${sheet}`, {
      operation: 'Verrouiller',
      etatManoeuvreId: own.id,
    });
    const refused = await t.req('acmeAdmin', 'POST', '/api/mc/etat_manoeuvre_modele/remove', { id: own.id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/Fiche test/);
    await call('acmeAdmin', 'DELETE', `/api/gamme/delete_mm_manoeuvre/${line.id}`);
    await call('acmeAdmin', 'POST', '/api/mc/etat_manoeuvre_modele/remove', { id: own.id });
    // Never seeded again once the company has had states.
    const again = await call('acmeAdmin', 'GET', `/api/mc/etat_manoeuvre_modele/get/${sheet}`);
    expect(again).toHaveLength(6);
  });

  it('simultaneous creations never share a numero; deleting renumbers; moving shifts', async () => {
    const made = await Promise.all(
      Array.from({ length: 8 }, (_, i) => t.req('acmeAdmin', 'POST', `/api/gamme/create_mm_manoeuvre/${sheet}`, { operation: `Op ${i}` })),
    );
    expect(made.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    const nums = made.map((r) => r.json().numero).sort((a, b) => a - b);
    expect(nums).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    const page = await call('acmeAdmin', 'GET', `/api/gamme/get_mm_manoeuvre_paginate?gammeId=${sheet}&page=2&perPage=3`);
    expect(page).toMatchObject({ maxNumero: 8, totalPage: 3, total: 8 });
    expect(page.items.map((l: { numero: number }) => l.numero)).toEqual([4, 5, 6]);
    const byNum = new Map<number, { id: number; operation: string }>(made.map((r) => [r.json().numero as number, r.json()]));
    await call('acmeAdmin', 'DELETE', `/api/gamme/delete_mm_manoeuvre/${byNum.get(3)!.id}`);
    const after = await call('acmeAdmin', 'GET', `/api/gamme/get_mm_manoeuvre_paginate?gammeId=${sheet}&perPage=50`);
    expect(after.items.map((l: { numero: number }) => l.numero)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(after.items[2].id).toBe(byNum.get(4)!.id);
    const moved = await call('acmeAdmin', 'POST', '/api/gamme/update_mm_manoeuvre', { id: byNum.get(8)!.id, numero: 1 });
    expect(moved.numero).toBe(1);
    const final = await call('acmeAdmin', 'GET', `/api/gamme/get_mm_manoeuvre_paginate?gammeId=${sheet}&perPage=50`);
    expect(final.items.map((l: { operation: string }) => l.operation).slice(0, 2)).toEqual([
      byNum.get(8)!.operation,
      byNum.get(1)!.operation,
    ]);
    expect((await call('acmeAdmin', 'GET', `/api/gamme/get_manoeuvre_modele/${sheet}`)).maxNumero).toBe(7);
    const stale = await t.req('acmeAdmin', 'POST', '/api/gamme/update_mm_manoeuvre', { id: byNum.get(8)!.id, operation: 'x', version: 0 });
    expect(stale.statusCode).toBe(409);
  });

  it('a line refuses another company’s state or equipment', async () => {
    const betaSheet = (await call('betaAdmin', 'POST', '/api/gamme/save', { libelle: 'Béta', logiciel_id: mc })).id;
    const betaEtats = await call('betaAdmin', 'GET', `/api/mc/etat_manoeuvre_modele/get/${betaSheet}`);
    const r = await t.req('acmeAdmin', 'POST', `/api/gamme/create_mm_manoeuvre/${sheet}`, {
      operation: 'x',
      etatManoeuvreId: betaEtats[0].id,
    });
    expect(r.statusCode).toBe(400);
    const betaEq = await mkEquipement(t.ids.beta, 'Cellule Béta');
    const r2 = await t.req('acmeAdmin', 'POST', `/api/gamme/create_mm_manoeuvre/${sheet}`, { operation: 'x', equipementId: betaEq });
    expect(r2.statusCode).toBe(400);
    expect((await t.req('betaAdmin', 'POST', `/api/gamme/create_mm_manoeuvre/${sheet}`, {})).statusCode).toBe(404);
  });
});

describe('readings follow the equipment rights', () => {
  it('a technician reads and records only on the equipment he may read; the gamme editing stays refused', async () => {
    // A new root equipment: outside the technician's subtree (the demo gives him the utilities only).
    const hidden = await mkEquipement(t.ids.acme, 'Poste HTA hors périmètre');
    const p = (
      await call('acmeAdmin', 'POST', '/api/v2/gamme-modele-metrique/create', {
        gammeId: gamme,
        nom: 'Tension',
        dataType: 'number',
        equipementId: hidden,
      })
    ).id;
    const r = await t.req('acmeTechnicien', 'POST', '/api/equipment/releves/set-captured-value', {
      equipementId: hidden,
      metriqueId: p,
      value: 20,
      capturedAt: new Date().toISOString(),
    });
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toMatch(/equipementId/);
    expect((await t.req('acmeTechnicien', 'GET', `/api/equipment/releves/history?equipementId=${hidden}`)).statusCode).toBe(404);
    // He reads the gammes and their points (rounds) but does not edit them.
    expect((await t.req('acmeTechnicien', 'GET', `/api/v2/gamme-modele-metrique/get/${gamme}`)).statusCode).toBe(200);
    expect((await t.req('acmeTechnicien', 'POST', '/api/gamme/save', { libelle: 'Non', logiciel_id: mr })).statusCode).toBe(403);
  });

  it('an equipment with readings is not deleted (409 naming them)', async () => {
    const r = await t.req('acmeAdmin', 'DELETE', `/api/v2/equipement/delete/${eq}`);
    expect(r.statusCode).toBe(409);
    expect(r.json().message).toMatch(/relevés/);
  });
});
