import { expect } from 'vitest';
import type { TestApp } from '../harness.ts';
import { matrixRows } from './kit.ts';

/** A new Acme equipment (under `parentId`, or a root), created by Acme's admin. */
export const mkEquipement = async (t: TestApp, body: Record<string, unknown> = {}) => {
  const r = await t.req('acmeAdmin', 'POST', '/api/v2/equipement/create', { parentId: null, name: `Équipement ${Math.random()}`, ...body });
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as { id: number; version: number; pointsIsolement: { id: number }[] };
};
const mkPoint = async (t: TestApp) => {
  const e = await mkEquipement(t, {
    pointsIsolement: [
      { repere: 'Q1', energie: 'electrique', dispositif: 'Sectionneur Q1', positionRequise: 'ouvert' },
      { repere: 'V1', energie: 'pneumatique', dispositif: 'Vanne V1', positionRequise: 'fermé' },
    ],
  });
  return { equipement: e.id, points: e.pointsIsolement.map((p) => p.id) };
};
const mkActivite = async (t: TestApp) => {
  const e = await mkEquipement(t);
  const r = await t.req('acmeAdmin', 'POST', `/api/v2/equipement/${e.id}/activites/create`, { libelle: 'Graissage des paliers' });
  expect(r.statusCode, r.body).toBe(200);
  return r.json().id as number;
};
const mkInstance = async (t: TestApp) => {
  const r = await t.req('acmeAdmin', 'POST', '/api/v2/equipement/activites/instances/create', { objectActiviteId: await mkActivite(t) });
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as { id: number; version: number };
};
const acmeProcess = async (t: TestApp) => {
  const r = await t.req('acmeAdmin', 'GET', '/api/process/get_by_paging?perPage=1');
  return r.json().items[0].id as number;
};
const treeIds = (j: any) => (j.form === 'compact' ? j.ids : j.nodes.map((n: any) => n.id));

