import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, startTestApp, type TestApp } from './harness.ts';

let t: TestApp;
let field: number;
let wfId: number;
beforeAll(async () => {
  t = await startTestApp();
  const w = (await t.req('acmeAdmin', 'POST', '/api/v2/workflow/create', { libelle: 'Dossier de travaux' })).json();
  field = (
    await t.req('acmeAdmin', 'PUT', '/api/v2/etape/assign_metrique', {
      etapeId: w.etapes[0].id,
      nom: 'Pièces jointes',
      dataType: 'file',
      required: true,
      propertyValues: { accept: ['pdf', 'png'], maxFiles: 2 },
    })
  ).json().id;
  wfId = w.id;
});
afterAll(async () => t?.close());

const PDF = Buffer.from('%PDF-1.7\n%âãÏÓ\n');
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
async function up(processId: number, name: string, mime: string, content: Buffer) {
  const m = multipart(name, mime, content);
  return t.server.app.inject({
    method: 'POST',
    url: `/api/v2/process/upload_file?process_id=${processId}&metrique_id=${field}`,
    headers: { cookie: await t.cookieOf('acmeTechnicien'), 'content-type': m.contentType },
    payload: m.body,
  });
}

describe('file-uploader fields', () => {
  it.each([
    ['a PDF', 'plan.pdf', 'application/pdf', PDF, 200, null],
    ['a PNG', 'photo.png', 'image/png', PNG, 200, null],
    ['a kind the field does not accept', 'photo.jpg', 'image/jpeg', Buffer.from([0xff, 0xd8, 0xff, 0xe0]), 400, /refusé/],
    ['a renamed file', 'faux.pdf', 'application/pdf', PNG, 400, /ne correspond pas/],
    ['a lying MIME type', 'plan.pdf', 'image/png', PDF, 400, /ne correspond pas/],
    ['an empty file', 'vide.pdf', 'application/pdf', Buffer.alloc(0), 400, /vide/],
  ])('%s -> %i', async (_l, name, mime, content, status, message) => {
    const p = (await t.req('acmeTechnicien', 'POST', '/api/v3/process/create', { processModeleId: wfId })).json();
    const r = await up(p.id, name, mime, content);
    expect(r.statusCode, r.body).toBe(status);
    if (message) expect(r.json().message).toMatch(message);
  });

  it('stores, lists, downloads, counts as filled, and refuses once the step is validated', async () => {
    const p = (await t.req('acmeTechnicien', 'POST', '/api/v3/process/create', { processModeleId: wfId })).json();
    expect((await t.req('acmeTechnicien', 'PUT', '/api/v3/process/sign', { id: p.id })).json().message).toMatch(/Pièces jointes/);
    const f = (await up(p.id, 'plan.pdf', 'application/pdf', PDF)).json();
    const list = (await t.req('acmeTechnicien', 'GET', `/api/v2/process/get_files?process_id=${p.id}`)).json();
    expect(list).toEqual([
      expect.objectContaining({
        id: f.id,
        nom: 'plan.pdf',
        mime: 'application/pdf',
        uploadedBy: expect.objectContaining({ nom: 'Moreau' }),
      }),
    ]);
    const d = await t.req('acmeTechnicien', 'GET', `/api/v2/process/download_file?id=${f.id}`);
    expect(d.statusCode).toBe(200);
    expect(d.headers['content-disposition']).toContain('plan.pdf');
    expect(d.rawPayload.equals(PDF)).toBe(true);
    expect((await t.req('betaAdmin', 'GET', `/api/v2/process/download_file?id=${f.id}`)).statusCode).toBe(404);
    await up(p.id, 'plan2.pdf', 'application/pdf', PDF);
    expect((await up(p.id, 'plan3.pdf', 'application/pdf', PDF)).statusCode).toBe(409);
    expect((await t.req('acmeTechnicien', 'PUT', '/api/v3/process/sign', { id: p.id })).statusCode).toBe(200);
    expect((await t.req('acmeTechnicien', 'DELETE', `/api/v2/process/remove_file?id=${f.id}`)).statusCode).toBe(409);
  });
});
