import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PermissionBulk } from '../permission/permission.schema.ts';
import { ProcessCreate } from '../process/process.schema.ts';
import { ProcessSearch } from '../process/process-search.schema.ts';
import { fieldsOf, ref, referencesIn, refRegistry, refs, target } from './references.ts';
import { IdsBody } from './schemas.ts';

describe('references of an input', () => {
  it('finds the ids of marked fields in a parsed value, under the field that holds them', () => {
    const body = ProcessCreate.parse({ processModeleId: 4, prestataireIds: [2, '1', 999999], personneEnCharge: 7, parentId: 3 });
    expect(referencesIn(ProcessCreate, body)).toEqual([
      { champ: 'prestataireIds', kind: 'prestataire', id: 2 },
      { champ: 'prestataireIds', kind: 'prestataire', id: 1 },
      { champ: 'prestataireIds', kind: 'prestataire', id: 999999 },
      { champ: 'personneEnCharge', kind: 'personne', id: 7 },
    ]);
  });

  it('names an item of a list of objects by its index, and walks nested objects', () => {
    const body = PermissionBulk.parse({
      permissions: [
        { type: 'menuItem', itemId: 1, profilId: 4, permissions: {} },
        { type: 'menuItem', itemId: 1, utilisateurId: 9, permissions: {} },
      ],
    });
    expect(referencesIn(PermissionBulk, body)).toEqual([
      { champ: 'permissions.0.profilId', kind: 'profil', id: 4 },
      { champ: 'permissions.1.utilisateurId', kind: 'utilisateur', id: 9 },
    ]);
    const search = ProcessSearch.parse({ filters: { prestataireIds: [5] } });
    expect(referencesIn(ProcessSearch, search)).toEqual([{ champ: 'filters.prestataireIds', kind: 'prestataire', id: 5 }]);
  });

  it('leaves out the ids the handler checks (targets, handler-checked references), absent and null values', () => {
    expect(referencesIn(ProcessCreate, ProcessCreate.parse({ processModeleId: 4, parentId: null, personneEnCharge: null }))).toEqual([]);
    expect(referencesIn(IdsBody, { ids: [1, 2] })).toEqual([]);
    expect(referencesIn(undefined, { id: 1 })).toEqual([]);
  });

  it('walks unions by the option the value is of, and records, optional and default wrappers', () => {
    const S = z.object({
      a: z.union([z.object({ kind: z.literal('u'), who: ref('utilisateur') }), z.object({ kind: z.literal('s'), svc: ref('service') })]),
      b: z.record(z.string(), refs('workflow')).optional(),
      c: refs('process').default([]),
    });
    const v = S.parse({ a: { kind: 's', svc: 3 }, b: { x: [8] } });
    expect(referencesIn(S, v)).toEqual([
      { champ: 'a.svc', kind: 'service', id: 3 },
      { champ: 'b.x', kind: 'workflow', id: 8 },
    ]);
  });

  it('keeps the mark through wrappers and checks added to a marked schema', () => {
    const r = ref('metrique');
    expect(refRegistry.get(r.refine(() => true))).toEqual({ kind: 'metrique', check: 'reference' });
    expect(refRegistry.get(target('tableau'))).toEqual({ kind: 'tableau', check: 'target' });
    expect(r.parse('12')).toBe(12);
    expect(r.safeParse(0).success).toBe(false);
  });

  it('lists the fields of a schema with their marks and shapes', () => {
    const fields = fieldsOf(ProcessCreate);
    const byPath = Object.fromEntries(fields.map((f) => [f.path, f]));
    expect(byPath['prestataireIds[]']).toMatchObject({
      name: 'prestataireIds',
      meta: { kind: 'prestataire', check: 'reference' },
      positiveInt: true,
    });
    expect(byPath.processModeleId.meta).toEqual({ kind: 'workflow', check: 'handler' });
    expect(byPath['equipement.id']).toMatchObject({ name: 'id', meta: null, positiveInt: true });
    expect(byPath.typeConsignation).toMatchObject({ meta: null, positiveInt: false });
  });
});
