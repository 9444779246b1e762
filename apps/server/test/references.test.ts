import { allEndpoints, fieldsOf, type IdField } from '@app/contracts';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entrepriseGroupe } from '../src/modules/entreprise-groupe/entreprise-groupe.tables.ts';
import { process } from '../src/modules/process/process.tables.ts';
import { serviceModele } from '../src/modules/service-modele/service-modele.tables.ts';
import { processModele } from '../src/modules/workflow/workflow.tables.ts';
import { withSystem, withTenant } from '../src/platform/db/tenant.ts';
import { REFERENCES } from '../src/server.ts';
import { type Actor, startTestApp, type TestApp } from './harness.ts';

// ---------------------------------------------------------------------------------------------------------------
// Every id an endpoint's input carries has a check: a reference marked in the contracts (ref/refs) with a checker
// registered for its kind, a reference the handler checks (ref(kind, 'handler')), a target the handler loads
// (target/targets), or a field of this short list, with why it names no row of ours.
// ---------------------------------------------------------------------------------------------------------------
const NOT_A_ROW: Record<string, string> = {
  'equipement.id':
    "l'équipement vient d'un registre externe (module équipements pas encore construit) : identifiant et libellé gardés tels quels",
  equipementId: "même registre d'équipements externe : aucune table ne porte ces identifiants",
  articleId: 'les articles de stock (module C) ne sont pas encore construits : aucune table',
  'general.articleId': "la partie générale d'un équipement : même article de stock, sans table encore",
  gamme_modele_id: 'les gammes de relevés ne sont pas encore construites : aucune table',
  'propertyValues.options[].id': "identifiant d'une option d'un champ liste, pas d'une ligne",
  'propertyValues.excludedIds[]': "identifiants d'options exclues d'un champ liste, pas de lignes",
  formationId: "la formation d'un titre d'habilitation : sa table (module formation, migration 0022) n'est pas encore là",
};

/** A field named like an id, or an integer that can only be positive (a list of workflows, of fields...). */
const ID_NAME = /^ids?$|[a-z](Id|Ids)$|_ids?$|^parent|^personneEnCharge$/;
const looksLikeId = (f: IdField) => ID_NAME.test(f.name) || f.positiveInt;

type Part = 'params' | 'query' | 'body';
function idFields() {
  const out: { where: string; part: Part; field: IdField }[] = [];
  for (const e of allEndpoints()) {
    for (const part of ['params', 'query', 'body'] as const) {
      for (const field of fieldsOf(e[part])) {
        if (looksLikeId(field) || field.meta) out.push({ where: `${e.method} ${e.path} ${part}.${field.path}`, part, field });
      }
    }
  }
  return out;
}

