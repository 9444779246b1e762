import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { withSystem, withTenant } from '../../src/platform/db/tenant.ts';
import { type Actor, multipart, type TestApp } from '../harness.ts';
import { anyOwned, type Build, type Check, type Exempt, matrixRows, type Refused, type Row } from './kit.ts';
import { mkWorkflow } from './workflow.matrix.ts';

// Processes: one small workflow (a required text in step 1, a signature in step 2), made once.
let procWf: Promise<{ id: number; s1: number; s2: number; text: number; sig: number }> | null = null;
export const processWorkflow = (t: TestApp) => {
  procWf ??= (async () => {
    const w = await mkWorkflow(t);
    const s2 = (await t.req('acmeAdmin', 'POST', '/api/v2/etape/create', { processModeleId: w.id, nom: 'Validation' })).json().id as number;
    const text = (
      await t.req('acmeAdmin', 'PUT', '/api/v2/etape/assign_metrique', {
        etapeId: w.etapes[0].id,
        nom: 'Objet',
        dataType: 'text',
        required: true,
      })
    ).json().id as number;
    const sig = (
      await t.req('acmeAdmin', 'PUT', '/api/v2/etape/assign_metrique', { etapeId: s2, nom: 'Signature', dataType: 'signature' })
    ).json().id as number;
    return { id: w.id, s1: w.etapes[0].id, s2, text, sig };
  })();
  return procWf;
};
/** A new Acme process of that workflow, created by the technicien (step 1 filled or not). */
export const mkProcess = async (t: TestApp, filled = false) => {
  const w = await processWorkflow(t);
  const r = await t.req('acmeTechnicien', 'POST', '/api/v3/process/create', {
    processModeleId: w.id,
    ...(filled ? { rawData: { [w.text]: 'Objet' } } : {}),
  });
  expect(r.statusCode, r.body).toBe(200);
  return { w, id: r.json().id as number, version: r.json().version as number };
};
const IMG = 'data:image/png;base64,iVBORw0KGgo=';
const PDF = Buffer.from('%PDF-1.4\n% test\n');

/** A process row: the caller acts on an Acme process (the generated 403 goes to Gamma's user, who has no process rights). */
const proc = (as: Actor, call: Build, bad?: Build, check?: Check): Row => ({
  ok: { as, call, check },
  ...(bad ? { bad } : {}),
});
const create = (path: string): Row =>
  proc(
    'acmeTechnicien',
    async (t) => ({
      url: path,
      body: { processModeleId: (await processWorkflow(t)).id, nomProcess: 'Consignation D4', dateDebut: '2026-11-23T08:00:00+01:00' },
    }),
    () => ({ url: path, body: { processModeleId: 'x' } }),
    (j) => expect(j.currentEtapeOrdre).toBe(1),
  );
const update = (path: string): Row =>
  proc(
    'acmeTechnicien',
    async (t) => {
      const p = await mkProcess(t);
      return { url: path, body: { id: p.id, version: p.version, rawData: { [p.w.text]: 'Rempli' } } };
    },
    () => ({ url: path, body: { id: 1, dateDebut: 'demain' } }),
  );
const getById = (url: (id: number) => string, bad: string): Row =>
  proc(
    'acmeTechnicien',
    async (t) => ({ url: url((await mkProcess(t)).id) }),
    () => ({ url: bad }),
  );
const sign = (path: string): Row =>
  proc(
    'acmeTechnicien',
    async (t) => ({ url: path, body: { id: (await mkProcess(t, true)).id } }),
    () => ({ url: path, body: { id: 1, signatures: [{ metriqueId: 1, image: 'pas une image' }] } }),
    (j) => expect(j.currentEtapeOrdre).toBe(2),
  );

