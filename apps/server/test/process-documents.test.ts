import { type ConsignationDetail, displayNumero, type Permis } from '@app/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consignationDocuments, lockoutFromDetail } from '../src/modules/consignation/consignation.documents.ts';
import { permisDocuments, permitFromRecord } from '../src/modules/permis/permis.documents.ts';
import { framedDocument } from '../src/modules/process/documents/document-frame.ts';
import { fontTableSharing } from '../src/modules/process/documents/font-tables.ts';
import { renderPdf, renderPdfHere } from '../src/modules/process/documents/pdf-renderer.ts';
import { ATTESTATION_COPIES, attestationContent, type ProcessSheet } from '../src/modules/process/index.ts';
import { withSystem } from '../src/platform/db/tenant.ts';
import { type Actor, startTestApp, type TestApp } from './harness.ts';

// Ticket 15, item 7: the documents of a process (generate_document, report/{id} in PDF), rendered by pdfmake on the
// server. The PDF's text is drawn with an embedded font (glyph ids, not letters); what a test can read is its
// metadata (an uncompressed dictionary): the title names the document, its number and the company.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

interface Demo {
  id: number;
  numero: string;
}
async function demo(nom: string): Promise<Demo> {
  const r = await withSystem(t.server.database.db, 'test fixtures', (tx) =>
    tx.execute(sql`select id, numero from process where nom_process = ${nom}`),
  );
  const row = (r as unknown as { rows: { id: number; numero: number }[] }).rows[0];
  return { id: Number(row.id), numero: displayNumero(Number(row.numero)) };
}
const LOCKOUT_DONE = 'Consignation transformateur T2 (arrêt annuel)';
const LOCKOUT_OPEN = 'Consignation TGBT atelier — départ D4';
const HOT_WORK = 'Soudure de la charpente du hangar B';

/**
 * A string of the PDF's Info dictionary. pdfkit writes each as its own object (`/Title 15 0 R` … `15 0 obj (…)`), a
 * literal string, UTF-16BE with its byte order mark when not ASCII; the dictionary and these objects are not compressed.
 */
function info(pdf: Buffer, key: string): string | null {
  const s = pdf.toString('latin1');
  const ref = new RegExp(`/${key} (\\d+) 0 R`).exec(s);
  const at = ref ? s.indexOf(`\n${ref[1]} 0 obj\n(`) : -1;
  if (at < 0) return null;
  const escapes: Record<string, number> = { n: 10, r: 13, t: 9, b: 8, f: 12, '(': 40, ')': 41, '\\': 92 };
  const bytes: number[] = [];
  for (let i = s.indexOf('(', at) + 1; i < s.length; i++) {
    const c = s[i];
    if (c === ')') break;
    if (c === '\\') {
      bytes.push(escapes[s[i + 1]] ?? s.charCodeAt(i + 1));
      i++;
    } else bytes.push(s.charCodeAt(i));
  }
  const b = Buffer.from(bytes);
  if (b[0] === 0xfe && b[1] === 0xff) return Buffer.from(b.subarray(2)).swap16().toString('utf16le');
  return b.toString('latin1');
}

const get = (as: Actor | null, url: string, headers: Record<string, string> = {}) =>
  (async () => t.server.app.inject({ method: 'GET', url, headers: { ...headers, ...(as ? { cookie: await t.cookieOf(as) } : {}) } }))();

