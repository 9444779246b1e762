// The process header from its fields (issue 12, item 1): a workflow's fields marked as sources of the header
// (propertyValues.processField) set it when saved or signed, journaled, so the lists filter and sort by it; a lockout
// created by the web's endpoint needs its type.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness.ts';

let t: TestApp;
type Field = { id: number; nom: string; dataType: string; propertyValues: { processField?: string } };
type Etape = { id: number; ordre: number; nom: string; metriques: Field[] };
let wf: { id: number; etapes: Etape[] };
let f: Record<'equip' | 'debut' | 'heure' | 'fin' | 'presta' | 'charge' | 'type' | 'note' | 'step2', number>;

const a = (method: string, url: string, body?: unknown) =>
  t.req('acmeAdmin', method, url, body).then((r) => {
    if (r.statusCode >= 300) throw new Error(`${url}: ${r.body}`);
    return r.json();
  });
const field = (etapeId: number, nom: string, dataType: string, processField?: string, extra: object = {}) =>
  a('PUT', '/api/v2/etape/assign_metrique', {
    etapeId,
    nom,
    dataType,
    ...(processField ? { propertyValues: { processField, ...extra } } : {}),
  }).then((x) => x.id as number);

beforeAll(async () => {
  t = await startTestApp();
  const w = await a('POST', '/api/v2/workflow/create', { libelle: 'Consignation registre', package: 'mc' });
  await a('POST', '/api/v2/etape/create', { processModeleId: w.id, nom: 'Demande' });
  await a('POST', '/api/v2/etape/create', { processModeleId: w.id, nom: 'Exécution' });
  const full = (await a('GET', '/api/v2/workflow/get_workflows_for_edition')).find((m: { id: number }) => m.id === w.id);
  const [s1, s2] = full.etapes;
  f = {
    equip: await field(s1.id, 'Équipement consigné', 'equipment', 'equipement'),
    debut: await field(s1.id, 'Date de début', 'date', 'dateDebut'),
    heure: await field(s1.id, 'Heure de début', 'hour', 'dateDebut'),
    fin: await field(s1.id, 'Date de fin', 'date', 'dateFin'),
    presta: await field(s1.id, 'Entreprise intervenante', 'company', 'prestataireIds'),
    charge: await field(s1.id, 'Chargé de travaux', 'employee', 'personneEnCharge'),
    type: await field(s1.id, 'Nature', 'select', 'typeConsignation', {
      options: [
        { id: 'essai', libelle: 'Essai' },
        { id: 'visite', libelle: 'Visite' },
      ],
    }),
    note: await field(s1.id, 'Remarque', 'text'),
    step2: await field(s2.id, 'Fin réelle', 'date', 'dateInterventionFin'),
  };
  wf = { id: w.id, etapes: full.etapes };
});
afterAll(async () => t?.close());

const create = (body: object = {}) =>
  t.req('acmeTechnicien', 'POST', '/api/v3/process/create', { processModeleId: wf.id, typeConsignation: 1, ...body });
const search = async (filters: object, sort?: object) => {
  const r = await t.req('acmeTechnicien', 'POST', '/api/process/search_by_paging?tz=Europe/Paris', {
    variant: 'MES_CONSIGNATIONS',
    filters,
    ...(sort ? { sort } : {}),
  });
  expect(r.statusCode, r.body).toBe(200);
  return r.json().items as {
    id: number;
    equipementLastItemString: string | null;
    dateDebutInteger: number | null;
    nameConsignation: string | null;
  }[];
};
/** An equipment of Acme's demo tree the technician may read (his subtree, « Utilités »), as a picker gives it. */
const equipment = async (search: string): Promise<{ id: number; libelle: string }> => {
  const r = await t.req('acmeTechnicien', 'GET', `/api/v2/equipement/options?search=${encodeURIComponent(search)}&limit=5`);
  expect(r.statusCode, r.body).toBe(200);
  const found = (r.json() as { id: number; libelle: string }[]).find((o) => o.libelle.startsWith(search));
  if (!found) throw new Error(`Équipement introuvable : ${search}`);
  return { id: found.id, libelle: found.libelle };
};