let fileWf: Promise<{ id: number; field: number }> | null = null;
const fileWorkflow = (t: TestApp) => {
  fileWf ??= (async () => {
    const w = await mkWorkflow(t);
    const field = (
      await t.req('acmeAdmin', 'PUT', '/api/v2/etape/assign_metrique', {
        etapeId: w.etapes[0].id,
        nom: 'Plans',
        dataType: 'file',
        propertyValues: { accept: ['pdf', 'png'] },
      })
    ).json().id as number;
    return { id: w.id, field };
  })();
  return fileWf;
};
const mkFileProcess = async (t: TestApp) => {
  const w = await fileWorkflow(t);
  const p = (await t.req('acmeTechnicien', 'POST', '/api/v3/process/create', { processModeleId: w.id })).json();
  return { id: p.id as number, field: w.field };
};
/** Uploads through the real route, as an actor. */
async function upload(t: TestApp, as: Actor, processId: number, field: number) {
  const m = multipart('plan.pdf', 'application/pdf', PDF);
  return t.server.app.inject({
    method: 'POST',
    url: `/api/v2/process/upload_file?process_id=${processId}&metrique_id=${field}`,
    headers: { cookie: await t.cookieOf(as), 'content-type': m.contentType },
    payload: m.body,
  });
}
/** A file row of an Acme process, inserted the way the upload route stores it (its content is not on disk). */
async function mkFile(t: TestApp) {
  const p = await mkProcess(t);
  const r = await withTenant(t.server.database.db, t.ids.acme, (tx) =>
    tx.execute(sql`insert into process_file (entreprise_id, process_id, metrique_id, nom, mime, taille, chemin, uploaded_by_id)
      values (${t.ids.acme}, ${p.id}, ${p.w.text}, 'plan.pdf', 'application/pdf', 10, '/nonexistent/plan.pdf', ${t.ids.user.acmeTechnicien})
      returning id`),
  );
  return Number((r as unknown as { rows: { id: number }[] }).rows[0].id);
}