function expectPdf(r: Awaited<ReturnType<typeof get>>, fileName: string) {
  expect(r.statusCode, r.body.slice(0, 300)).toBe(200);
  expect(r.headers['content-type']).toBe('application/pdf');
  expect(r.headers['content-disposition']).toContain(`attachment; filename="${fileName}"`);
  expect(r.headers['cache-control']).toBe('no-store');
  expect(r.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  return r.rawPayload;
}

describe('generate_document', () => {
  it.each([
    ['attestation_consignation', LOCKOUT_DONE, 'attestation-consignation', 'Attestation de consignation'],
    ['avis_fin_travail', LOCKOUT_DONE, 'avis-de-fin-de-travail', 'Avis de fin de travail'],
    ['rapport', LOCKOUT_DONE, 'rapport', 'Rapport du processus'],
    ['permis', HOT_WORK, 'permis-de-travail', 'Permis de travail'],
    ['permis_feu', HOT_WORK, 'permis-de-feu', 'Permis de feu'],
    ['rapport', HOT_WORK, 'rapport', 'Rapport du processus'],
  ])('%s of « %s »: a PDF named in French, with the number, the company and the QR code’s address', async (type, nom, prefix, title) => {
    const p = await demo(nom);
    const pdf = expectPdf(
      await get('acmeTechnicien', `/api/v2/process/generate_document?processId=${p.id}&type=${type}`),
      `${prefix}-${p.numero}.pdf`,
    );
    expect(info(pdf, 'Title')).toBe(`${title} N° ${p.numero} — Acme Énergie`);
    expect(info(pdf, 'Author')).toBe('Acme Énergie');
    expect(info(pdf, 'processUrl')).toBe(`http://localhost:3000/app/processus/${p.id}`);
    expect(pdf.length).toBeGreaterThan(5000);
  });

  it('prints the two numbered copies of an attestation, and names the padlocks and the ouvrage in its keywords', async () => {
    // The demo's mother lockout: consigned, its isolation points padlocked (the lockout module's records).
    const p = await demo('Arrêt ligne de production 1 — consignation générale');
    const pdf = expectPdf(
      await get('acmeResponsable', `/api/v2/process/generate_document?process_id=${p.id}&type=attestation_consignation`),
      `attestation-consignation-${p.numero}.pdf`,
    );
    expect(pdf.toString('latin1').match(/\/Type \/Page\b/g)?.length).toBeGreaterThanOrEqual(2);
    expect(info(pdf, 'Keywords')).toMatch(/Armoire de commande ligne 1/);
    // The padlocks are the lockout's records (its isolation points), each named with its padlock number.
    const detail = (await t.req('acmeResponsable', 'GET', `/api/v2/consignation/get/${p.id}`)).json();
    const padlocks = detail.points.flatMap((x: { numeroCadenas: string | null }) => (x.numeroCadenas ? [x.numeroCadenas] : []));
    expect(padlocks.length).toBeGreaterThan(0);
    for (const c of padlocks) expect(info(pdf, 'Keywords')).toContain(`cadenas ${c}`);
  });

  it('generates an unsigned attestation as a draft (watermarked), still a PDF', async () => {
    const p = await demo(LOCKOUT_OPEN);
    expectPdf(
      await get('acmeTechnicien', `/api/v2/process/generate_document?processId=${p.id}&type=attestation_consignation`),
      `attestation-consignation-${p.numero}.pdf`,
    );
  });

  it('survives a stored signature that is not a readable image (printed without it)', async () => {
    const p = await demo(LOCKOUT_DONE);
    await withSystem(t.server.database.db, 'test: a broken signature image', (tx) =>
      tx.execute(sql`update signature set image = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQ=='
                     where id = (select min(id) from signature where process_id = ${p.id})`),
    );
    expectPdf(await get('acmeTechnicien', `/api/v2/process/generate_document?processId=${p.id}&type=rapport`), `rapport-${p.numero}.pdf`);
  });

  it('lists the documents that apply to a lockout and to a permit', async () => {
    const lockout = await demo(LOCKOUT_DONE);
    const r = await get('acmeTechnicien', `/api/v2/process/document_types?process_id=${lockout.id}`);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toEqual([
      {
        type: 'attestation_consignation',
        libelle: 'Attestation de consignation',
        fileName: `attestation-consignation-${lockout.numero}.pdf`,
      },
      { type: 'avis_fin_travail', libelle: 'Avis de fin de travail', fileName: `avis-de-fin-de-travail-${lockout.numero}.pdf` },
      { type: 'rapport', libelle: 'Rapport du processus', fileName: `rapport-${lockout.numero}.pdf` },
    ]);
    const permit = await demo(HOT_WORK);
    const types = (await get('acmeTechnicien', `/api/v2/process/document_types?process_id=${permit.id}`))
      .json()
      .map((d: { type: string }) => d.type);
    expect(types).toEqual(['permis', 'permis_feu', 'rapport']);
  });

  it('refuses an unknown type (400) and a document that does not apply (409), in French, naming the possible ones', async () => {
    const p = await demo(HOT_WORK);
    const unknown = await get('acmeTechnicien', `/api/v2/process/generate_document?processId=${p.id}&type=facture`);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      code: 'VALIDATION',
      message: expect.stringMatching(/^Type de document inconnu : choisissez parmi .*attestation_consignation.*\.$/),
    });
    const wrong = await get('acmeTechnicien', `/api/v2/process/generate_document?processId=${p.id}&type=attestation_consignation`);
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json().message).toBe(
      'Le document « Attestation de consignation » ne s’applique pas à ce processus (documents possibles : permis de travail, permis de feu, rapport du processus).',
    );
    const none = await get('acmeTechnicien', '/api/v2/process/generate_document?type=rapport');
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('Processus manquant : processId.');
    const empty = await get('acmeTechnicien', `/api/v2/process/generate_document?processId=${p.id}&type=`);
    expect(empty.statusCode).toBe(400);
  });

  it('answers 401 without a session, 404 to another company, 404 for a process that does not exist', async () => {
    const p = await demo(LOCKOUT_DONE);
    const url = `/api/v2/process/generate_document?processId=${p.id}&type=rapport`;
    expect((await get(null, url)).statusCode).toBe(401);
    expect((await get(null, `/api/v2/process/document_types?process_id=${p.id}`)).statusCode).toBe(401);
    const other = await get('betaAdmin', url);
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe('Processus introuvable.');
    expect((await get('betaAdmin', `/api/v2/process/document_types?process_id=${p.id}`)).statusCode).toBe(404);
    expect((await get('betaAdmin', `/api/v3/process/report/${p.id}?format=pdf`)).statusCode).toBe(404);
    expect((await get('acmeAdmin', '/api/v2/process/generate_document?processId=999999&type=rapport')).statusCode).toBe(404);
  });

  it('serves a contractor the report and the permit of its own process of its client (with the client’s name), not another one', async () => {
    const own = await demo(HOT_WORK);
    const pdf = expectPdf(
      await get('gammaUser', `/api/v2/process/generate_document?processId=${own.id}&type=rapport`),
      `rapport-${own.numero}.pdf`,
    );
    // Its permit too (migration 0027, contractor-modules.test.ts: the module's records of its own processes).
    expectPdf(
      await get('gammaUser', `/api/v2/process/generate_document?processId=${own.id}&type=permis_feu`),
      `permis-de-feu-${own.numero}.pdf`,
    );
    expect(info(pdf, 'Author')).toBe('Acme Énergie');
    const lockout = await demo(LOCKOUT_DONE);
    expect((await get('gammaUser', `/api/v2/process/generate_document?processId=${lockout.id}&type=rapport`)).statusCode).toBe(404);
  });
});