describe('id fields of the contracts', () => {
  const fields = idFields();

  it('are found by walking the endpoint schemas', () => {
    const where = fields.map((f) => f.where);
    expect(where).toContain('POST /api/v3/process/create body.prestataireIds[]');
    expect(where).toContain('POST /api/v2/tableau/create body.workflows[]');
    expect(where).toContain('POST /api/v2/permission/bulk_create body.permissions[].utilisateurId');
    expect(fields.length).toBeGreaterThan(100);
  });

  it('each have a check: a marked reference with a checker, a handler check, a target, or a listed reason', () => {
    const unchecked = fields
      .filter(({ part, field }) => {
        // Path parameters and the top-level id of a body or query name the row acted on: the handler loads it (404).
        if (part === 'params' || field.path === 'id') return false;
        if (field.meta?.check === 'reference') return !field.meta.kind || !REFERENCES[field.meta.kind];
        if (field.meta) return false;
        return !NOT_A_ROW[field.path];
      })
      .map((f) => f.where);
    expect(unchecked).toEqual([]);
  });

  it('lists no reason for a field that is not there or is marked', () => {
    const unmarked = new Set(fields.filter((f) => !f.field.meta).map((f) => f.field.path));
    expect(Object.keys(NOT_A_ROW).filter((p) => !unmarked.has(p))).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Behaviour, on PostgreSQL with the demo data.
// ---------------------------------------------------------------------------------------------------------------
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const db = () => t.server.database.db;
const processCount = (entrepriseId: number) =>
  withSystem(
    db(),
    'test count',
    async (tx) => (await tx.select({ n: count() }).from(process).where(eq(process.entrepriseId, entrepriseId)))[0].n,
  );
const workflowOf = (entrepriseId: number, libelle: string) =>
  withSystem(db(), 'test fixture', async (tx) => {
    const [m] = await tx
      .select({ id: processModele.id })
      .from(processModele)
      .where(and(eq(processModele.entrepriseId, entrepriseId), eq(processModele.libelle, libelle)));
    return m.id;
  });

/** A 400 naming exactly these fields, with the ids refused for each. */
function expectRefused(r: { statusCode: number; body: string; json: () => any }, refused: Record<string, number[]>) {
  expect(r.statusCode, r.body).toBe(400);
  const b = r.json();
  expect(b.code).toBe('VALIDATION');
  const champs = Object.keys(refused);
  expect(b.message).toBe(`${champs.length > 1 ? 'Références invalides' : 'Référence invalide'} : ${champs.join(', ')}.`);
  expect(Object.fromEntries(b.detail.map((d: { champ: string; ids: number[] }) => [d.champ, d.ids]))).toEqual(refused);
}

async function post(as: Actor, method: string, url: string, body?: unknown) {
  return t.req(as, method, url, body);
}

describe('references are checked', () => {
  it("refuses another company's, the platform's and a missing company as prestataires, and stores nothing", async () => {
    const workflow = await workflowOf(t.ids.beta, 'Permis de feu');
    const before = await processCount(t.ids.beta);
    const r = await post('betaAdmin', 'POST', '/api/v3/process/create', {
      processModeleId: workflow,
      prestataireIds: [t.ids.acme, t.ids.support, 999999],
    });
    expectRefused(r, { prestataireIds: [t.ids.acme, t.ids.support, 999999] });
    expect(await processCount(t.ids.beta)).toBe(before);
  });

  it('accepts a contractor of the company, and refuses a partner of another kind', async () => {
    const workflow = await workflowOf(t.ids.acme, 'Permis de feu');
    const ok = await post('acmeAdmin', 'POST', '/api/v3/process/create', { processModeleId: workflow, prestataireIds: [t.ids.gamma] });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().prestataireIds).toEqual([t.ids.gamma]);

    const supplier = await post('superadmin', 'POST', '/api/entreprise/create_entreprise', {
      nom: 'Fournitures Delta',
      eu: true,
      clients: [{ entrepriseId: t.ids.acme, type: 'fournisseur' }],
    });
    expect(supplier.statusCode, supplier.body).toBe(200);
    const id = supplier.json().id as number;
    expectRefused(await post('acmeAdmin', 'PUT', '/api/v3/process/update', { id: ok.json().id, prestataireIds: [id] }), {
      prestataireIds: [id],
    });
    // In the list filters as well.
    expectRefused(await post('acmeAdmin', 'POST', '/api/process/search_by_paging', { filters: { prestataireIds: [id, t.ids.gamma] } }), {
      'filters.prestataireIds': [id],
    });
  });

  it('takes as person in charge someone of the company or of a contractor, never of another company', async () => {
    const workflow = await workflowOf(t.ids.acme, 'Permis de feu');
    for (const who of [t.ids.user.acmeTechnicien, t.ids.user.gammaUser]) {
      const r = await post('acmeAdmin', 'POST', '/api/v3/process/create', { processModeleId: workflow, personneEnCharge: who });
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json().personneEnCharge.id).toBe(who);
    }
    expectRefused(
      await post('acmeAdmin', 'POST', '/api/v3/process/create', { processModeleId: workflow, personneEnCharge: t.ids.user.betaAdmin }),
      { personneEnCharge: [t.ids.user.betaAdmin] },
    );
  });

  it("refuses another company's people in a group (and a partner's people there), storing nothing", async () => {
    const groups = () => withSystem(db(), 'test count', async (tx) => (await tx.select({ n: count() }).from(entrepriseGroupe))[0].n);
    const before = await groups();
    const r = await post('acmeAdmin', 'POST', '/api/v2/entreprise_groupe/update', {
      nom: 'Mélange',
      utilisateurIds: [t.ids.user.acmeTechnicien, t.ids.user.betaAdmin, t.ids.user.gammaUser],
      prestataireIds: [t.ids.beta],
    });
    expectRefused(r, { utilisateurIds: [t.ids.user.betaAdmin, t.ids.user.gammaUser], prestataireIds: [t.ids.beta] });
    expect(await groups()).toBe(before);
  });

  it("refuses another company's service, an unknown profile and another company's person in step rules", async () => {
    const w = (await post('acmeAdmin', 'POST', '/api/v2/workflow/create', { libelle: 'Règles croisées' })).json();
    const etapeId = w.etapes[0].id as number;
    expectRefused(
      await post('acmeAdmin', 'POST', '/api/v2/etape_autorisation/create', { etapeId, type: 'service', serviceId: t.ids.betaService }),
      { serviceId: [t.ids.betaService] },
    );
    expectRefused(await post('acmeAdmin', 'POST', '/api/v2/etape_autorisation/create', { etapeId, type: 'profil', profilId: 999 }), {
      profilId: [999],
    });
    expectRefused(
      await post('acmeAdmin', 'POST', '/api/v2/etape_autorisation/create', {
        etapeId,
        type: 'validateur',
        utilisateurId: t.ids.user.betaAdmin,
      }),
      { utilisateurId: [t.ids.user.betaAdmin] },
    );
    const ok = await post('acmeAdmin', 'POST', '/api/v2/etape_autorisation/create', {
      etapeId,
      type: 'service',
      serviceId: t.ids.acmeService,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    // A filter of a list is a reference too.
    expectRefused(await post('acmeAdmin', 'GET', `/api/utilisateurs/get_by_company?serviceId=${t.ids.betaService}`), {
      serviceId: [t.ids.betaService],
    });
  });

  it('names the entry of a list of objects that holds a bad reference', async () => {
    const menu = (await post('acmeAdmin', 'GET', '/api/v2/menu/get')).json() as { id: number; slug: string }[];
    const itemId = menu.find((m) => m.slug === 'services')?.id;
    const r = await post('acmeAdmin', 'POST', '/api/v2/permission/bulk_create', {
      permissions: [
        { type: 'menuItem', itemId, profilId: 6, permissions: { read: true } },
        { type: 'menuItem', itemId, utilisateurId: t.ids.user.betaAdmin, permissions: { read: true } },
      ],
    });
    expectRefused(r, { 'permissions.1.utilisateurId': [t.ids.user.betaAdmin] });
    // The item of an entry on a board is a board of the company (checked by the permission module, by type).
    expectRefused(
      await post('acmeAdmin', 'POST', '/api/v2/permission/bulk_create', {
        permissions: [
          { type: 'menuItem', itemId, profilId: 6, permissions: { read: true } },
          { type: 'tableau', itemId: 999999, profilId: 6, permissions: { read: true } },
        ],
      }),
      { 'permissions.1.itemId': [999999] },
    );
    expectRefused(
      await post('acmeAdmin', 'POST', '/api/v2/permission/create', {
        type: 'tableau',
        itemId: 999999,
        profilId: 6,
        permissions: { read: true },
      }),
      { itemId: [999999] },
    );
  });

  it("refuses another company's workflows, fields and processes, and an unknown software", async () => {
    const betaWorkflow = await workflowOf(t.ids.beta, 'Permis de feu');
    expectRefused(
      await post('acmeAdmin', 'POST', '/api/v2/workflow/create', {
        libelle: 'Lanceur',
        config: { workflowModelsToCreate: [betaWorkflow] },
      }),
      { 'config.workflowModelsToCreate': [betaWorkflow] },
    );
    expectRefused(await post('acmeAdmin', 'POST', '/api/process/search_by_paging', { filters: { processModeleIds: [betaWorkflow] } }), {
      'filters.processModeleIds': [betaWorkflow],
    });
    expectRefused(await post('acmeAdmin', 'GET', `/api/process/get_by_paging?processModeleId=${betaWorkflow}`), {
      processModeleId: [betaWorkflow],
    });

    const betaProcess = await post('betaAdmin', 'POST', '/api/v3/process/create', { processModeleId: betaWorkflow });
    expect(betaProcess.statusCode, betaProcess.body).toBe(200);
    expectRefused(await post('acmeAdmin', 'POST', '/api/auth/change_logicicel', { logicielId: 2, lastProcessId: betaProcess.json().id }), {
      lastProcessId: [betaProcess.json().id],
    });

    const betaField = await withSystem(db(), 'test fixture', async (tx) => {
      const r = await tx.execute(sql`select id from metrique where entreprise_id = ${t.ids.beta} limit 1`);
      return (r as unknown as { rows: { id: number }[] }).rows[0].id;
    });
    const acmeProcess = (
      await post('acmeAdmin', 'POST', '/api/v3/process/create', { processModeleId: await workflowOf(t.ids.acme, 'Permis de feu') })
    ).json();
    expectRefused(await post('acmeAdmin', 'GET', `/api/v2/process/get_files?process_id=${acmeProcess.id}&metrique_id=${betaField}`), {
      metrique_id: [betaField],
    });
    expectRefused(await post('acmeAdmin', 'POST', '/api/v2/tableau/create', { nom: 'Sans logiciel', logicielId: 999 }), {
      logicielId: [999],
    });
    // Beyond PostgreSQL's integers: no row, said the same way.
    expectRefused(await post('acmeAdmin', 'POST', '/api/process/search_by_paging', { filters: { processModeleIds: [2 ** 40] } }), {
      'filters.processModeleIds': [2 ** 40],
    });
  });

  it('checks the rows picked in form values when they change (people, services, companies)', async () => {
    const w = (await post('acmeAdmin', 'POST', '/api/v2/workflow/create', { libelle: 'Choix' })).json();
    const etapeId = w.etapes[0].id as number;
    const field = async (nom: string, dataType: string) => {
      const r = await post('acmeAdmin', 'PUT', '/api/v2/etape/assign_metrique', { etapeId, nom, dataType });
      expect(r.statusCode, r.body).toBe(200);
      return r.json().id as number;
    };
    const person = await field('Chargé de travaux', 'employee');
    const team = await field('Équipe', 'employees');
    const service = await field('Service', 'service');
    const company = await field('Entreprise intervenante', 'company');
    const create = (rawData: Record<string, unknown>) =>
      post('acmeTechnicien', 'POST', '/api/v3/process/create', { processModeleId: w.id, rawData });

    expectRefused(await create({ [person]: { id: t.ids.user.betaAdmin, libelle: 'Denis Petit' } }), {
      [`rawData.${person}`]: [t.ids.user.betaAdmin],
    });
    expectRefused(
      await create({
        [team]: [
          { id: t.ids.user.acmeAdmin, libelle: 'Alice' },
          { id: 999999, libelle: '?' },
        ],
        [service]: { id: t.ids.betaService, libelle: 'Atelier' },
        [company]: { id: t.ids.beta, libelle: 'Béta' },
      }),
      { [`rawData.${team}`]: [999999], [`rawData.${service}`]: [t.ids.betaService], [`rawData.${company}`]: [t.ids.beta] },
    );
    const bad = await create({ [person]: { id: 'Camille', libelle: 'Camille' } });
    expect(bad.statusCode, bad.body).toBe(400);
    expect(bad.json().message).toBe(`Référence invalide : rawData.${person}.`);

    const ok = await create({
      [person]: { id: t.ids.user.acmeTechnicien, libelle: 'Camille Moreau' },
      [service]: { id: t.ids.acmeService, libelle: 'Maintenance' },
      [company]: { id: t.ids.gamma, libelle: 'Gamma Services' },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const p = ok.json();
    expectRefused(
      await post('acmeTechnicien', 'PUT', '/api/v3/process/update', {
        id: p.id,
        rawData: { [person]: { id: t.ids.user.betaAdmin, libelle: 'Denis Petit' } },
      }),
      { [`rawData.${person}`]: [t.ids.user.betaAdmin] },
    );
    // A value saved before (here written with a row that no longer exists) is not refused when sent again unchanged.
    await withTenant(db(), t.ids.acme, (tx) =>
      tx
        .update(process)
        .set({ rawData: sql`raw_data || ${JSON.stringify({ [company]: { id: 0, libelle: 'Ancienne' } })}::jsonb` })
        .where(eq(process.id, p.id)),
    );
    const again = await post('acmeTechnicien', 'PUT', '/api/v3/process/update', {
      id: p.id,
      rawData: { [company]: { id: 0, libelle: 'Ancienne' }, [person]: { id: t.ids.user.acmeResponsable, libelle: 'Bruno' } },
    });
    expect(again.statusCode, again.body).toBe(200);
  });

  it('keeps a 404 for the row acted on, and the handler checks where it has its own rule', async () => {
    const acmeProcess = (
      await post('acmeAdmin', 'POST', '/api/v3/process/create', { processModeleId: await workflowOf(t.ids.acme, 'Permis de feu') })
    ).json();
    expect((await post('betaAdmin', 'PUT', '/api/v3/process/update', { id: acmeProcess.id, nomProcess: 'Volé' })).statusCode).toBe(404);
    // Another company's workflow to create from: the handler loads it (404), as before.
    expect(
      (await post('betaAdmin', 'POST', '/api/v3/process/create', { processModeleId: await workflowOf(t.ids.acme, 'Permis de feu') }))
        .statusCode,
    ).toBe(404);
    // A super admin still creates a person in another company with that company's service (checked by the handler there).
    const r = await post('superadmin', 'POST', '/api/v2/utilisateur/create', {
      nom: 'Nouveau',
      prenom: 'Béta',
      mail: 'nouveau@beta.test',
      profilId: 6,
      serviceId: t.ids.betaService,
      entrepriseId: t.ids.beta,
    });
    expect(r.statusCode, r.body).toBe(200);
    const services = await withSystem(db(), 'test read', (tx) =>
      tx.select({ id: serviceModele.id }).from(serviceModele).where(eq(serviceModele.entrepriseId, t.ids.beta)),
    );
    expect(services.map((s) => s.id)).toContain(r.json().serviceId);
  });
});