export const rows = matrixRows({
  process: {
    createV1: create('/api/process/create'),
    createV2: create('/api/v2/process/create'),
    createV3: create('/api/v3/process/create'),
    getV1: getById((id) => `/api/process/get/${id}`, '/api/process/get/x'),
    getV2: proc(
      'acmeTechnicien',
      async (t) => {
        const p = await mkProcess(t);
        return { url: `/api/v2/process/get/${p.id}/${p.w.s2}` };
      },
      () => ({ url: '/api/v2/process/get/1/x' }),
    ),
    getV3: getById((id) => `/api/v3/process/get/${id}`, '/api/v3/process/get/x'),
    modele: getById((id) => `/api/v3/process/modele/${id}`, '/api/v3/process/modele/x'),
    retrieve: getById((id) => `/api/process/retrieve_process/${id}`, '/api/process/retrieve_process/x'),
    retrieveV2: proc(
      'acmeTechnicien',
      async (t) => ({ url: '/api/process/retrieve_process/v2', body: { id: (await mkProcess(t)).id } }),
      () => ({ url: '/api/process/retrieve_process/v2', body: {} }),
    ),
    getBase: getById((id) => `/api/v2/process/get_base/${id}`, '/api/v2/process/get_base/x'),
    updateV1: update('/api/process/update'),
    updateV2: update('/api/v2/process/update'),
    updateV3: update('/api/v3/process/update'),
    sign: sign('/api/v3/process/sign'),
    signStep: sign('/api/v2/process/sign_step'),
    returnStep: proc(
      'acmeTechnicien',
      async (t) => {
        const p = await mkProcess(t, true);
        await t.req('acmeTechnicien', 'PUT', '/api/v3/process/sign', { id: p.id });
        return { url: '/api/v3/process/return_step', body: { id: p.id, keepStep: true } };
      },
      () => ({ url: '/api/v3/process/return_step', body: { id: 1, keepStep: 'oui' } }),
      (j) => expect(j.currentEtapeOrdre).toBe(1),
    ),
    forwardStep: proc(
      'acmeTechnicien',
      async (t) => {
        const w = await mkWorkflow(t);
        await t.req('acmeAdmin', 'PUT', '/api/v2/etape/update', { id: w.etapes[0].id, config: { canForward: true } });
        await t.req('acmeAdmin', 'POST', '/api/v2/etape/create', { processModeleId: w.id, nom: 'Suite' });
        const p = (await t.req('acmeTechnicien', 'POST', '/api/v3/process/create', { processModeleId: w.id })).json();
        return { url: '/api/v3/process/forward_step', body: { id: p.id } };
      },
      () => ({ url: '/api/v3/process/forward_step', body: { id: 0 } }),
      (j) => expect(j.currentEtapeOrdre).toBe(2),
    ),
    updateStatus: proc(
      'acmeTechnicien',
      async (t) => ({ url: '/api/v3/process/update-status-process', body: { id: (await mkProcess(t)).id, status: 'TS' } }),
      () => ({ url: '/api/v3/process/update-status-process', body: { id: 1, status: '' } }),
      (j) => expect(j.content.etat).toBe('en_cours'),
    ),
    changeState: proc(
      'acmeTechnicien',
      async (t) => ({ url: '/api/process/change_process_state', body: { id: (await mkProcess(t)).id, etat: 'inactif' } }),
      () => ({ url: '/api/process/change_process_state', body: { id: 1, etat: 'perdu' } }),
    ),
    inactive: proc(
      'acmeTechnicien',
      async (t) => {
        const p = await mkProcess(t);
        return { url: '/api/v2/process/inactive', body: { id: p.id, status: 'ART', etapeIds: [p.w.s1] } };
      },
      () => ({ url: '/api/v2/process/inactive', body: { id: 1, etapeIds: 'toutes' } }),
      (j) => expect(j.etat).toBe('inactif'),
    ),
    duplicateV2: proc(
      'acmeTechnicien',
      async (t) => ({ url: '/api/v2/process/duplicate', body: { id: (await mkProcess(t, true)).id } }),
      () => ({ url: '/api/v2/process/duplicate', body: {} }),
    ),
    duplicateV3: proc(
      'acmeTechnicien',
      async (t) => ({ url: '/api/v3/process/duplicate', body: { id: (await mkProcess(t, true)).id } }),
      () => ({ url: '/api/v3/process/duplicate', body: {} }),
    ),
    etatEtape: proc(
      'acmeTechnicien',
      async (t) => ({ url: '/api/process/etat_etape', body: { process_id: (await mkProcess(t)).id, etape_ordre: 1 } }),
      () => ({ url: '/api/process/etat_etape', body: { process_id: 1, etape_ordre: 0 } }),
      (j) => expect(j.etat).toBe(2),
    ),
    saveEtatEtape: proc(
      'acmeTechnicien',
      async (t) => {
        const p = await mkProcess(t);
        return { url: '/api/process/save/etat_etape_step', body: { process_id: p.id, etape_id: p.w.s1, etat: 9 } };
      },
      () => ({ url: '/api/process/save/etat_etape_step', body: { process_id: 1, etape_id: 1, etat: 12 } }),
      (j) => expect(j.etat).toBe(9),
    ),
    detectValidated: proc(
      'acmeTechnicien',
      async (t) => ({ url: `/api/process/detect_validated_step/${(await mkProcess(t)).id}/1` }),
      () => ({ url: '/api/process/detect_validated_step/1/0' }),
      (j) => expect(j.validated).toBe(false),
    ),
    lackingSignatures: proc(
      'acmeTechnicien',
      async (t) => {
        const p = await mkProcess(t);
        return { url: '/api/process/etape/lacking_signatures', body: { process_id: p.id, etape_id: p.w.s2 } };
      },
      () => ({ url: '/api/process/etape/lacking_signatures', body: { process_id: 1 } }),
      (j) => expect(j).toHaveLength(1),
    ),
    multiTabs: proc(
      'acmeTechnicien',
      async (t) => {
        const p = await mkProcess(t);
        return { url: `/api/v3/process/multi_tabs?process_id=${p.id}&step_id=${p.w.s1}` };
      },
      () => ({ url: '/api/v3/process/multi_tabs?process_id=1' }),
    ),
    report: getById((id) => `/api/v3/process/report/${id}`, '/api/v3/process/report/x'),
    synthese: proc(
      'acmeTechnicien',
      async (t) => ({ url: '/api/process/synthese', body: { id: (await mkProcess(t)).id } }),
      () => ({ url: '/api/process/synthese', body: { id: 'x' } }),
      (j) => expect(j.etapes[1].signaturesManquantes).toBe(1),
    ),
    assignParents: proc(
      'acmeTechnicien',
      async (t) => ({
        url: '/api/process/assign_parents',
        body: { processIds: [(await mkProcess(t)).id], parentId: (await mkProcess(t)).id },
      }),
      () => ({ url: '/api/process/assign_parents', body: { processIds: [], parentId: null } }),
    ),
    parents: getById((id) => `/api/processes/${id}/parents`, '/api/processes/x/parents'),
    allParents: {
      ok: {
        as: 'acmeTechnicien',
        call: async (t) => {
          const child = await mkProcess(t);
          const parent = await mkProcess(t);
          await t.req('acmeTechnicien', 'POST', '/api/process/assign_parents', { processIds: [child.id], parentId: parent.id });
          return { url: '/api/processes/all_parents' };
        },
        check: (j) => expect(j.length).toBeGreaterThan(0),
      },
      other: { as: 'betaAdmin', unseen: { kind: 'process' }, check: (j) => expect(j).toEqual([]) },
    },
    tree: getById((id) => `/api/processes/process_tree?id=${id}`, '/api/processes/process_tree'),
    deleteWithSubs: {
      ...proc(
        'acmeAdmin',
        async (t) => ({ url: '/api/process/delete_process_subprocesses', body: { id: (await mkProcess(t)).id } }),
        () => ({ url: '/api/process/delete_process_subprocesses', body: {} }),
      ),
    },
    sequencingCreate: proc(
      'acmeTechnicien',
      async (t) => ({
        url: '/api/v3/process_sequencing/create',
        body: { processId: (await mkProcess(t)).id, lockedByProcessId: (await mkProcess(t)).id },
      }),
      () => ({ url: '/api/v3/process_sequencing/create', body: { processId: 1, lockedByProcessId: 1 } }),
    ),
    sequencingGet: getById((id) => `/api/v3/process_sequencing/get?processId=${id}`, '/api/v3/process_sequencing/get'),
    sequencingDelete: proc(
      'acmeTechnicien',
      async (t) => {
        const r = await t.req('acmeTechnicien', 'POST', '/api/v3/process_sequencing/create', {
          processId: (await mkProcess(t)).id,
          lockedByProcessId: (await mkProcess(t)).id,
        });
        return { url: `/api/v3/process_sequencing/delete/${r.json().id}` };
      },
      () => ({ url: '/api/v3/process_sequencing/delete/x' }),
    ),
    files: getById((id) => `/api/v2/process/get_files?process_id=${id}`, '/api/v2/process/get_files?process_id=x'),
    uploadFile: proc(
      'acmeTechnicien',
      async (t) => {
        const p = await mkFileProcess(t);
        return {
          url: `/api/v2/process/upload_file?process_id=${p.id}&metrique_id=${p.field}`,
          file: { name: 'plan.pdf', mime: 'application/pdf', content: PDF },
        };
      },
      async (t) => {
        const p = await mkFileProcess(t);
        return {
          url: `/api/v2/process/upload_file?process_id=${p.id}&metrique_id=${p.field}`,
          file: { name: 'plan.exe', mime: 'application/octet-stream', content: PDF },
        };
      },
      (j) => expect(j).toMatchObject({ nom: 'plan.pdf', taille: PDF.length }),
    ),
    downloadFile: proc(
      'acmeTechnicien',
      async (t) => {
        const p = await mkFileProcess(t);
        const r = await upload(t, 'acmeTechnicien', p.id, p.field);
        return { url: `/api/v2/process/download_file?id=${r.json().id}` };
      },
      () => ({ url: '/api/v2/process/download_file?id=x' }),
    ),
    removeFile: proc(
      'acmeTechnicien',
      async (t) => ({ url: `/api/v2/process/remove_file?id=${await mkFile(t)}` }),
      () => ({ url: '/api/v2/process/remove_file?id=x' }),
    ),
    signatureRegister: proc(
      'acmeTechnicien',
      async (t) => {
        const p = await mkProcess(t);
        return { url: '/api/v2/signature/register', body: { processId: p.id, metriqueId: p.w.sig, image: IMG } };
      },
      () => ({ url: '/api/v2/signature/register', body: { processId: 1, metriqueId: 1, image: 'x' } }),
    ),
    signatureDelete: proc(
      'acmeTechnicien',
      async (t) => {
        const p = await mkProcess(t);
        await t.req('acmeTechnicien', 'POST', '/api/v2/signature/register', { processId: p.id, metriqueId: p.w.sig, image: IMG });
        return { url: `/api/v2/signature?processId=${p.id}&metriqueId=${p.w.sig}` };
      },
      () => ({ url: '/api/v2/signature?processId=1' }),
    ),
    events: {
      ok: {
        as: 'acmeTechnicien',
        call: () => ({ url: '/api/v2/process/events', stream: true }),
        check: (j) => expect(j.stream).toContain('event: ready'),
      },
      bad: () => ({ url: '/api/v2/process/events?since=-1', stream: true }),
    },
    log: getById((id) => `/api/etape/get_log/${id}/0`, '/api/etape/get_log/x/0'),
  },
  processList: {
    byPaging: {
      ok: {
        as: 'acmeTechnicien',
        call: () => ({ url: '/api/process/get_by_paging?offset=0&perPage=1&search=transformateur' }),
        check: (j) => {
          expect(j.total).toBe(1);
          expect(j.items[0]).toMatchObject({
            processModeleLibelle: 'Consignation électrique',
            etat: 'termine',
            latestStatus: 'Terminé',
            preparateur: 'Camille Moreau',
            dateDebutInteger: 20261124,
          });
        },
      },
      other: [
        { as: 'betaAdmin', call: () => ({ url: '/api/process/get_by_paging?perPage=1000' }), unseen: { kind: 'process' } },
        {
          as: 'betaAdmin',
          call: async (t) => ({ url: `/api/process/get_by_paging?processModeleId=${await anyOwned(t, 'workflow', t.ids.acme)}` }),
        },
      ],
      bad: () => ({ url: '/api/process/get_by_paging?perPage=0' }),
    },
  },
  processSearch: {
    search: {
      ok: {
        as: 'acmeTechnicien',
        call: () => ({
          url: '/api/process/search_by_paging?tz=Europe/Paris',
          body: { variant: 'MES_CONSIGNATIONS', sort: { key: 'dateDebut', order: 'asc' }, perPage: 2 },
        }),
        check: (j) => {
          expect(j.items).toHaveLength(2);
          expect(j.nextCursor).toBeTruthy();
          expect(j.totalExact).toBe(true);
        },
      },
      other: [
        { as: 'betaAdmin', call: () => ({ url: '/api/process/search_by_paging', body: {} }), unseen: { kind: 'process' } },
        {
          as: 'betaAdmin',
          call: async (t) => ({
            url: '/api/process/search_by_paging',
            body: { filters: { processModeleIds: [await anyOwned(t, 'workflow', t.ids.acme)] } },
          }),
        },
      ],
      bad: () => ({ url: '/api/process/search_by_paging', body: { variant: 'MES_CHATS' } }),
    },
    processes: {
      ok: {
        as: 'acmeTechnicien',
        call: () => ({ url: '/api/processes?variant=PERMIS' }),
        check: (j) => expect(j.items.every((r: any) => /^Permis de (feu|travail)/.test(r.processModeleLibelle))).toBe(true),
      },
      other: { as: 'betaAdmin', call: () => ({ url: '/api/processes' }), unseen: { kind: 'process' } },
      bad: () => ({ url: '/api/processes?perPage=5000' }),
    },
  },
});

