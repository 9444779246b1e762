import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness.ts';

let t: TestApp;
const IMG = 'data:image/png;base64,iVBORw0KGgo=';
let wf: { id: number; etapes: { id: number; ordre: number }[] };
let f: { nature: number; urgence: number; detail: number; sig: number; fin: number; visa: number; obs: number };

beforeAll(async () => {
  t = await startTestApp();
  const a = (method: string, url: string, body?: unknown) =>
    t.req('acmeAdmin', method, url, body).then((r) => {
      if (r.statusCode >= 300) throw new Error(`${url}: ${r.body}`);
      return r.json();
    });
  const w = await a('POST', '/api/v2/workflow/create', { libelle: 'Autorisation de travail' });
  await a('POST', '/api/v2/etape/create', { processModeleId: w.id, nom: 'Validation' });
  await a('POST', '/api/v2/etape/create', { processModeleId: w.id, nom: 'Clôture' });
  const full = (await a('GET', '/api/v2/workflow/get_workflows_for_edition')).find((m: { id: number }) => m.id === w.id);
  const [s1, s2, s3] = full.etapes;
  const nature = (await a('PUT', '/api/v2/etape/assign_metrique', { etapeId: s1.id, nom: 'Nature', dataType: 'text', required: true })).id;
  const urgence = (
    await a('PUT', '/api/v2/etape/assign_metrique', {
      etapeId: s1.id,
      nom: 'Urgence',
      dataType: 'select',
      propertyValues: {
        options: [
          { id: 'oui', libelle: 'Oui' },
          { id: 'non', libelle: 'Non' },
        ],
      },
    })
  ).id;
  const detail = (
    await a('PUT', '/api/v2/etape/assign_metrique', {
      etapeId: s1.id,
      nom: 'Justification',
      dataType: 'textarea',
      required: true,
      conditions: [{ effect: 'show', tests: [{ metriqueId: urgence, operator: 'equals', value: 'oui' }] }],
    })
  ).id;
  const sig = (
    await a('PUT', '/api/v2/etape/assign_metrique', {
      etapeId: s2.id,
      nom: 'Signature du responsable',
      dataType: 'signature',
      required: true,
    })
  ).id;
  const fin = (
    await a('PUT', '/api/v2/etape/assign_metrique', { etapeId: s3.id, nom: 'Travaux terminés', dataType: 'checkbox', required: true })
  ).id;
  const visa = (await a('PUT', '/api/v2/etape/assign_metrique', { etapeId: s1.id, nom: 'Visa du demandeur', dataType: 'signature' })).id;
  const obs = (
    await a('PUT', '/api/v2/etape/assign_metrique', { etapeId: s2.id, nom: 'Observations du responsable', dataType: 'textarea' })
  ).id;
  await a('POST', '/api/v2/etape_autorisation/create', { etapeId: s2.id, type: 'validateur', utilisateurId: t.ids.user.acmeResponsable });
  wf = { id: w.id, etapes: full.etapes };
  f = { nature, urgence, detail, sig, fin, visa, obs };
});
afterAll(async () => t?.close());

const create = (as: 'acmeTechnicien' | 'acmeAdmin' = 'acmeTechnicien') =>
  t.req(as, 'POST', '/api/v3/process/create', { processModeleId: wf.id, nomProcess: 'Remplacement du disjoncteur D4' });

