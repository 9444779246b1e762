import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness.ts';

// The demo's « Mes relevés » (ticket 13): the software is active for Acme, its list shows real rows (the anomalies
// opened by the history's alarms, with their origin and their equipment), and the round workflow embeds the gamme.
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
}, 120_000);
afterAll(() => t?.close());

describe('demo readings', () => {
  it('the MES_RELEVE list shows the anomalies opened by out-of-range readings, with origin and the equipment’s last item', async () => {
    const r = await t.req('acmeAdmin', 'POST', '/api/process/search_by_paging?tz=Europe/Paris', { variant: 'MES_RELEVE', perPage: 50 });
    expect(r.statusCode, r.body).toBe(200);
    const items = r.json().items as { nomProcess: string; origin: string | null; equipementLastItemString: string | null }[];
    const anomalies = items.filter((i) => i.nomProcess.startsWith('Relevé hors plage'));
    expect(anomalies.length).toBeGreaterThan(0);
    for (const a of anomalies) {
      expect(a.origin).toMatch(/^Relevé \(alarme\) : /);
      // The equipment's last item: the compressor read, an equipment of the registry.
      expect(a.equipementLastItemString).toMatch(/^Compresseur/);
    }
    expect(items.some((i) => i.nomProcess === 'Ronde compresseurs du jour')).toBe(true);
  });

  it('the round workflow’s first step embeds the gamme « Ronde compresseurs », its second step the vibrations only', async () => {
    const wfs = await t.req('acmeAdmin', 'GET', '/api/v2/workflow/get_workflows_for_edition');
    const wf = wfs.json().find((w: { libelle: string }) => w.libelle === 'Ronde compresseurs');
    const [s1, s2] = wf.etapes;
    const whole = s1.metriques.find((m: { dataType: string }) => m.dataType === 'gamme_releves');
    const part = s2.metriques.find((m: { dataType: string }) => m.dataType === 'etape_gamme_releves');
    const gammes = (await t.req('acmeAdmin', 'GET', '/api/gamme/get_all')).json();
    const ronde = gammes.find((g: { libelle: string }) => g.libelle === 'Ronde compresseurs');
    expect(whole.propertyValues.gammeId).toBe(ronde.id);
    const points = (await t.req('acmeAdmin', 'GET', `/api/v2/gamme-modele-metrique/get/${ronde.id}`)).json();
    const vibrations = points.filter((p: { nom: string }) => p.nom.startsWith('Vibrations')).map((p: { id: number }) => p.id);
    expect(part.propertyValues.gammePointIds).toEqual(vibrations);
  });

  it('Acme’s menu has « Mes relevés »', async () => {
    const me = (await t.req('acmeAdmin', 'GET', '/api/getConnectedUser')).json();
    expect(JSON.stringify(me)).toContain('mes-releves');
  });
});

describe('demo habilitation requests (ticket 14)', () => {
  it('the MES_HABILITATIONS list shows each request with its levels (niveaux) from its process habilitations', async () => {
    const r = await t.req('acmeAdmin', 'POST', '/api/process/search_by_paging?tz=Europe/Paris', {
      variant: 'MES_HABILITATIONS',
      perPage: 50,
    });
    expect(r.statusCode, r.body).toBe(200);
    const items = r.json().items as { nomProcess: string; niveaux: string | null }[];
    expect(items.map((i) => [i.nomProcess, i.niveaux]).sort()).toEqual([
      ['Habilitation B1V — Nadia Haddad (peinture du poste HTA)', 'B1V, H0V'],
      ['Habilitation BR — Gilles Bernard (dépannage des armoires)', 'BE Mesurage, BR'],
    ]);
  });
});
