import { expect } from 'vitest';
import type { TestApp } from '../harness.ts';
import { anyOwned, matrixRows } from './kit.ts';

/** A new Acme workflow (one step). */
export const mkWorkflow = async (t: TestApp) => {
  const r = await t.req('acmeAdmin', 'POST', '/api/v2/workflow/create', { libelle: `Workflow ${Math.random()}` });
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as { id: number; version: number; etapes: { id: number }[] };
};
/** A new Acme workflow with one field in its step. */
export const mkField = async (t: TestApp, dataType = 'text') => {
  const w = await mkWorkflow(t);
  const r = await t.req('acmeAdmin', 'PUT', '/api/v2/etape/assign_metrique', { etapeId: w.etapes[0].id, nom: 'Champ', dataType });
  expect(r.statusCode, r.body).toBe(200);
  return { w, etapeId: w.etapes[0].id, id: r.json().id as number };
};
const mkStep = async (t: TestApp, processModeleId: number, nom = 'B') =>
  (await t.req('acmeAdmin', 'POST', '/api/v2/etape/create', { processModeleId, nom })).json().id as number;
/** A field creating processes of another workflow (listed in the workflow's configuration). */
const mkActionField = async (t: TestApp) => {
  const target = await mkWorkflow(t);
  const w = await mkWorkflow(t);
  await t.req('acmeAdmin', 'PUT', '/api/v2/workflow/update', { id: w.id, config: { workflowModelsToCreate: [target.id] } });
  return { w, target };
};