const log = async (id: number) =>
  (await t.req('acmeTechnicien', 'GET', `/api/etape/get_log/${id}/0`)).json() as { action: string; before: any; after: any }[];

describe('marking a field as a header source in the workflow editor', () => {
  it('refuses a kind that cannot feed the value, in French, storing nothing', async () => {
    const r = await t.req('acmeAdmin', 'PUT', '/api/v2/etape/assign_metrique', {
      etapeId: wf.etapes[0].id,
      nom: 'Case',
      dataType: 'checkbox',
      propertyValues: { processField: 'dateDebut' },
    });
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toBe('Un champ « checkbox » ne peut pas alimenter « Date de début ».');
    const up = await t.req('acmeAdmin', 'PUT', '/api/v2/metrique/update', {
      id: f.note,
      propertyValues: { processField: 'prestataireIds' },
    });
    expect(up.statusCode).toBe(400);
  });

  it('refuses a second source of the same value (409), and an unknown value (400)', async () => {
    const second = await t.req('acmeAdmin', 'PUT', '/api/v2/metrique/update', {
      id: f.note,
      propertyValues: { processField: 'equipement' },
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toMatch(/« Équipement » est déjà alimenté par le champ « Équipement consigné »/);
    const other = await t.req('acmeAdmin', 'PUT', '/api/v2/etape/assign_metrique', {
      etapeId: wf.etapes[1].id,
      nom: 'Autre début',
      dataType: 'date',
      propertyValues: { processField: 'dateDebut' },
    });
    expect(other.statusCode).toBe(409);
    const unknown = await t.req('acmeAdmin', 'PUT', '/api/v2/metrique/update', { id: f.note, propertyValues: { processField: 'couleur' } });
    expect(unknown.statusCode).toBe(400);
    // The source itself may be saved again, and unmarked.
    expect(
      (await t.req('acmeAdmin', 'PUT', '/api/v2/metrique/update', { id: f.equip, propertyValues: { processField: 'equipement' } }))
        .statusCode,
    ).toBe(201);
  });
});

describe('the header follows its source fields', () => {
  it('is set by saving, journaled with before and after, and found by the lists', async () => {
    const p = (await create({ nomProcess: 'Consignation compresseur' })).json();
    expect(p).toMatchObject({ equipement: null, dateDebut: null, typeConsignation: 1 });
    // The equipment is picked from the registry: a typed identifier names no equipment and is refused, nothing written.
    const typed = await t.req('acmeTechnicien', 'PUT', '/api/v3/process/update', {
      id: p.id,
      version: p.version,
      rawData: { [f.equip]: { id: 'AR-7', libelle: 'Compresseur d’air atelier' } },
    });
    expect(typed.statusCode).toBe(400);
    expect(typed.json()).toMatchObject({ code: 'VALIDATION', message: `Référence invalide : rawData.${f.equip}.` });
    const ch1 = await equipment('Chaudière gaz CH1');
    const u = await t.req('acmeTechnicien', 'PUT', '/api/v3/process/update', {
      id: p.id,
      version: p.version,
      rawData: {
        [f.equip]: ch1,
        [f.debut]: '2026-12-03',
        [f.heure]: '14:30',
        [f.fin]: '2026-12-04',
        [f.presta]: { id: t.ids.gamma, libelle: 'Gamma Services' },
        [f.charge]: { id: t.ids.user.acmeTechnicien, libelle: 'Camille Moreau' },
        [f.type]: 'visite',
        [f.note]: 'rien',
      },
    });
    expect(u.statusCode, u.body).toBe(200);
    expect(u.json()).toMatchObject({
      equipement: ch1,
      dateDebut: '2026-12-03T13:30:00.000Z',
      dateFin: '2026-12-04T22:59:59.000Z',
      prestataireIds: [t.ids.gamma],
      personneEnCharge: { id: t.ids.user.acmeTechnicien },
      typeConsignation: 6,
    });
    const entry = (await log(p.id)).find((e) => e.action === 'modification');
    expect(entry?.before).toMatchObject({ equipement: null, dateDebut: null, typeConsignation: 1 });
    expect(entry?.after).toMatchObject({ equipement: ch1, typeConsignation: 6 });

    const byEquipment = await search({ equipement: 'gaz CH1' });
    expect(byEquipment.map((r) => r.id)).toContain(p.id);
    expect(byEquipment.find((r) => r.id === p.id)).toMatchObject({ dateDebutInteger: 20261203, nameConsignation: 'Visite' });
    const byDate = await search({ dateDebut: { from: '2026-12-03T00:00:00+01:00', to: '2026-12-04T00:00:00+01:00' } });
    expect(byDate.map((r) => r.id)).toEqual([p.id]);
    const sorted = await search({ processModeleIds: [wf.id] }, { key: 'dateDebut', order: 'asc' });
    expect(sorted[0].id).toBe(p.id);
  });

  it('empties a value whose source is emptied, keeps the type, and lets an explicit header value win', async () => {
    const p12 = await equipment('Pompe P12');
    const p = (
      await create({
        rawData: { [f.equip]: p12, [f.debut]: '2026-12-10', [f.type]: 'essai' },
        typeConsignation: undefined,
      })
    ).json();
    // Created with the values: the header is set from them (the type included: the source gives it).
    expect(p).toMatchObject({ equipement: p12, dateDebut: '2026-12-09T23:00:00.000Z', typeConsignation: 3 });
    const u = await t.req('acmeTechnicien', 'PUT', '/api/v3/process/update', {
      id: p.id,
      rawData: { [f.equip]: null, [f.type]: null, [f.heure]: '07:15' },
      dateFin: '2026-12-31T10:00:00+01:00',
    });
    expect(u.json()).toMatchObject({
      equipement: null,
      dateDebut: '2026-12-10T06:15:00.000Z',
      dateFin: '2026-12-31T09:00:00.000Z',
      typeConsignation: 3,
    });
  });

  it('takes as contractors only contractor partners: the company itself in the field leaves none', async () => {
    const p = (await create({ prestataireIds: [t.ids.gamma] })).json();
    const r = await t.req('acmeTechnicien', 'PUT', '/api/v3/process/update', {
      id: p.id,
      rawData: { [f.presta]: { id: t.ids.acme, libelle: 'Acme' }, [f.note]: 'travaux internes' },
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ prestataireIds: [], rawData: { [f.presta]: { id: t.ids.acme } } });
    // Another company's row cannot be named in the field at all.
    const other = await t.req('acmeTechnicien', 'PUT', '/api/v3/process/update', {
      id: p.id,
      rawData: { [f.presta]: { id: t.ids.beta, libelle: 'Beta' } },
    });
    expect(other.statusCode).toBe(400);
  });

  it('fills at signing the values still empty from the signed step, never overwriting one set by hand', async () => {
    const p11 = await equipment('Pompe P11');
    const p = (await create({ dateDebut: '2026-11-01T08:00:00+01:00' })).json();
    // Values saved while the fields were not sources (as before the workflow marked them).
    await t.req('acmeAdmin', 'PUT', '/api/v2/metrique/update', { id: f.equip, propertyValues: {} });
    await t.req('acmeAdmin', 'PUT', '/api/v2/metrique/update', { id: f.debut, propertyValues: {} });
    await t.req('acmeTechnicien', 'PUT', '/api/v3/process/update', {
      id: p.id,
      rawData: { [f.equip]: p11, [f.debut]: '2026-12-20' },
    });
    await t.req('acmeAdmin', 'PUT', '/api/v2/metrique/update', { id: f.equip, propertyValues: { processField: 'equipement' } });
    await t.req('acmeAdmin', 'PUT', '/api/v2/metrique/update', { id: f.debut, propertyValues: { processField: 'dateDebut' } });
    const before = (await t.req('acmeTechnicien', 'GET', `/api/process/get/${p.id}`)).json();
    expect(before).toMatchObject({ equipement: null, dateDebut: '2026-11-01T07:00:00.000Z' });
    const s = await t.req('acmeTechnicien', 'PUT', '/api/v3/process/sign', { id: p.id });
    expect(s.statusCode, s.body).toBe(200);
    expect(s.json()).toMatchObject({
      equipement: p11,
      dateDebut: '2026-11-01T07:00:00.000Z',
      currentEtapeOrdre: 2,
    });
    expect((await log(p.id)).filter((e) => e.action === 'modification').at(-1)?.after).toEqual({ equipement: p11 });
  });
});

describe('the type de consignation at creation', () => {
  it('is required for a lockout by the web’s endpoint, in French', async () => {
    const r = await t.req('acmeTechnicien', 'POST', '/api/v3/process/create', { processModeleId: wf.id });
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({ code: 'VALIDATION', message: 'Le type de consignation est obligatoire pour une consignation.' });
    const bad = await t.req('acmeTechnicien', 'POST', '/api/v3/process/create', { processModeleId: wf.id, typeConsignation: 12 });
    expect(bad.statusCode).toBe(400);
  });

  it('is accepted elsewhere as before: older endpoints, other workflows, a sub-process inherits its parent’s', async () => {
    const v2 = await t.req('acmeTechnicien', 'POST', '/api/v2/process/create', { processModeleId: wf.id });
    expect(v2.statusCode, v2.body).toBe(200);
    const other = (await a('GET', '/api/v2/workflow/get_workflows')).find((w: { libelle: string }) => w.libelle === 'Permis de feu');
    expect((await t.req('acmeTechnicien', 'POST', '/api/v3/process/create', { processModeleId: other.id })).statusCode).toBe(200);
    const parent = (await create({ typeConsignation: 2 })).json();
    const child = await t.req('acmeTechnicien', 'POST', '/api/v3/process/create', { processModeleId: wf.id, parentId: parent.id });
    expect(child.statusCode, child.body).toBe(200);
    expect(child.json().typeConsignation).toBe(2);
  });

  it('shows in the lists as its label', async () => {
    const p = (await create({ typeConsignation: 9, nomProcess: 'Exceptionnel registre' })).json();
    const rows = await search({ typeConsignation: [9] });
    expect(rows.find((r) => r.id === p.id)?.nameConsignation).toBe('Exceptionnel de travaux');
  });
});

describe('the demo workflows', () => {
  it('mark their equipment, dates and person in charge: a lockout created from the demo fills its header', async () => {
    const demo = (await a('GET', '/api/v2/workflow/get_workflows_for_edition')).find(
      (m: { libelle: string }) => m.libelle === 'Consignation électrique',
    ) as { id: number; etapes: Etape[] };
    const byName = (nom: string) => demo.etapes[0].metriques.find((m) => m.nom === nom) as Field;
    expect(byName('Ouvrage à consigner').propertyValues.processField).toBe('equipement');
    const ch2 = await equipment('Chaudière gaz CH2');
    const p = (await t.req('acmeTechnicien', 'POST', '/api/v3/process/create', { processModeleId: demo.id, typeConsignation: 4 })).json();
    const u = await t.req('acmeTechnicien', 'PUT', '/api/v3/process/update', {
      id: p.id,
      rawData: {
        [byName('Ouvrage à consigner').id]: ch2,
        [byName('Date souhaitée').id]: '2026-12-05',
        [byName('Fin prévue des travaux').id]: '2026-12-06',
      },
    });
    expect(u.statusCode, u.body).toBe(200);
    expect(u.json()).toMatchObject({
      equipement: ch2,
      dateDebut: '2026-12-04T23:00:00.000Z',
      dateFin: '2026-12-06T22:59:59.000Z',
      typeConsignation: 4,
    });
  });
});
