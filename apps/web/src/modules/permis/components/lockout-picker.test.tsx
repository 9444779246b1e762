import type { ProcessSearch } from '@app/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { type StubCall, stubServer } from '../../../test/stub-server.ts';
import { iso, NOW, permisFixture } from '../permis.fixtures.ts';
import { PermisClock } from '../permis-clock.ts';
import { PermisTab } from './permis-tab.tsx';

// The lockouts a permit relies on: chosen among the company's lockouts in progress, searched on the server (the lists'
// search, « Mes consignations »), each shown with its number, name, equipment and state.

afterEach(() => vi.unstubAllGlobals());

const GET = 'GET /api/v2/permis/get/42';
const SEARCH = 'POST /api/process/search_by_paging';

const row = (id: number, numero: number, nomProcess: string, equipement: string | null, latestStatus: string) => ({
  id,
  numero: numero * 100,
  nomProcess,
  description: null,
  equipementLastItemString: equipement,
  firstPrestataireLibelle: null,
  processModeleId: 7,
  processModeleLibelle: 'Consignation électrique',
  preparateur: 'Camille Moreau',
  dateDebutInteger: 20261125,
  dateFinInteger: null,
  latestStatus,
  origin: null,
  nameConsignation: 'Consignation',
  niveaux: null,
  etat: 'en_cours',
  articles: null,
  quantity: null,
  fournisseur: null,
  dateSouhaitee: null,
  currentEtapeOrdre: 2,
  lockedProcess: false,
  lastModifyAt: iso(-60),
  status: 'CS',
  typeConsignation: 1,
});

/** The server's search: the lockouts whose name or number holds the words typed. */
function search(c: StubCall) {
  const body = c.body as ProcessSearch;
  const all = [
    row(9, 12, 'Consignation vapeur V12', 'Chaudière CH1', 'Attestation de consignation'),
    row(15, 31, 'Consignation TGBT atelier', 'TGBT atelier', 'Préparation'),
  ];
  const words = body.filters?.search?.toLowerCase();
  const items = words ? all.filter((r) => `${r.numero / 100} ${r.nomProcess}`.toLowerCase().includes(words)) : all;
  return { items, total: items.length, totalExact: true, nextCursor: null, perPage: body.perPage, offset: 0 };
}

function renderTab() {
  renderWithProviders(
    <PermisClock.Provider value={() => NOW}>
      <PermisTab processId={42} canUpdate />
    </PermisClock.Provider>,
  );
}

const picker = (dialog: HTMLElement) => within(dialog).getByRole('combobox', { name: "Consignations sur lesquelles il s'appuie" });

describe('the lockout picker of the permit form', () => {
  it('searches the company’s lockouts in progress on the server, shows number, name, equipment and state, and saves the links', async () => {
    const calls = stubServer({
      [GET]: () => ({ processId: 42, permis: null, validiteHeures: 8 }),
      [SEARCH]: search,
      'PUT /api/v2/permis/update': () => permisFixture({ etat: 'demande', etatEffectif: 'demande', signatures: [], actions: ['annuler'] }),
    });
    renderTab();
    fireEvent.click(await screen.findByRole('button', { name: 'Enregistrer le permis' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enregistrer le permis' });
    const input = picker(dialog);
    fireEvent.click(input);
    fireEvent.change(input, { target: { value: 'vapeur' } });
    const option = await screen.findByRole('option', {
      name: 'N° 12 — Consignation vapeur V12 · Chaudière CH1 · Attestation de consignation (CS)',
    });
    // Only the matching lockout is offered: the server filtered it.
    await waitFor(() => expect(screen.queryByRole('option', { name: /TGBT atelier/ })).toBeNull());
    const searched = calls.filter((c) => c.url.startsWith('/api/process/search_by_paging')).map((c) => c.body as ProcessSearch);
    expect(searched.at(-1)).toMatchObject({
      variant: 'MES_CONSIGNATIONS',
      filters: { etat: ['en_cours'], search: 'vapeur' },
      sort: { key: 'numero', order: 'desc' },
    });
    fireEvent.click(option);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ processId: 42, consignationIds: [9] });
  });

  it('shows the lockouts a requested permit already relies on, and saves without the one removed', async () => {
    const requested = permisFixture({ etat: 'demande', etatEffectif: 'demande', signatures: [], actions: ['delivrer', 'annuler'] });
    const calls = stubServer({
      [GET]: () => ({ processId: 42, permis: requested, validiteHeures: 8 }),
      [SEARCH]: search,
      'PUT /api/v2/permis/update': () => ({ ...requested, consignations: [] }),
    });
    renderTab();
    fireEvent.click(await screen.findByRole('button', { name: 'Modifier le permis' }));
    const dialog = await screen.findByRole('dialog', { name: 'Modifier le permis' });
    // The chosen lockout is shown as a pill with its equipment and its own state (Consignée).
    const pills = [...dialog.querySelectorAll<HTMLElement>('.mantine-Pill-root')];
    expect(pills.map((p) => p.textContent)).toEqual(['N° 12 — Consignation vapeur V12 · Chaudière CH1 · Consignée']);
    fireEvent.click(within(pills[0]).getByRole('button', { hidden: true }));
    await waitFor(() => expect(dialog.querySelectorAll('.mantine-Pill-root')).toHaveLength(0));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ consignationIds: [] });
  });

  it('pre-fills a new permit’s end with the company’s default validity, within the hot-work rule', async () => {
    stubServer({ [GET]: () => ({ processId: 42, permis: null, validiteHeures: 16 }), [SEARCH]: search });
    renderTab();
    fireEvent.click(await screen.findByRole('button', { name: 'Enregistrer le permis' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enregistrer le permis' });
    expect(within(dialog).getByText('Préremplie : 16 heures de validité par défaut.')).toBeInTheDocument();
    const fin = within(dialog).getByRole('textbox', { name: /^Fin de validité/ });
    // 11:00 in Paris + 16 h.
    expect(fin).toHaveValue('26/11/26 03:00');
    // A permis de feu « à la journée » ends the same day; « une opération » takes the default again.
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Permis de feu' }));
    expect(fin).toHaveValue('25/11/26 23:59');
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Une opération (5 jours au plus)' }));
    expect(fin).toHaveValue('26/11/26 03:00');
  });
});
