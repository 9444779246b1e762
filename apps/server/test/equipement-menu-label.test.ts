import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const equipementEntry = async () => {
  const s = (await t.req('acmeTechnicien', 'GET', '/api/getConnectedUser')).json() as {
    menuItems: { slug: string; libelle: string }[];
    logiciels: object[];
  };
  return { entry: s.menuItems.find((m) => m.slug === 'equipements'), logiciels: s.logiciels };
};

describe('the equipment menu entry (S 16, S 41)', () => {
  it('is « Installation » by default, then the company’s custom name of its active software, for everyone', async () => {
    const before = await equipementEntry();
    expect(before.entry?.libelle).toBe('Installation');
    // The software list of the session stays {id, code, libelle}: the settings read for the label are not sent.
    for (const l of before.logiciels) expect(Object.keys(l).sort()).toEqual(['code', 'id', 'libelle']);

    const all = (await t.req('acmeAdmin', 'GET', '/api/entreprise_setting/get_all')).json() as {
      entrepriseLogiciels: { id: number; code: string; active: boolean; setting: { display: { equipment: object } } }[];
    };
    for (const l of all.entrepriseLogiciels) {
      const display = { ...l.setting.display, equipment: { ...l.setting.display.equipment, customName: '  Ouvrages  ' } };
      const r = await t.req('acmeAdmin', 'POST', '/api/entreprise_setting/update/entreprise_logiciel', {
        id: l.id,
        setting: { display },
      });
      expect(r.statusCode, r.body).toBe(200);
    }
    expect((await equipementEntry()).entry?.libelle).toBe('Ouvrages');

    for (const l of all.entrepriseLogiciels) {
      const display = { ...l.setting.display, equipment: { ...l.setting.display.equipment, customName: null } };
      await t.req('acmeAdmin', 'POST', '/api/entreprise_setting/update/entreprise_logiciel', { id: l.id, setting: { display } });
    }
    expect((await equipementEntry()).entry?.libelle).toBe('Installation');
  });
});