export const rows = matrixRows({
  equipement: {
    tree: {
      ok: {
        as: 'acmeTechnicien',
        call: () => ({ url: '/api/v2/equipement/get' }),
        check: (j) => expect(['full', 'compact']).toContain(j.form),
      },
      other: { as: 'betaAdmin', unseen: { kind: 'equipement', ids: treeIds } },
      bad: () => ({ url: '/api/v2/equipement/get?type=machine' }),
    },
    duplicate: {
      ok: {
        as: 'acmeAdmin',
        call: async (t) => ({ url: `/api/v2/equipements/${(await mkEquipement(t)).id}/duplicate`, body: { withChildren: true } }),
        check: (j) => expect(j.count).toBe(1),
      },
      bad: async (t) => ({ url: `/api/v2/equipements/${(await mkEquipement(t)).id}/duplicate`, body: { withChildren: 'oui' } }),
    },
    get: {
      ok: { as: 'acmeAdmin', call: async (t) => ({ url: `/api/v2/equipement/get/${(await mkEquipement(t)).id}?include=general,risques` }) },
      bad: async (t) => ({ url: `/api/v2/equipement/get/${(await mkEquipement(t)).id}?include=tout` }),
    },
    create: {
      ok: {
        as: 'acmeAdmin',
        call: async (t) => ({
          url: '/api/v2/equipement/create',
          body: { parentId: (await mkEquipement(t)).id, name: 'Moteur M12', domaineTension: 'BT', color: '#112233' },
        }),
        check: (j) => expect(j).toMatchObject({ name: 'Moteur M12', domaineTension: 'BT', idx: 0 }),
      },
      bad: () => ({ url: '/api/v2/equipement/create', body: { parentId: null, name: '', domaineTension: 'MT' } }),
    },
    update: {
      ok: {
        as: 'acmeAdmin',
        call: async (t) => {
          const e = await mkEquipement(t);
          return { url: '/api/v2/equipement/update', body: { id: e.id, version: e.version, name: 'Renommé', text2: 'Libre' } };
        },
        check: (j) => expect(j.version).toBe(1),
      },
      bad: async (t) => ({ url: '/api/v2/equipement/update', body: { id: (await mkEquipement(t)).id, version: 0 } }),
    },
    arrange: {
      ok: {
        as: 'acmeAdmin',
        call: async (t) => ({
          url: '/api/v2/equipement/arrange',
          body: { parentId: (await mkEquipement(t)).id, ids: [(await mkEquipement(t)).id] },
        }),
      },
      bad: () => ({ url: '/api/v2/equipement/arrange', body: { parentId: null, ids: [] } }),
    },
    updateGeneral: {
      ok: {
        as: 'acmeAdmin',
        call: async (t) => ({
          url: '/api/v2/equipement/update_general',
          body: { id: (await mkEquipement(t)).id, general: { rfid: 'A1B2' } },
        }),
        check: (j) => expect(j.rfid).toBe('A1B2'),
      },
      bad: async (t) => ({ url: '/api/v2/equipement/update_general', body: { id: (await mkEquipement(t)).id, general: {} } }),
    },
    statusUpdate: {
      ok: {
        as: 'acmeAdmin',
        call: async (t) => ({ url: '/api/v2/equipement/status_update', body: { id: (await mkEquipement(t)).id, status: 'en_cours' } }),
      },
      bad: async (t) => ({ url: '/api/v2/equipement/status_update', body: { id: (await mkEquipement(t)).id, status: 'arrêt' } }),
    },
    updateHideRisquesParent: {
      ok: {
        as: 'acmeAdmin',
        call: async (t) => ({
          url: '/api/v2/equipement/update_hide_risques_parent',
          body: { id: (await mkEquipement(t)).id, hideRisquesParent: true },
        }),
      },
      bad: async (t) => ({ url: '/api/v2/equipement/update_hide_risques_parent', body: { id: (await mkEquipement(t)).id } }),
    },
    updateDisplayPrevious: {
      ok: {
        as: 'acmeAdmin',
        call: async (t) => ({
          url: `/api/v2/equipement/${(await mkEquipement(t)).id}/update_display_previous`,
          body: { displayPrevious: true },
        }),
      },
      bad: async (t) => ({ url: `/api/v2/equipement/${(await mkEquipement(t)).id}/update_display_previous`, body: { displayPrevious: 1 } }),
    },
    delete: {
      ok: { as: 'acmeAdmin', call: async (t) => ({ url: `/api/v2/equipement/delete/${(await mkEquipement(t)).id}` }) },
      // The technician reads the registry but may not delete (403 from the node's rights).
      forbidden: { as: 'acmeTechnicien' },
      bad: () => ({ url: '/api/v2/equipement/delete/premier' }),
    },
    linkProcess: {
      ok: {
        as: 'acmeAdmin',
        call: async (t) => ({
          url: `/api/equipments/${(await mkEquipement(t)).id}/link-process`,
          body: { processIds: [await acmeProcess(t)] },
        }),
      },
      bad: async (t) => ({ url: `/api/equipments/${(await mkEquipement(t)).id}/link-process`, body: {} }),
    },
    processus: {
      ok: { as: 'acmeAdmin', call: async (t) => ({ url: `/api/v2/equipement/${(await mkEquipement(t)).id}/processus` }) },
      bad: () => ({ url: '/api/v2/equipement/0/processus' }),
    },
    byLocation: {
      // A location id of the plan (the locations module checks it exists; the registry only places equipment on it).
      ok: {
        as: 'acmeAdmin',
        call: async (t) => {
          await mkEquipement(t, { name: 'Sur le plan', marker: { localisationId: 1, x: 0.5, y: 0.25 } });
          return { url: '/api/v2/equipement/by_location/1' };
        },
        check: (j) => expect(j.length).toBeGreaterThan(0),
      },
      other: { as: 'betaAdmin', unseen: { kind: 'equipement' } },
      bad: () => ({ url: '/api/v2/equipement/by_location/plan' }),
    },
    options: {
      ok: { as: 'acmeAdmin', call: () => ({ url: '/api/v2/equipement/options?limit=20' }) },
      other: { as: 'betaAdmin', unseen: { kind: 'equipement' } },
      bad: () => ({ url: '/api/v2/equipement/options?limit=0' }),
    },
    pointsIsolement: {
      ok: {
        as: 'acmeAdmin',
        call: async (t) => ({ url: `/api/v2/equipement/${(await mkPoint(t)).equipement}/points_isolement` }),
        check: (j) => expect(j).toHaveLength(2),
      },
      bad: () => ({ url: '/api/v2/equipement/-1/points_isolement' }),
    },
    createPointIsolement: {
      ok: {
        as: 'acmeAdmin',
        call: async (t) => ({
          url: `/api/v2/equipement/${(await mkEquipement(t)).id}/points_isolement/create`,
          body: {
            repere: 'Q12',
            energie: 'electrique',
            dispositif: 'Sectionneur Q12',
            positionRequise: 'ouvert',
            moyenCondamnation: 'Cadenas',
          },
        }),
      },
      forbidden: { as: 'acmeTechnicien' },
      bad: async (t) => ({
        url: `/api/v2/equipement/${(await mkEquipement(t)).id}/points_isolement/create`,
        body: { repere: 'Q12', energie: 'nucléaire', dispositif: 'x', positionRequise: 'ouvert' },
      }),
    },
    updatePointIsolement: {
      ok: {
        as: 'acmeAdmin',
        call: async (t) => ({
          url: '/api/v2/equipement/points_isolement/update',
          body: { id: (await mkPoint(t)).points[0], positionRequise: 'à la terre' },
        }),
      },
      forbidden: { as: 'acmeTechnicien' },
      bad: async (t) => ({ url: '/api/v2/equipement/points_isolement/update', body: { id: (await mkPoint(t)).points[0] } }),
    },
    arrangePointsIsolement: {
      ok: {
        as: 'acmeAdmin',
        call: async (t) => {
          const p = await mkPoint(t);
          return { url: `/api/v2/equipement/${p.equipement}/points_isolement/arrange`, body: { ids: [...p.points].reverse() } };
        },
      },
      forbidden: { as: 'acmeTechnicien' },
      bad: async (t) => ({ url: `/api/v2/equipement/${(await mkPoint(t)).equipement}/points_isolement/arrange`, body: { ids: [] } }),
    },
    deletePointIsolement: {
      ok: { as: 'acmeAdmin', call: async (t) => ({ url: `/api/v2/equipement/points_isolement/delete/${(await mkPoint(t)).points[1]}` }) },
      forbidden: { as: 'acmeTechnicien' },
      bad: () => ({ url: '/api/v2/equipement/points_isolement/delete/x' }),
    },
    champs: {
      ok: { as: 'acmeTechnicien', call: () => ({ url: '/api/v2/equipement/champs' }), check: (j) => expect(j).toHaveLength(4) },
      other: { none: 'it names no row: the caller’s company’s four fields, of the same shape everywhere' },
    },
    updateChamp: {
      ok: {
        as: 'acmeAdmin',
        call: () => ({
          url: '/api/v2/equipement/champs/update',
          body: { code: 'text1', libelle: 'Fabricant', dataType: 'select', options: ['Schneider', 'ABB'] },
        }),
        check: (j) => expect(j.options).toEqual(['Schneider', 'ABB']),
      },
      bad: () => ({ url: '/api/v2/equipement/champs/update', body: { code: 'text9', libelle: 'X', dataType: 'text' } }),
    },
    activites: {
      ok: { as: 'acmeAdmin', call: async (t) => ({ url: `/api/v2/equipement/${(await mkEquipement(t)).id}/activites` }) },
      bad: () => ({ url: '/api/v2/equipement/abc/activites' }),
    },
    createActivite: {
      ok: {
        as: 'acmeAdmin',
        call: async (t) => ({
          url: `/api/v2/equipement/${(await mkEquipement(t)).id}/activites/create`,
          body: { libelle: 'Thermographie', periodiciteJours: 365 },
        }),
      },
      forbidden: { as: 'acmeTechnicien' },
      bad: async (t) => ({ url: `/api/v2/equipement/${(await mkEquipement(t)).id}/activites/create`, body: { libelle: '' } }),
    },
    updateActivite: {
      ok: {
        as: 'acmeAdmin',
        call: async (t) => ({ url: '/api/v2/equipement/activites/update', body: { id: await mkActivite(t), libelle: 'Vidange' } }),
      },
      forbidden: { as: 'acmeTechnicien' },
      bad: async (t) => ({ url: '/api/v2/equipement/activites/update', body: { id: await mkActivite(t) } }),
    },
    deleteActivite: {
      ok: { as: 'acmeAdmin', call: async (t) => ({ url: `/api/v2/equipement/activites/delete/${await mkActivite(t)}` }) },
      forbidden: { as: 'acmeTechnicien' },
      bad: () => ({ url: '/api/v2/equipement/activites/delete/0' }),
    },
    createInstance: {
      ok: {
        as: 'acmeAdmin',
        call: async (t) => ({
          url: '/api/v2/equipement/activites/instances/create',
          body: { objectActiviteId: await mkActivite(t), datePrevue: '2026-12-15' },
        }),
      },
      forbidden: { none: 'an activity outside the technician’s rights is refused by the reference check (400 « Référence invalide »)' },
      bad: async (t) => ({
        url: '/api/v2/equipement/activites/instances/create',
        body: { objectActiviteId: await mkActivite(t), datePrevue: '15/12/2026' },
      }),
    },
    updateInstance: {
      ok: {
        as: 'acmeAdmin',
        call: async (t) => {
          const i = await mkInstance(t);
          return { url: '/api/v2/equipement/activites/instances/update', body: { id: i.id, version: i.version, progression: 40 } };
        },
        check: (j) => expect(j.progression).toBe(40),
      },
      forbidden: { as: 'acmeTechnicien' },
      bad: async (t) => {
        const i = await mkInstance(t);
        return { url: '/api/v2/equipement/activites/instances/update', body: { id: i.id, version: i.version, progression: 150 } };
      },
    },
  },
});
