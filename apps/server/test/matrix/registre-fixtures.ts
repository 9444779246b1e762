import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { withSystem } from '../../src/platform/db/tenant.ts';
import type { Actor, TestApp } from '../harness.ts';

/** A 1×1 PNG (the smallest valid plan image). */
export const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** An equipment of a company inserted as the registry stores it (path = ids root → itself), under `parentId` if given. */
export async function mkEquipement(
  t: TestApp,
  entrepriseId: number,
  o: { name?: string; parentId?: number | null; hideRisquesParent?: boolean; localisationId?: number | null } = {},
): Promise<number> {
  return withSystem(t.server.database.db, 'test: equipment fixtures before the equipment module is merged', async (tx) => {
    const r =
      (await tx.execute(sql`insert into equipement (entreprise_id, parent_id, path, name, hide_risques_parent, localisation_id, marker_x, marker_y)
      values (${entrepriseId}, ${o.parentId ?? null}, '{}', ${o.name ?? `Équipement ${Math.random().toString(36).slice(2, 7)}`},
        ${o.hideRisquesParent ?? false}, ${o.localisationId ?? null}, ${o.localisationId ? 0.5 : null}, ${o.localisationId ? 0.5 : null})
      returning id`)) as unknown as { rows: { id: number }[] };
    const id = Number(r.rows[0].id);
    await tx.execute(sql`update equipement set path = coalesce((select p.path from equipement p where p.id = ${o.parentId ?? null}), '{}') || ${id}::int
      where id = ${id}`);
    return id;
  });
}

/** A new location, created through the route as an actor. */
export async function mkLocalisation(t: TestApp, as: Actor = 'acmeAdmin', body: Record<string, unknown> = {}): Promise<number> {
  const r = await t.req(as, 'POST', '/api/v3/location/create', { libelle: `Zone ${Math.random().toString(36).slice(2, 7)}`, ...body });
  expect(r.statusCode, r.body).toBe(200);
  return r.json().id as number;
}

/** A new risk of the catalogue, created through the route as an actor. */
export async function mkRisque(t: TestApp, as: Actor = 'acmeAdmin', body: Record<string, unknown> = {}): Promise<number> {
  const r = await t.req(as, 'POST', '/api/v2/risk/create', { libelle: `Risque ${Math.random().toString(36).slice(2, 7)}`, ...body });
  expect(r.statusCode, r.body).toBe(200);
  return r.json().id as number;
}

/** Uploads a plan image through the real route. */
export async function uploadPlan(t: TestApp, as: Actor, id: number, name: string, mime: string, content: Buffer) {
  const { multipart } = await import('../harness.ts');
  const m = multipart(name, mime, content);
  return t.server.app.inject({
    method: 'POST',
    url: `/api/v3/location/${id}/image`,
    headers: { cookie: await t.cookieOf(as), 'content-type': m.contentType },
    payload: m.body,
  });
}

/** Turns a company's specific equipment rights (S 125) on or off, on each of its software entries; their ids. */
export const setSpecificRights = (t: TestApp, entrepriseId: number, value: boolean) =>
  withSystem(t.server.database.db, 'test: specific equipment rights', async (tx) => {
    const r = await tx.execute(
      sql`update entreprise_logiciel set setting = coalesce(setting, '{}'::jsonb) || jsonb_build_object('display',
        coalesce(setting -> 'display', '{}'::jsonb) || jsonb_build_object('equipment', coalesce(setting #> '{display,equipment}', '{}'::jsonb)
          || jsonb_build_object('specificRights', ${value}::boolean)))
        where entreprise_id = ${entrepriseId} returning id`,
    );
    return (r as unknown as { rows: { id: number }[] }).rows;
  });