describe('a process from creation to closing', () => {
  it('is created, filled, signed, returned, re-signed and closed, with a journal of every step', async () => {
    const c = await create();
    expect(c.statusCode, c.body).toBe(200);
    const p = c.json();
    expect(p).toMatchObject({
      etat: 'en_cours',
      currentEtapeOrdre: 1,
      processModele: { libelle: 'Autorisation de travail' },
      createdBy: { nom: 'Moreau' },
    });
    expect(p.numero % 100).toBe(0);

    // Signing with a required field empty is refused in French, naming the field.
    const early = await t.req('acmeTechnicien', 'PUT', '/api/v3/process/sign', { id: p.id });
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toMatch(/Champs obligatoires.*Nature/);

    // The conditional field becomes required when its condition holds.
    const u1 = await t.req('acmeTechnicien', 'PUT', '/api/v3/process/update', {
      id: p.id,
      version: p.version,
      rawData: { [f.nature]: 'Consignation TGBT', [f.urgence]: 'oui' },
    });
    expect(u1.statusCode, u1.body).toBe(200);
    expect(u1.json().processDetails[0]).toMatchObject({ saved: true, isValid: false });
    expect(
      u1
        .json()
        .changedMetriques.map((c: { metriqueId: number }) => c.metriqueId)
        .sort(),
    ).toEqual([f.nature, f.urgence].sort());
    const s1 = await t.req('acmeTechnicien', 'PUT', '/api/v3/process/sign', { id: p.id });
    expect(s1.statusCode).toBe(400);
    expect(s1.json().message).toMatch(/Justification/);
    const s1b = await t.req('acmeTechnicien', 'PUT', '/api/v3/process/sign', { id: p.id, rawData: { [f.detail]: 'Défaut d’isolement' } });
    expect(s1b.statusCode, s1b.body).toBe(200);
    expect(s1b.json()).toMatchObject({ currentEtapeOrdre: 2 });
    expect(s1b.json().processDetails[0]).toMatchObject({ isValid: true, etat: 3 });

    // A validated step's fields cannot change any more.
    const locked = await t.req('acmeTechnicien', 'PUT', '/api/v3/process/update', { id: p.id, rawData: { [f.nature]: 'Autre' } });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().message).toMatch(/validée/);

    // Step 2 belongs to its named validator: others can neither fill nor sign it; a later step is not open yet.
    expect(
      (await t.req('acmeTechnicien', 'PUT', '/api/v3/process/update', { id: p.id, rawData: { [f.obs]: 'Je remplis à sa place' } }))
        .statusCode,
    ).toBe(403);
    expect((await t.req('acmeResponsable', 'PUT', '/api/v3/process/update', { id: p.id, rawData: { [f.fin]: true } })).statusCode).toBe(
      409,
    );
    expect((await t.req('acmeResponsable', 'PUT', '/api/v3/process/update', { id: p.id, rawData: { [f.obs]: 'RAS' } })).statusCode).toBe(
      200,
    );
    const notHim = await t.req('acmeTechnicien', 'PUT', '/api/v3/process/sign', {
      id: p.id,
      signatures: [{ metriqueId: f.sig, image: IMG }],
    });
    expect(notHim.statusCode).toBe(403);
    const info = await t.req('acmeResponsable', 'GET', `/api/v2/step/get_information_controls/${wf.etapes[1].id}?processId=${p.id}`);
    expect(info.json()).toMatchObject({ canAct: true, raison: null });

    // The validator returns it: step 1 is to be done again, its signatures cleared.
    const back = await t.req('acmeResponsable', 'PUT', '/api/v3/process/return_step', { id: p.id, motif: 'Préciser la nature' });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toMatchObject({ currentEtapeOrdre: 1 });
    expect(back.json().processDetails[0]).toMatchObject({ isValid: false, etat: 8, saved: false });

    // The user re-signs step 1, the validator signs step 2, the user closes.
    expect(
      (await t.req('acmeTechnicien', 'PUT', '/api/v3/process/sign', { id: p.id, rawData: { [f.nature]: 'Consignation TGBT atelier' } }))
        .statusCode,
    ).toBe(200);
    const v2 = await t.req('acmeResponsable', 'PUT', '/api/v3/process/sign', { id: p.id, signatures: [{ metriqueId: f.sig, image: IMG }] });
    expect(v2.statusCode, v2.body).toBe(200);
    expect(v2.json().signatures[String(f.sig)]).toEqual([
      expect.objectContaining({ utilisateur: expect.objectContaining({ nom: 'Lefèvre' }), altered: false }),
    ]);
    const end = await t.req('acmeTechnicien', 'PUT', '/api/v2/process/sign_step', { id: p.id, rawData: { [f.fin]: true } });
    expect(end.statusCode, end.body).toBe(200);
    expect(end.json()).toMatchObject({ etat: 'termine', currentEtapeOrdre: null, latestStatus: 'Terminé' });
    expect((await t.req('acmeTechnicien', 'PUT', '/api/v3/process/update', { id: p.id, nomProcess: 'X' })).json().message).toBe(
      'Ce processus est validé : il ne peut plus être modifié.',
    );

    const log = (await t.req('acmeAdmin', 'GET', `/api/etape/get_log/${p.id}/0`)).json();
    expect(log.map((e: { action: string }) => e.action)).toEqual([
      'creation',
      'modification',
      'modification',
      'signature',
      'modification',
      'renvoi',
      'modification',
      'signature',
      'signature',
      'modification',
      'signature-cloture',
    ]);
    expect(log[5].after).toMatchObject({ motif: 'Préciser la nature' });
  });

  it('keeps the journal out of reach of the application role', async () => {
    const { sql } = await import('drizzle-orm');
    const { withTenant } = await import('../src/platform/db/tenant.ts');
    await expect(
      withTenant(t.server.database.db, t.ids.acme, (tx) => tx.execute(sql`update process_journal set action = 'x'`)),
    ).rejects.toThrow();
    await expect(withTenant(t.server.database.db, t.ids.acme, (tx) => tx.execute(sql`delete from process_journal`))).rejects.toThrow();
  });

  it('deactivates, then reactivates', async () => {
    const p = (await create()).json();
    const d = await t.req('acmeAdmin', 'PUT', '/api/v2/process/inactive', { id: p.id, status: 'ART', etapeIds: [wf.etapes[0].id] });
    expect(d.json()).toMatchObject({ etat: 'inactif', status: 'ART' });
    expect((await t.req('acmeAdmin', 'PUT', '/api/v3/process/sign', { id: p.id })).statusCode).toBe(409);
    const s = await t.req('acmeAdmin', 'PUT', '/api/v3/process/update-status-process', { id: p.id, status: 'CS', etat: 'en_cours' });
    expect(s.json().content).toEqual({ id: p.id, etat: 'en_cours', status: 'CS' });
  });

  it('sequences: a process waiting for another cannot advance until it is done', async () => {
    const first = (await create()).json();
    const second = (await create()).json();
    expect(
      (await t.req('acmeAdmin', 'POST', '/api/v3/process_sequencing/create', { processId: second.id, lockedByProcessId: first.id }))
        .statusCode,
    ).toBe(200);
    expect(
      (await t.req('acmeAdmin', 'POST', '/api/v3/process_sequencing/create', { processId: first.id, lockedByProcessId: second.id }))
        .statusCode,
    ).toBe(400);
    const blocked = await t.req('acmeTechnicien', 'PUT', '/api/v3/process/sign', { id: second.id, rawData: { [f.nature]: 'x' } });
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().message).toMatch(/séquencé/);
    expect((await t.req('acmeTechnicien', 'GET', `/api/v3/process/get/${second.id}`)).json().lockedProcess).toBe(true);
    // Lists show it as sequenced, after the free ones.
    const page = (await t.req('acmeTechnicien', 'GET', `/api/process/get_by_paging?processModeleId=${wf.id}&perPage=1000`)).json();
    const rows = page.items as { id: number; lockedProcess: boolean }[];
    expect(rows.find((r) => r.id === second.id)?.lockedProcess).toBe(true);
    expect(rows.findIndex((r) => r.lockedProcess)).toBe(rows.length - rows.filter((r) => r.lockedProcess).length);
  });

  it('builds trees of sub-processes and refuses loops', async () => {
    const root = (await create()).json();
    const child = (await t.req('acmeTechnicien', 'POST', '/api/v3/process/create', { processModeleId: wf.id, parentId: root.id })).json();
    const grand = (await create()).json();
    expect(
      (await t.req('acmeTechnicien', 'POST', '/api/process/assign_parents', { processIds: [grand.id], parentId: child.id })).statusCode,
    ).toBe(200);
    expect(
      (await t.req('acmeTechnicien', 'POST', '/api/process/assign_parents', { processIds: [root.id], parentId: grand.id })).statusCode,
    ).toBe(400);
    const tree = (await t.req('acmeTechnicien', 'GET', `/api/processes/process_tree?id=${grand.id}`)).json();
    expect(tree).toMatchObject({ id: root.id, children: [{ id: child.id, children: [{ id: grand.id, children: [] }] }] });
    expect((await t.req('acmeTechnicien', 'GET', `/api/processes/${grand.id}/parents`)).json().map((x: { id: number }) => x.id)).toEqual([
      child.id,
      root.id,
    ]);
    const del = await t.req('acmeAdmin', 'POST', '/api/process/delete_process_subprocesses', { id: root.id });
    expect(del.json().message).toMatch(/^3 processus/);
  });

  it('shows when signed data changed after signing', async () => {
    const p = (await create()).json();
    await t.req('acmeTechnicien', 'PUT', '/api/v3/process/update', { id: p.id, rawData: { [f.nature]: 'Avant' } });
    const r = await t.req('acmeTechnicien', 'POST', '/api/v2/signature/register', { processId: p.id, metriqueId: f.visa, image: IMG });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().altered).toBe(false);
    // A retry does not add a second signature.
    await t.req('acmeTechnicien', 'POST', '/api/v2/signature/register', { processId: p.id, metriqueId: f.visa, image: IMG });
    await t.req('acmeTechnicien', 'PUT', '/api/v3/process/update', { id: p.id, rawData: { [f.nature]: 'Après' } });
    const v = (await t.req('acmeTechnicien', 'GET', `/api/v3/process/get/${p.id}`)).json();
    expect(v.signatures[String(f.visa)]).toHaveLength(1);
    expect(v.signatures[String(f.visa)][0].altered).toBe(true);
    const removed = await t.req('acmeTechnicien', 'DELETE', `/api/v2/signature?processId=${p.id}&metriqueId=${f.visa}`);
    expect(removed.statusCode).toBe(200);
  });
});

