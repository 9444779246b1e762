import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { withSystem } from '../../src/platform/db/tenant.ts';
import type { TestApp } from '../harness.ts';
import { matrixRows } from './kit.ts';

const ok = async (t: TestApp, method: string, url: string, body?: unknown) => {
  const r = await t.req('acmeAdmin', method, url, body);
  expect(r.statusCode, `${url}: ${r.body}`).toBe(200);
  return r.json();
};
/** A software flavour's id (a system-wide list, read through the system path). */
const logiciel = async (t: TestApp, code: string) =>
  withSystem(t.server.database.db, 'test: logiciel id', async (tx) => {
    const r = (await tx.execute(sql`select id from logiciel where code = ${code}`)) as unknown as { rows: { id: number }[] };
    return r.rows[0].id;
  });

/** Acme fixtures for the matrix, made once per app: an equipment, a gamme with a point, a sheet with a line and a state. */
const made = new WeakMap<TestApp, Promise<Fixture>>();
interface Fixture {
  mr: number;
  equipement: number;
  gamme: number;
  point: number;
  sheet: number;
}
function fixture(t: TestApp): Promise<Fixture> {
  let f = made.get(t);
  if (!f) {
    f = (async () => {
      const mr = await logiciel(t, 'mr');
      const equipement = (await ok(t, 'POST', '/api/v2/equipement/create', { parentId: null, name: `Compresseur ${Math.random()}` })).id;
      const gamme = (await ok(t, 'POST', '/api/gamme/save', { libelle: 'Ronde matrice', logiciel_id: mr })).id;
      const point = (
        await ok(t, 'POST', '/api/v2/gamme-modele-metrique/create', {
          gammeId: gamme,
          nom: 'Pression',
          dataType: 'number',
          equipementId: equipement,
          max: 10,
        })
      ).id;
      const sheet = (await ok(t, 'POST', '/api/gamme/save', { libelle: 'Fiche matrice', logiciel_id: await logiciel(t, 'mc') })).id;
      return { mr, equipement, gamme, point, sheet };
    })();
    made.set(t, f);
  }
  return f;
}
const mkGamme = async (t: TestApp) =>
  (await ok(t, 'POST', '/api/gamme/save', { libelle: `G ${Math.random()}`, logiciel_id: (await fixture(t)).mr })).id as number;
const mkPoint = async (t: TestApp) =>
  (await ok(t, 'POST', '/api/v2/gamme-modele-metrique/create', { gammeId: (await fixture(t)).gamme, nom: 'Temp', dataType: 'number' }))
    .id as number;
const mkReading = async (t: TestApp) => {
  const f = await fixture(t);
  return (
    await ok(t, 'POST', '/api/equipment/releves/set-captured-value', {
      equipementId: f.equipement,
      metriqueId: f.point,
      value: 5,
      capturedAt: new Date().toISOString(),
    })
  ).id as number;
};
const mkEtat = async (t: TestApp) =>
  (await ok(t, 'POST', '/api/mc/etat_manoeuvre_modele/create', { gammeId: (await fixture(t)).sheet, libelle: `État ${Math.random()}` }))
    .id as number;
const mkLine = async (t: TestApp) =>
  (await ok(t, 'POST', `/api/gamme/create_mm_manoeuvre/${(await fixture(t)).sheet}`, { operation: 'Ouvrir' })).id as number;
const reading = async (t: TestApp, extra: Record<string, unknown> = {}) => {
  const f = await fixture(t);
  return {
    clientId: randomUUID(),
    equipementId: f.equipement,
    metriqueId: f.point,
    value: 5,
    capturedAt: new Date().toISOString(),
    ...extra,
  };
};

