import { expect } from 'vitest';
import { matrixRows } from './kit.ts';
import { mkLocalisation, PNG_1PX, uploadPlan } from './registre-fixtures.ts';

export const rows = matrixRows({
  localisation: {
    list: {
      ok: {
        as: 'acmeAdmin',
        call: async (t) => {
          await mkLocalisation(t);
          return { url: '/api/v3/location/get' };
        },
        check: (j) => expect(j.length).toBeGreaterThan(0),
      },
      other: { as: 'betaAdmin', unseen: { kind: 'localisation' } },
    },
    get: {
      ok: { as: 'acmeAdmin', call: async (t) => ({ url: `/api/v3/location/get/${await mkLocalisation(t)}` }) },
      bad: () => ({ url: '/api/v3/location/get/abc' }),
    },
    create: {
      ok: {
        as: 'acmeAdmin',
        call: () => ({
          url: '/api/v3/location/create',
          body: { libelle: 'Atelier', couleur: '#1c7ed6', icon: 'building-factory', markers: [{ libelle: 'Extincteur', x: 0.2, y: 0.3 }] },
        }),
        check: (j) => expect(j.markers[0]).toMatchObject({ libelle: 'Extincteur', x: 0.2, y: 0.3 }),
      },
      other: { call: async (t) => ({ url: '/api/v3/location/create', body: { libelle: 'Sous-zone', parentId: await mkLocalisation(t) } }) },
      bad: () => ({ url: '/api/v3/location/create', body: { libelle: '', markers: [{ libelle: 'Hors plan', x: 2, y: 0 }] } }),
    },
    update: {
      ok: {
        as: 'acmeAdmin',
        call: async (t) => ({ url: '/api/v3/location/update', body: { id: await mkLocalisation(t), libelle: 'Renommée', markers: [] } }),
        check: (j) => expect(j.libelle).toBe('Renommée'),
      },
      bad: () => ({ url: '/api/v3/location/update', body: { libelle: 'Sans id' } }),
    },
    delete: {
      ok: { as: 'acmeAdmin', call: async (t) => ({ url: `/api/v3/location/delete/${await mkLocalisation(t)}` }) },
      bad: () => ({ url: '/api/v3/location/delete/zero' }),
    },
    uploadImage: {
      ok: {
        as: 'acmeAdmin',
        call: async (t) => ({
          url: `/api/v3/location/${await mkLocalisation(t)}/image`,
          file: { name: 'plan.png', mime: 'image/png', content: PNG_1PX },
        }),
        check: (j) => expect(j.image).toMatchObject({ nom: 'plan.png', mime: 'image/png' }),
      },
      bad: async (t) => ({
        url: `/api/v3/location/${await mkLocalisation(t)}/image`,
        file: { name: 'plan.svg', mime: 'image/svg+xml', content: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') },
      }),
    },
    image: {
      ok: {
        as: 'acmeAdmin',
        call: async (t) => {
          const id = await mkLocalisation(t);
          expect((await uploadPlan(t, 'acmeAdmin', id, 'plan.png', 'image/png', PNG_1PX)).statusCode).toBe(200);
          return { url: `/api/v3/location/${id}/image` };
        },
      },
      bad: () => ({ url: '/api/v3/location/x/image' }),
    },
  },
});