// Contractors (ticket 12): Gamma's worker reads and updates the processes of its client Acme that are its own, so no
// demo actor's ability refuses `update Process`. Its 403 cases: a demo permit of Acme where Gamma is contractor, whose
// current step (« Analyse des risques », no rule) is the client's, and the actions only the client company makes.
const demoProcess = async (t: TestApp, nom: string) => {
  const r = await withSystem(t.server.database.db, 'test fixtures', (tx) =>
    tx.execute(sql`select id from process where nom_process = ${nom}`),
  );
  return Number((r as unknown as { rows: { id: number }[] }).rows[0].id);
};
const chaufferie = (t: TestApp) => demoProcess(t, 'Découpe de tuyauterie en chaufferie');
const gamma = (url: string, body: (id: number) => object): Refused => ({
  as: 'gammaUser',
  call: async (t) => ({ url, body: body(await chaufferie(t)) }),
});
const perStep: Exempt = {
  none: 'Gamma’s worker may update its processes of Acme; refused by step (not its step, no file or signature of its own): contractor.test.ts',
};
const CONTRACTOR_REFUSALS: Record<string, Refused | Exempt> = {
  updateV1: gamma('/api/process/update', (id) => ({ id, nomProcess: 'Par Gamma' })),
  updateV2: gamma('/api/v2/process/update', (id) => ({ id, nomProcess: 'Par Gamma' })),
  updateV3: gamma('/api/v3/process/update', (id) => ({ id, nomProcess: 'Par Gamma' })),
  sign: gamma('/api/v3/process/sign', (id) => ({ id })),
  signStep: gamma('/api/v2/process/sign_step', (id) => ({ id })),
  returnStep: gamma('/api/v3/process/return_step', (id) => ({ id, keepStep: true })),
  forwardStep: gamma('/api/v3/process/forward_step', (id) => ({ id })),
  updateStatus: gamma('/api/v3/process/update-status-process', (id) => ({ id, status: 'TS' })),
  changeState: gamma('/api/process/change_process_state', (id) => ({ id, etat: 'inactif' })),
  inactive: gamma('/api/v2/process/inactive', (id) => ({ id, status: 'ART' })),
  saveEtatEtape: perStep,
  assignParents: perStep,
  sequencingCreate: perStep,
  sequencingDelete: perStep,
  uploadFile: perStep,
  removeFile: perStep,
  signatureRegister: perStep,
  signatureDelete: perStep,
};
for (const [name, forbidden] of Object.entries(CONTRACTOR_REFUSALS)) {
  const row = (rows.process as Record<string, Row>)[name];
  if (!row) throw new Error(`process.matrix: no row ${name}`);
  row.forbidden = forbidden;
}