export const rows = matrixRows({
  workflow: {
    forEdition: {
      // Reads follow rights (ticket 12): the technician has no Workflows entry (his process screen reads ofProcess).
      forbidden: { as: 'acmeTechnicien' },
      ok: {
        as: 'acmeAdmin',
        call: () => ({ url: '/api/v2/workflow/get_workflows_for_edition' }),
        check: (j) => expect(j.length).toBeGreaterThan(0),
      },
      other: [
        { as: 'betaAdmin', unseen: { kind: 'workflow' } },
        { as: 'betaAdmin', call: (t) => ({ url: `/api/v2/workflow/get_workflows_for_edition?clientId=${t.ids.acme}` }) },
      ],
      bad: () => ({ url: '/api/v2/workflow/get_workflows_for_edition?clientId=abc' }),
    },
    list: {
      ok: {
        as: 'acmeTechnicien',
        call: () => ({ url: '/api/v2/workflow/get_workflows' }),
        check: (j) => expect(j.find((w: any) => w.libelle === 'Consignation électrique').nbEtapes).toBe(9),
      },
      other: { as: 'betaAdmin', unseen: { kind: 'workflow' }, check: (j) => expect(j.length).toBeGreaterThan(0) },
    },
    fields: {
      // The boards' columns: the technician (Tableaux, no Workflows entry) reads the fields' names and kinds.
      ok: {
        as: 'acmeTechnicien',
        call: () => ({ url: '/api/v2/workflow/get_fields' }),
        check: (j) => {
          expect(j.find((w: any) => w.libelle === 'Consignation électrique').metriques.length).toBeGreaterThan(0);
          expect(Object.keys(j[0]).sort()).toEqual(['id', 'libelle', 'metriques']);
        },
      },
      other: { as: 'betaAdmin', unseen: { kind: 'workflow' }, check: (j) => expect(j.length).toBeGreaterThan(0) },
    },
    create: {
      ok: {
        as: 'acmeAdmin',
        call: () => ({ url: '/api/v2/workflow/create', body: { libelle: 'Permis de fouille' } }),
        check: (j) => expect(j.etapes).toHaveLength(1),
      },
      // Creating processes of an Acme workflow from Béta's.
      other: {
        call: async (t) => ({
          url: '/api/v2/workflow/create',
          body: { libelle: 'Volé', config: { workflowModelsToCreate: [await anyOwned(t, 'workflow', t.ids.acme)] } },
        }),
      },
      bad: () => ({ url: '/api/v2/workflow/create', body: { libelle: 'X' } }),
    },
    duplicate: {
      ok: {
        as: 'acmeAdmin',
        call: async (t) => ({ url: '/api/v2/workflow/duplicate', body: { id: (await mkField(t)).w.id } }),
        check: (j) => expect(j.metriques).toHaveLength(1),
      },
      bad: () => ({ url: '/api/v2/workflow/duplicate', body: {} }),
    },
    lock: {
      ok: {
        as: 'acmeAdmin',
        call: async (t) => ({ url: '/api/v2/workflow/set_lock_workflow', body: { id: (await mkWorkflow(t)).id, locked: true } }),
        check: (j) => expect(j.locked).toBe(true),
      },
      bad: () => ({ url: '/api/v2/workflow/set_lock_workflow', body: { id: 1 } }),
    },
    update: {
      ok: {
        as: 'acmeAdmin',
        call: async (t) => {
          const w = await mkWorkflow(t);
          return { url: '/api/v2/workflow/update', body: { id: w.id, libelle: 'Renommé', version: w.version } };
        },
        check: (j) => expect(j.libelle).toBe('Renommé'),
      },
      other: [
        {},
        {
          as: 'acmeAdmin',
          call: async (t) => ({ url: '/api/v2/workflow/update', body: { id: await anyOwned(t, 'workflow', t.ids.beta), libelle: 'Volé' } }),
        },
      ],
      bad: () => ({ url: '/api/v2/workflow/update', body: { id: 1, libelle: '' } }),
    },
    delete: {
      ok: { as: 'acmeAdmin', call: async (t) => ({ url: `/api/v2/workflow/delete/${(await mkWorkflow(t)).id}` }) },
      bad: () => ({ url: '/api/v2/workflow/delete/abc' }),
    },
    etapeCreate: {
      ok: {
        as: 'acmeAdmin',
        call: async (t) => ({
          url: '/api/v2/etape/create',
          body: { processModeleId: (await mkWorkflow(t)).id, nom: 'Contrôle', ordre: 1 },
        }),
        check: (j) => expect(j.ordre).toBe(1),
      },
      bad: () => ({ url: '/api/v2/etape/create', body: { processModeleId: 1, nom: '' } }),
    },
    etapeUpdate: {
      ok: {
        as: 'acmeAdmin',
        call: async (t) => ({
          url: '/api/v2/etape/update',
          body: { id: (await mkWorkflow(t)).etapes[0].id, nom: 'Demande', config: { canForward: true } },
        }),
      },
      bad: () => ({ url: '/api/v2/etape/update', body: { id: 'un' } }),
    },
    etapeArrange: {
      ok: {
        as: 'acmeAdmin',
        call: async (t) => {
          const w = await mkWorkflow(t);
          return { url: '/api/v2/etape/arrange', body: { processModeleId: w.id, ids: [w.etapes[0].id] } };
        },
      },
      bad: async (t) => ({ url: '/api/v2/etape/arrange', body: { processModeleId: (await mkWorkflow(t)).id, ids: [999999] } }),
    },
    etapeSwitch: {
      ok: {
        as: 'acmeAdmin',
        call: async (t) => {
          const w = await mkWorkflow(t);
          return { url: '/api/v2/etape/switch', body: { id: w.etapes[0].id, targetId: await mkStep(t, w.id) } };
        },
      },
      bad: () => ({ url: '/api/v2/etape/switch', body: { id: 1 } }),
    },
    etapeDelete: {
      ok: { as: 'acmeAdmin', call: async (t) => ({ url: `/api/v2/etape/delete/${await mkStep(t, (await mkWorkflow(t)).id)}` }) },
      bad: () => ({ url: '/api/v2/etape/delete/zz' }),
    },
    etapeMetriques: {
      // Reads follow rights (ticket 12): the technician has no Workflows entry.
      forbidden: { as: 'acmeTechnicien' },
      ok: {
        as: 'acmeAdmin',
        call: async (t) => ({ url: `/api/v2/etape/get_metriques/${(await mkField(t)).etapeId}` }),
        check: (j) => expect(j).toHaveLength(1),
      },
      other: [
        {},
        { as: 'acmeAdmin', call: async (t) => ({ url: `/api/v2/etape/get_metriques/${await anyOwned(t, 'etape', t.ids.beta)}` }) },
      ],
      bad: () => ({ url: '/api/v2/etape/get_metriques/x' }),
    },
    etapeReferable: {
      ok: {
        as: 'acmeAdmin',
        call: async (t) => ({ url: `/api/v2/etape/get_referable_metriques/${await mkStep(t, (await mkField(t)).w.id, 'Suite')}` }),
        check: (j) => expect(j).toHaveLength(1),
      },
      bad: () => ({ url: '/api/v2/etape/get_referable_metriques/x' }),
    },
    metriqueById: {
      // Reads follow rights (ticket 12): the technician has no Workflows entry.
      forbidden: { as: 'acmeTechnicien' },
      ok: { as: 'acmeAdmin', call: async (t) => ({ url: `/api/v2/etape/get_metrique_by_id/${(await mkField(t)).id}` }) },
      bad: () => ({ url: '/api/v2/etape/get_metrique_by_id/x' }),
    },
    assignMetrique: {
      ok: {
        as: 'acmeAdmin',
        call: async (t) => ({
          url: '/api/v2/etape/assign_metrique',
          body: {
            etapeId: (await mkWorkflow(t)).etapes[0].id,
            nom: 'Nature des travaux',
            dataType: 'select',
            propertyValues: { options: [{ id: 'feu', libelle: 'Point chaud', libelles: { en: 'Hot work' } }] },
          },
        }),
        check: (j) => expect(j.idx).toBe(1),
      },
      bad: async (t) => ({
        url: '/api/v2/etape/assign_metrique',
        body: { etapeId: (await mkWorkflow(t)).etapes[0].id, nom: '', dataType: 'text' },
      }),
    },
    insertMetrique: {
      ok: {
        as: 'acmeAdmin',
        call: async (t) => ({
          url: '/api/v2/etape/insert_metrique',
          body: { etapeId: (await mkField(t)).etapeId, idx: 1, nom: 'Premier', dataType: 'date' },
        }),
        check: (j) => expect(j.idx).toBe(1),
      },
      bad: () => ({ url: '/api/v2/etape/insert_metrique', body: { etapeId: 1, idx: 0, nom: 'X', dataType: 'text' } }),
    },
    arrangeMetriques: {
      ok: {
        as: 'acmeAdmin',
        call: async (t) => {
          const f = await mkField(t);
          return { url: '/api/v2/etape/arrange_metriques', body: { etapeId: f.etapeId, ids: [f.id] } };
        },
      },
      bad: async (t) => {
        const f = await mkField(t);
        return { url: '/api/v2/etape/arrange_metriques', body: { etapeId: f.etapeId, ids: [f.id, 999999] } };
      },
    },
    switchMetrique: {
      ok: {
        as: 'acmeAdmin',
        call: async (t) => {
          const f = await mkField(t);
          return { url: '/api/v2/etape/switch_metrique', body: { id: f.id, etapeId: await mkStep(t, f.w.id) } };
        },
      },
      bad: () => ({ url: '/api/v2/etape/switch_metrique', body: { id: 1 } }),
    },
    renameMetrique: {
      ok: {
        as: 'acmeAdmin',
        call: async (t) => ({ url: '/api/v2/etape/rename_metrique', body: { id: (await mkField(t)).id, nom: 'Renommé' } }),
      },
      bad: () => ({ url: '/api/v2/etape/rename_metrique', body: { id: 1, nom: '' } }),
    },
    deleteMetrique: {
      ok: { as: 'acmeAdmin', call: async (t) => ({ url: `/api/v2/etape/delete_metrique/${(await mkField(t)).id}` }) },
      bad: () => ({ url: '/api/v2/etape/delete_metrique/x' }),
    },
    createActionMetrique: {
      ok: {
        as: 'acmeAdmin',
        call: async (t) => {
          const { w, target } = await mkActionField(t);
          return {
            url: '/api/v2/etape/create_action_metrique',
            body: { etapeId: w.etapes[0].id, nom: 'Créer un permis', processModeleId: target.id },
          };
        },
      },
      bad: async (t) => {
        const w = await mkWorkflow(t);
        return { url: '/api/v2/etape/create_action_metrique', body: { etapeId: w.etapes[0].id, nom: 'Non listé', processModeleId: w.id } };
      },
    },
    updateActionMetrique: {
      ok: {
        as: 'acmeAdmin',
        call: async (t) => {
          const { w, target } = await mkActionField(t);
          const f = (
            await t.req('acmeAdmin', 'POST', '/api/v2/etape/create_action_metrique', {
              etapeId: w.etapes[0].id,
              nom: 'A',
              processModeleId: target.id,
            })
          ).json();
          return { url: '/api/v2/etape/update_action_metrique', body: { id: f.id, nom: 'Créer une consignation' } };
        },
      },
      bad: async (t) => ({ url: '/api/v2/etape/update_action_metrique', body: { id: (await mkField(t)).id, nom: 'Pas une action' } }),
    },
    informationControls: {
      ok: {
        as: 'acmeTechnicien',
        call: async (t) => ({ url: `/api/v2/step/get_information_controls/${(await mkWorkflow(t)).etapes[0].id}` }),
        check: (j) => expect(j.autorisations).toEqual([]),
      },
      bad: () => ({ url: '/api/v2/step/get_information_controls/x' }),
    },
    metrique: {
      // Reads follow rights (ticket 12): the technician has no Workflows entry.
      forbidden: { as: 'acmeTechnicien' },
      ok: { as: 'acmeAdmin', call: async (t) => ({ url: `/api/v2/metrique/get/${(await mkField(t)).id}` }) },
      bad: () => ({ url: '/api/v2/metrique/get/x' }),
    },
    metriquesWithConditions: {
      // Reads follow rights (ticket 12): the technician has no Workflows entry.
      forbidden: { as: 'acmeTechnicien' },
      ok: {
        as: 'acmeAdmin',
        call: async (t) => ({ url: `/api/v2/metriques/get-with-conditions?processModeleId=${(await mkField(t)).w.id}` }),
      },
      // Béta's admin on an Acme workflow; Acme's admin on a Béta one.
      other: [
        {},
        {
          as: 'acmeAdmin',
          call: async (t) => ({
            url: `/api/v2/metriques/get-with-conditions?processModeleId=${await anyOwned(t, 'workflow', t.ids.beta)}`,
          }),
        },
      ],
      bad: () => ({ url: '/api/v2/metriques/get-with-conditions' }),
    },
    metriqueUpdate: {
      ok: {
        as: 'acmeAdmin',
        call: async (t) => ({ url: '/api/v2/metrique/update', body: { id: (await mkField(t)).id, required: true, hidden: false } }),
        check: (j) => expect(j.required).toBe(true),
      },
      bad: async (t) => {
        const f = await mkField(t);
        return {
          url: '/api/v2/metrique/update',
          body: { id: f.id, conditions: [{ effect: 'show', tests: [{ metriqueId: f.id, operator: 'not_empty' }] }] },
        };
      },
    },
    autorisations: {
      // Reads follow rights (ticket 12): the technician has no Workflows entry.
      forbidden: { as: 'acmeTechnicien' },
      ok: {
        as: 'acmeAdmin',
        call: async (t) => ({ url: `/api/v2/etape_autorisation/get?etapeId=${(await mkWorkflow(t)).etapes[0].id}` }),
      },
      bad: () => ({ url: '/api/v2/etape_autorisation/get?etapeId=x' }),
    },
    autorisationCreate: {
      ok: {
        as: 'acmeAdmin',
        call: async (t) => ({
          url: '/api/v2/etape_autorisation/create',
          body: { etapeId: (await mkWorkflow(t)).etapes[0].id, type: 'validateur', utilisateurId: t.ids.user.acmeResponsable },
        }),
        check: (j) => expect(j.type).toBe('validateur'),
      },
      bad: async (t) => ({
        url: '/api/v2/etape_autorisation/create',
        body: { etapeId: (await mkWorkflow(t)).etapes[0].id, type: 'validateur' },
      }),
    },
    autorisationDelete: {
      ok: {
        as: 'acmeAdmin',
        call: async (t) => {
          const w = await mkWorkflow(t);
          const r = (
            await t.req('acmeAdmin', 'POST', '/api/v2/etape_autorisation/create', { etapeId: w.etapes[0].id, type: 'profil', profilId: 4 })
          ).json();
          return { url: `/api/v2/etape_autorisation/delete/${r.id}` };
        },
      },
      bad: () => ({ url: '/api/v2/etape_autorisation/delete/x' }),
    },
  },
});