describe('report/{id}', () => {
  it('stays JSON for the app (Accept: application/json, or none)', async () => {
    const p = await demo(LOCKOUT_DONE);
    const accepts: Record<string, string>[] = [
      {},
      { accept: 'application/json' },
      { accept: 'application/json, application/pdf;q=0.5' },
      { accept: '*/*' },
    ];
    for (const headers of accepts) {
      const r = await get('acmeTechnicien', `/api/v3/process/report/${p.id}`, headers);
      expect(r.statusCode).toBe(200);
      expect(r.headers['content-type']).toMatch(/^application\/json/);
      expect(r.json().etapes).toHaveLength(9);
    }
  });

  it('answers the PDF report when asked (Accept: application/pdf, or ?format=pdf)', async () => {
    const p = await demo(LOCKOUT_DONE);
    const byHeader = expectPdf(
      await get('acmeTechnicien', `/api/v3/process/report/${p.id}`, { accept: 'application/pdf' }),
      `rapport-${p.numero}.pdf`,
    );
    expect(info(byHeader, 'Title')).toBe(`Rapport du processus N° ${p.numero} — Acme Énergie`);
    expectPdf(await get('acmeTechnicien', `/api/v3/process/report/${p.id}?format=pdf`), `rapport-${p.numero}.pdf`);
    expectPdf(
      await get('acmeTechnicien', `/api/v3/process/report/${p.id}`, { accept: 'application/pdf, application/json;q=0.9' }),
      `rapport-${p.numero}.pdf`,
    );
    expect(
      (await get('acmeTechnicien', `/api/v3/process/report/${p.id}?format=json`, { accept: 'application/pdf' })).headers['content-type'],
    ).toMatch(/^application\/json/);
    expect((await get('acmeTechnicien', `/api/v3/process/report/${p.id}?format=docx`)).statusCode).toBe(400);
  });
});