export const rows = matrixRows({
  gamme: {
    list: {
      ok: {
        as: 'acmeAdmin',
        call: async (t) => ({ url: `/api/gamme/get_all?logiciel_id=${(await fixture(t)).mr}` }),
        check: (j) => expect(j.some((g: any) => g.libelle === 'Ronde matrice')).toBe(true),
      },
      other: { as: 'betaAdmin', unseen: { kind: 'gamme' } },
      bad: () => ({ url: '/api/gamme/get_all?logiciel_id=abc' }),
    },
    save: {
      ok: {
        as: 'acmeAdmin',
        call: async (t) => ({
          url: '/api/gamme/save',
          body: { libelle: 'Ronde chaufferie', duree: 45, logiciel_id: (await fixture(t)).mr },
        }),
        check: (j) => expect(j).toMatchObject({ libelle: 'Ronde chaufferie', duree: 45 }),
      },
      forbidden: { as: 'acmeTechnicien' },
      // Updating Acme's gamme from Béta.
      other: {
        call: async (t) => ({
          url: '/api/gamme/save',
          body: { id: (await fixture(t)).gamme, libelle: 'Volée', logiciel_id: (await fixture(t)).mr },
        }),
      },
      bad: () => ({ url: '/api/gamme/save', body: { libelle: '', logiciel_id: 'mr' } }),
    },
    delete: {
      ok: { as: 'acmeAdmin', call: async (t) => ({ url: `/api/gamme/delete_gamme/${await mkGamme(t)}` }) },
      forbidden: { as: 'acmeTechnicien' },
      bad: () => ({ url: '/api/gamme/delete_gamme/abc' }),
    },
    points: {
      ok: {
        as: 'acmeAdmin',
        call: async (t) => ({ url: `/api/v2/gamme-modele-metrique/get/${(await fixture(t)).gamme}` }),
        check: (j) => expect(j[0]).toMatchObject({ nom: 'Pression', idx: 1 }),
      },
      bad: () => ({ url: '/api/v2/gamme-modele-metrique/get/abc' }),
    },
    pointCreate: {
      ok: {
        as: 'acmeAdmin',
        call: async (t) => ({
          url: '/api/v2/gamme-modele-metrique/create',
          body: { gammeId: (await fixture(t)).gamme, nom: 'Niveau d’huile', dataType: 'checkbox' },
        }),
      },
      forbidden: { as: 'acmeTechnicien' },
      bad: async (t) => ({
        url: '/api/v2/gamme-modele-metrique/create',
        body: { gammeId: (await fixture(t)).gamme, nom: 'X', dataType: 'number', min: 5, max: 1 },
      }),
    },
    pointUpdate: {
      ok: {
        as: 'acmeAdmin',
        call: async (t) => ({ url: '/api/v2/gamme-modele-metrique/update', body: { id: await mkPoint(t), unite: '°C', max: 110 } }),
      },
      forbidden: { as: 'acmeTechnicien' },
      bad: async (t) => ({ url: '/api/v2/gamme-modele-metrique/update', body: { id: await mkPoint(t) } }),
    },
    pointMove: {
      ok: {
        as: 'acmeAdmin',
        call: async (t) => ({ url: `/api/v2/gamme-modele-metrique/update-idx/${await mkPoint(t)}`, body: { idx: 1 } }),
      },
      forbidden: { as: 'acmeTechnicien' },
      bad: async (t) => ({ url: `/api/v2/gamme-modele-metrique/update-idx/${await mkPoint(t)}`, body: { idx: 10000 } }),
    },
    pointDelete: {
      ok: { as: 'acmeAdmin', call: async (t) => ({ url: `/api/v2/gamme-modele-metrique/delete/${await mkPoint(t)}` }) },
      forbidden: { as: 'acmeTechnicien' },
      bad: () => ({ url: '/api/v2/gamme-modele-metrique/delete/0' }),
    },
    setCapturedValue: {
      ok: { as: 'acmeAdmin', call: async (t) => ({ url: '/api/equipment/releves/set-captured-value', body: await reading(t) }) },
      bad: async (t) => ({ url: '/api/equipment/releves/set-captured-value', body: await reading(t, { value: 12 }) }),
    },
    setCapturedValues: {
      ok: {
        as: 'acmeAdmin',
        call: async (t) => ({
          url: '/api/equipment/releves/set-captured-values',
          body: { values: [await reading(t), await reading(t, { value: '4,5' })] },
        }),
        check: (j) => expect(j.created).toBe(2),
      },
      bad: () => ({ url: '/api/equipment/releves/set-captured-values', body: { values: [] } }),
    },
    history: {
      ok: {
        as: 'acmeAdmin',
        call: async (t) => {
          await mkReading(t);
          return { url: `/api/equipment/releves/history?equipementId=${(await fixture(t)).equipement}` };
        },
        check: (j) => expect(j.total).toBeGreaterThan(0),
      },
      bad: () => ({ url: '/api/equipment/releves/history?equipementId=abc' }),
    },
    historyDelete: {
      ok: { as: 'acmeAdmin', call: async (t) => ({ url: `/api/equipment/releves/history/delete/${await mkReading(t)}?motif=Erreur` }) },
      bad: async (t) => ({ url: `/api/equipment/releves/history/delete/${await mkReading(t)}` }),
    },
    etats: {
      ok: {
        as: 'acmeAdmin',
        call: async (t) => ({ url: `/api/mc/etat_manoeuvre_modele/get/${(await fixture(t)).sheet}` }),
        check: (j) => expect(j.map((e: any) => e.libelle)).toContain('Condamné'),
      },
      bad: () => ({ url: '/api/mc/etat_manoeuvre_modele/get/abc' }),
    },
    etatCreate: {
      ok: {
        as: 'acmeAdmin',
        call: async (t) => ({
          url: '/api/mc/etat_manoeuvre_modele/create',
          body: { gammeId: (await fixture(t)).sheet, libelle: 'Essai', couleur: '#aabbcc' },
        }),
      },
      forbidden: { as: 'acmeTechnicien' },
      bad: () => ({ url: '/api/mc/etat_manoeuvre_modele/create', body: { libelle: 'X', couleur: 'rouge' } }),
    },
    etatRemove: {
      ok: { as: 'acmeAdmin', call: async (t) => ({ url: '/api/mc/etat_manoeuvre_modele/remove', body: { id: await mkEtat(t) } }) },
      forbidden: { as: 'acmeTechnicien' },
      bad: () => ({ url: '/api/mc/etat_manoeuvre_modele/remove', body: {} }),
    },
    etatUpdate: {
      ok: {
        as: 'acmeAdmin',
        call: async (t) => ({ url: '/api/mc/etat_manoeuvre_modele/update', body: { id: await mkEtat(t), libelle: 'Renommé' } }),
      },
      forbidden: { as: 'acmeTechnicien' },
      bad: async (t) => ({ url: '/api/mc/etat_manoeuvre_modele/update', body: { id: await mkEtat(t) } }),
    },
    etatArrange: {
      ok: {
        as: 'acmeAdmin',
        call: async (t) => ({ url: '/api/etat_manoeuvre_modele/arrange', body: { ids: [await mkEtat(t), await mkEtat(t)] } }),
      },
      forbidden: { as: 'acmeTechnicien' },
      bad: () => ({ url: '/api/etat_manoeuvre_modele/arrange', body: { ids: [] } }),
    },
    manoeuvreModele: {
      ok: { as: 'acmeAdmin', call: async (t) => ({ url: `/api/gamme/get_manoeuvre_modele/${(await fixture(t)).sheet}` }) },
      bad: () => ({ url: '/api/gamme/get_manoeuvre_modele/abc' }),
    },
    manoeuvreModeleUpdate: {
      ok: {
        as: 'acmeAdmin',
        call: async (t) => ({
          url: '/api/gamme/update_manoeuvre_modele',
          body: { gammeId: (await fixture(t)).sheet, typeManoeuvre: 'consignation' },
        }),
      },
      forbidden: { as: 'acmeTechnicien' },
      bad: async (t) => ({
        url: '/api/gamme/update_manoeuvre_modele',
        body: { gammeId: (await fixture(t)).sheet, typeManoeuvre: 'autre' },
      }),
    },
    manoeuvre: {
      ok: { as: 'acmeAdmin', call: async (t) => ({ url: `/api/gamme/get_mm_manoeuvre/${await mkLine(t)}` }) },
      bad: () => ({ url: '/api/gamme/get_mm_manoeuvre/abc' }),
    },
    manoeuvrePage: {
      ok: {
        as: 'acmeAdmin',
        call: async (t) => {
          await mkLine(t);
          return { url: `/api/gamme/get_mm_manoeuvre_paginate?gammeId=${(await fixture(t)).sheet}&page=1&perPage=10` };
        },
        check: (j) => expect(j.maxNumero).toBeGreaterThan(0),
      },
      bad: () => ({ url: '/api/gamme/get_mm_manoeuvre_paginate?gammeId=1&perPage=0' }),
    },
    manoeuvreUpdate: {
      ok: {
        as: 'acmeAdmin',
        call: async (t) => ({ url: '/api/gamme/update_mm_manoeuvre', body: { id: await mkLine(t), poste: 'TGBT atelier', numero: 1 } }),
      },
      forbidden: { as: 'acmeTechnicien' },
      bad: async (t) => ({ url: '/api/gamme/update_mm_manoeuvre', body: { id: await mkLine(t) } }),
    },
    manoeuvreCreate: {
      ok: {
        as: 'acmeAdmin',
        call: async (t) => ({
          url: `/api/gamme/create_mm_manoeuvre/${(await fixture(t)).sheet}`,
          body: { poste: 'Cellule T2', operation: 'Ouvrir' },
        }),
        check: (j) => expect(j.numero).toBeGreaterThan(0),
      },
      forbidden: { as: 'acmeTechnicien' },
      bad: async (t) => ({ url: `/api/gamme/create_mm_manoeuvre/${(await fixture(t)).sheet}`, body: { operation: 'x'.repeat(300) } }),
    },
    manoeuvreDelete: {
      ok: { as: 'acmeAdmin', call: async (t) => ({ url: `/api/gamme/delete_mm_manoeuvre/${await mkLine(t)}` }) },
      forbidden: { as: 'acmeTechnicien' },
      bad: () => ({ url: '/api/gamme/delete_mm_manoeuvre/abc' }),
    },
  },
});