describe('concurrency', () => {
  it('numbers 50 simultaneous creations with 50 distinct consecutive numbers', async () => {
    const rs = await Promise.all(Array.from({ length: 50 }, () => create()));
    expect(rs.every((r) => r.statusCode === 200)).toBe(true);
    const nums = rs.map((r) => r.json().numero / 100).sort((a, b) => a - b);
    expect(new Set(nums).size).toBe(50);
    expect(nums[49] - nums[0]).toBe(49);
  });

  it('gives one signature for 100 simultaneous sign requests of one step by one signer', async () => {
    const p = (await create()).json();
    await t.req('acmeTechnicien', 'PUT', '/api/v3/process/sign', { id: p.id, rawData: { [f.nature]: 'x', [f.urgence]: 'non' } });
    const step2 = wf.etapes[1].id;
    const rs = await Promise.all(
      Array.from({ length: 100 }, () =>
        t.req('acmeResponsable', 'PUT', '/api/v3/process/sign', {
          id: p.id,
          etapeId: step2,
          signatures: [{ metriqueId: f.sig, image: IMG }],
        }),
      ),
    );
    expect(rs.map((r) => r.statusCode).filter((s) => s !== 200)).toEqual([]);
    const after = (await t.req('acmeResponsable', 'GET', `/api/v3/process/get/${p.id}`)).json();
    expect(after.signatures[String(f.sig)]).toHaveLength(1);
    expect(after.currentEtapeOrdre).toBe(3);
    const log = (await t.req('acmeAdmin', 'GET', `/api/etape/get_log/${p.id}/${step2}`)).json();
    expect(log.filter((e: { action: string }) => e.action.startsWith('signature'))).toHaveLength(1);
  });

  it('answers 409 to the second of two editors with the same version', async () => {
    const p = (await create()).json();
    const [a, b] = await Promise.all([
      t.req('acmeTechnicien', 'PUT', '/api/v3/process/update', { id: p.id, version: p.version, rawData: { [f.nature]: 'A' } }),
      t.req('acmeAdmin', 'PUT', '/api/v3/process/update', { id: p.id, version: p.version, rawData: { [f.nature]: 'B' } }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect([a, b].find((r) => r.statusCode === 409)?.json().message).toMatch(/modifié entre-temps/);
  });
});