describe('rights', () => {
  it('refuses (403) a person whose rights do not include reading processes', async () => {
    const p = await demo(LOCKOUT_DONE);
    const menu = (await get('acmeAdmin', '/api/v2/menu/get')).json() as { id: number; slug: string }[];
    const deny = async (permissions: Record<string, boolean | null>) => {
      const r = await t.req('acmeAdmin', 'POST', '/api/v2/permission/bulk_create', {
        permissions: menu.map((m) => ({ type: 'menuItem', itemId: m.id, utilisateurId: t.ids.user.acmeTechnicien, permissions })),
      });
      expect(r.statusCode, r.body).toBe(200);
    };
    await deny({ read: false, create: false, update: false, delete: false });
    try {
      const r = await get('acmeTechnicien', `/api/v2/process/generate_document?processId=${p.id}&type=rapport`);
      expect(r.statusCode, r.body).toBe(403);
      expect((await get('acmeTechnicien', `/api/v2/process/document_types?process_id=${p.id}`)).statusCode).toBe(403);
    } finally {
      await deny({ read: null, create: null, update: null, delete: null });
    }
    expect((await get('acmeTechnicien', `/api/v2/process/document_types?process_id=${p.id}`)).statusCode).toBe(200);
  });
});

describe('the lockout documents on the consignation module’s records', () => {
  const acte = (nom: string, at: string) => ({ utilisateurId: 1, nom, at });
  const detail = {
    processId: 1,
    numero: 1200,
    nomProcess: 'Consignation TGBT',
    typeConsignation: 1,
    nameConsignation: 'Consignation',
    equipementLibelle: 'TGBT atelier',
    etat: 'consignee',
    etatLibelle: 'Consignée',
    code: null,
    mode: 'deux_etapes',
    parentId: null,
    mere: null,
    filles: [],
    operationsRequises: [
      { operation: 'separation', libelle: 'Séparation', faite: true },
      { operation: 'vat', libelle: "Vérification d'absence de tension (VAT)", faite: false },
    ],
    operations: [
      {
        id: 1,
        operation: 'separation',
        libelle: 'Séparation',
        pointId: 3,
        par: acte('Bruno Lefèvre', '2026-11-24T08:05:00.000Z'),
        hash: 'b'.repeat(64),
        commentaire: 'Q4 ouvert',
      },
    ],
    points: [
      {
        id: 3,
        equipementPointId: 9,
        repere: 'Q4',
        energie: 'electrique',
        dispositif: 'Sectionneur',
        positionRequise: 'ouvert',
        moyenCondamnation: 'Cadenas',
        methodeVerification: null,
        numeroCadenas: 'C-104',
        pose: acte('Bruno Lefèvre', '2026-11-24T08:06:00.000Z'),
        retrait: null,
        herite: false,
        dependances: 1,
      },
    ],
    cadenas: [
      {
        id: 1,
        utilisateurId: 2,
        nom: 'Camille Moreau',
        numero: 'P-7',
        pose: acte('Camille Moreau', '2026-11-24T08:30:00.000Z'),
        retrait: null,
        retraitAbsent: null,
      },
    ],
    attestations: [
      {
        id: 1,
        numero: 42,
        type: 'consignation',
        libelle: 'Attestation de consignation',
        par: acte('Bruno Lefèvre', '2026-11-24T08:20:00.000Z'),
        hash: 'c'.repeat(64),
      },
    ],
    avisFinTravail: [],
    transitions: [],
    consigneeAt: '2026-11-24T08:20:00.000Z',
    deconsigneeAt: null,
    abilities: {},
  } as unknown as ConsignationDetail;
  const sheet = {
    view: {
      equipement: null,
      typeConsignation: 1,
      personneEnCharge: { id: 2, nom: 'Moreau', prenom: 'Camille' },
      dateDebut: null,
      dateFin: null,
    },
    steps: [],
    journal: [],
  } as unknown as ProcessSheet;

  it('prints the records: points with their padlocks, personal padlocks, operations by whom and when, the attestation’s number', async () => {
    const d = lockoutFromDetail(detail, sheet);
    expect(d).toMatchObject({
      ouvrage: 'TGBT atelier',
      mode: 'en deux étapes',
      attestationNumero: 42,
      chargeConsignation: 'Bruno Lefèvre',
      chargeTravaux: 'Camille Moreau',
      points: [{ repere: 'Q4 — Sectionneur — position ouvert', cadenas: 'C-104', energie: 'electrique' }],
      cadenas: [{ nom: 'Camille Moreau', numero: 'P-7', retrait: null }],
      operations: [
        { libelle: 'Séparation', faite: true, par: 'Bruno Lefèvre', at: '2026-11-24T08:05:00.000Z', detail: 'Q4 ouvert' },
        { libelle: "Vérification d'absence de tension (VAT)", faite: false, par: null },
      ],
      attestation: { done: true, at: '2026-11-24T08:20:00.000Z' },
      finDeTravail: { done: false },
    });
    expect(d.attestation.signatures[0]).toMatchObject({
      role: 'Chargé de consignation — Attestation de consignation N° 42',
      signataire: 'Bruno Lefèvre',
      hash: 'c'.repeat(64),
    });
    const doc = consignationDocuments(async () => detail);
    const pdf = await renderPdf(
      framedDocument({
        title: doc.attestation_consignation.libelle,
        entreprise: 'Acme Énergie',
        numero: '12',
        nomProcess: 'Consignation TGBT',
        workflow: 'Consignation électrique',
        url: 'http://localhost:3000/app/processus/1',
        editedAt: new Date(),
        editedBy: 'Bruno Lefèvre',
        content: attestationContent(d),
        copies: ATTESTATION_COPIES,
      }),
    );
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('renders the same bytes whether the fonts’ decoded tables are shared between documents or not (font-tables.ts), in a worker or not', async () => {
    const d = lockoutFromDetail(detail, sheet);
    // A fixed date: the creation date (and the file id made from it) is the only thing that differs between renders.
    const at = new Date('2026-11-24T09:00:00.000Z');
    const attestation = (draft: string | null) => {
      const def = framedDocument({
        title: 'Attestation de consignation',
        entreprise: 'Acme Énergie',
        numero: '1\u202f012',
        nomProcess: 'Consignation TGBT',
        workflow: 'Consignation électrique',
        url: 'http://localhost:3000/app/processus/1',
        editedAt: at,
        editedBy: 'Bruno Lefèvre',
        draft,
        content: attestationContent(d),
        copies: ATTESTATION_COPIES,
      });
      return { ...def, info: { ...(def.info as object), creationDate: at } };
    };
    // In this thread, where the switch and the counter are.
    await renderPdfHere(attestation(null)); // loads the fonts
    expect(fontTableSharing.installed).toBe(true);
    fontTableSharing.enabled = false;
    let unshared: Buffer;
    try {
      unshared = await renderPdfHere(attestation(null));
    } finally {
      fontTableSharing.enabled = true;
    }
    const hits = fontTableSharing.hits;
    const first = await renderPdfHere(attestation(null));
    expect(fontTableSharing.hits).toBeGreaterThan(hits);
    // Another document in between (other glyphs, a watermark in bold, italics), then the attestation again.
    await renderPdfHere(attestation('NON SIGNÉE — « œuvre » ½ € µ Ω\u00a0'));
    const again = await renderPdfHere(attestation(null));
    expect(first.equals(unshared)).toBe(true);
    expect(again.equals(unshared)).toBe(true);
    // And by a worker of the pool, as the server renders (the definition crosses the thread as plain data).
    const inWorker = await renderPdf(attestation(null));
    expect(inWorker.equals(unshared)).toBe(true);
    // Still embedded and subset: a TrueType font file per face, named with a subset tag.
    const text = unshared.toString('latin1');
    expect(text).toMatch(/\/FontFile2 \d+ 0 R/);
    expect(text).toMatch(/\/BaseFont \/[A-Z]{6}\+Roboto-Regular/);
  });

  it('refuses a definition that is not plain data (a function cannot reach the worker), saying what to do', async () => {
    const doc = { content: [{ table: { body: [['x']] }, layout: { hLineWidth: () => 1 } }] };
    await expect(renderPdf(doc)).rejects.toThrow(/plain data.*TABLE_LAYOUTS/);
  });
});

describe('the permit documents on the permis module’s record', () => {
  const who = (id: number, nom: string) => ({ id, nom });
  const permis = {
    id: 1,
    processId: 5,
    numero: 7,
    nomProcess: 'Soudure',
    type: 'travail',
    complements: ['feu', 'hauteur'],
    feu: true,
    modeValidite: 'jour',
    dateDebut: '2026-11-24T07:00:00.000Z',
    dateFin: '2026-11-24T16:00:00.000Z',
    dateFinInitiale: '2026-11-24T15:00:00.000Z',
    etat: 'en_cours',
    etatEffectif: 'en_cours',
    actions: [],
    travaux: 'Soudure de la passerelle',
    mesures: 'Extincteur à portée',
    consignations: [{ processId: 3, numero: 12, nomProcess: 'Consignation T2', etat: 'en_cours', status: 'CS' }],
    signatures: [
      {
        id: 1,
        acte: 'delivrance',
        role: 'emetteur',
        utilisateur: who(1, 'Bruno Lefèvre'),
        at: '2026-11-24T06:55:00.000Z',
        hash: 'd'.repeat(64),
      },
      {
        id: 2,
        acte: 'delivrance',
        role: 'executant',
        utilisateur: who(2, 'Camille Moreau'),
        at: '2026-11-24T06:58:00.000Z',
        hash: 'e'.repeat(64),
      },
    ],
    signaturesAttendues: [],
    prolongations: [
      {
        id: 1,
        ancienneFin: '2026-11-24T15:00:00.000Z',
        nouvelleFin: '2026-11-24T16:00:00.000Z',
        motif: 'Retard',
        utilisateur: who(1, 'Bruno Lefèvre'),
        at: '2026-11-24T14:00:00.000Z',
        hash: 'f'.repeat(64),
      },
    ],
    suspensions: [],
    delivreAt: '2026-11-24T06:58:00.000Z',
    demarreAt: null,
    finTravauxAt: null,
    surveillance: null,
    closAt: null,
    closPar: null,
    annulation: null,
    version: 3,
    now: '2026-11-24T14:30:00.000Z',
  } as unknown as Permis;
  const sheet = {
    view: {
      equipement: { id: 1, libelle: 'Passerelle du quai 3' },
      processModele: { libelle: 'Permis' },
      createdBy: null,
      personneEnCharge: null,
    },
    steps: [],
    journal: [],
  } as unknown as ProcessSheet;

  it('prints the complementary permits, the extension, the lockouts relied on and the signatures of issue by role', () => {
    const d = permitFromRecord(permis, sheet);
    expect(d).toMatchObject({
      nature: 'Soudure de la passerelle',
      lieu: 'Passerelle du quai 3',
      complementaires: ['Permis de feu', 'Travail en hauteur'],
      prolongations: [{ jusqua: '2026-11-24T16:00:00.000Z', par: 'Bruno Lefèvre' }],
      consignations: ['N° 12 — Consignation T2'],
      modeValidite: 'Une journée',
      delivre: true,
      donneurOrdre: { signataire: 'Bruno Lefèvre', hash: 'd'.repeat(64) },
      executant: { signataire: 'Camille Moreau' },
      surveillant: { signataire: null },
    });
    expect(d.analyse).toContainEqual(['Mesures de prévention', 'Extincteur à portée']);
    expect(Object.keys(permisDocuments(async () => ({ permis })))).toEqual(['permis', 'permis_feu']);
  });
});
