import type { ProcessSearch } from '@app/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { listRowFixture, sessionFixture } from '../../../test/fixtures.ts';
import { matchMediaStub } from '../../../test/media.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { stubServer } from '../../../test/stub-server.ts';
import { SessionGate } from '../../auth/index.ts';
import type { SearchRow } from '../liste.queries.ts';
import { ListePage } from './liste-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const row = (id: number, nom: string, extra: Partial<SearchRow> = {}): SearchRow => ({
  ...listRowFixture(id, {
    nomProcess: nom,
    equipementLastItemString: 'TGBT atelier',
    preparateur: 'Camille Moreau',
    dateDebutInteger: 20261124,
    dateFinInteger: 20261125,
  }),
  status: 'Demande',
  typeConsignation: 1,
  ...extra,
});

function setup(variant = 'MES_CONSIGNATIONS', settings: Record<string, unknown> = {}) {
  const calls = stubServer({
    'GET /api/getConnectedUser': () => sessionFixture({ settings }),
    'GET /api/v2/workflow/get_workflows': () => [{ id: 7, libelle: 'Consignation électrique', package: 'mc', locked: false, nbEtapes: 3 }],
    'GET /api/utilisateurs/get_utilisateurs/*': () => [{ id: 4, nom: 'Moreau', prenom: 'Camille', fullName: 'Camille Moreau' }],
    'POST /api/utilisateur/save_setting': (c) => c.body,
    'GET /api/entreprise/get_entreprises': () => [
      {
        id: 10,
        nom: 'Acme Énergie',
        partenaires: [
          { entrepriseId: 31, nom: 'Gamma Services', type: 'prestataire' },
          { entrepriseId: 32, nom: 'Fournitures Delta', type: 'fournisseur' },
          { entrepriseId: 30, nom: 'Echafaudages Bravo', type: 'prestataire' },
        ],
      },
      { id: 31, nom: 'Gamma Services', partenaires: [] },
    ],
    'POST /api/process/search_by_paging': (c) => {
      const body = c.body as ProcessSearch;
      const second = body.cursor === 'c2';
      return {
        items: second ? [row(3, 'Troisième')] : [row(12, 'Consignation TGBT'), row(5, 'Pompe P12', { lockedProcess: true })],
        total: 150,
        totalExact: true,
        nextCursor: second ? null : 'c2',
        perPage: body.perPage,
        offset: 0,
      };
    },
  });
  renderWithProviders(
    <SessionGate>
      <Routes>
        <Route path="/app/listes/:variant" element={<ListePage />} />
        <Route path="/app/processus/:id" element={<p>Processus ouvert</p>} />
      </Routes>
    </SessionGate>,
    { route: `/app/listes/${variant}` },
  );
  const searches = () => calls.filter((c) => c.url.startsWith('/api/process/search_by_paging')).map((c) => c.body as ProcessSearch);
  return { calls, searches };
}

describe('ListePage', () => {
  it('shows the variant columns, numbers divided by 100, dd/MM/yy dates and sequenced rows', async () => {
    const { searches } = setup();
    const table = await screen.findByRole('table', { name: 'Mes consignations' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['N°', 'Nom', 'Équipement', 'Workflow', 'Type de consignation', 'Début', 'Fin', 'Statut', 'Préparateur']);
    const first = await within(table).findByRole('row', { name: 'Consignation TGBT' });
    expect(within(first).getByText('12')).toBeInTheDocument();
    expect(within(first).getByText('24/11/26')).toBeInTheDocument();
    expect(within(first).getByText('Consignation')).toBeInTheDocument();
    expect(within(within(table).getByRole('row', { name: 'Pompe P12' })).getByText('Séquencé')).toBeInTheDocument();
    expect(screen.getByText('150 processus')).toBeInTheDocument();
    expect(searches()[0]).toMatchObject({
      variant: 'MES_CONSIGNATIONS',
      perPage: 100,
      offset: 0,
      cursor: null,
      sort: { key: 'numero', order: 'desc' },
    });
  });

  it('sorts by a header and saves the sort; the next page uses the cursor of the previous one', async () => {
    const { calls, searches } = setup();
    await screen.findByRole('row', { name: 'Consignation TGBT' });
    fireEvent.click(screen.getByRole('button', { name: 'Début' }));
    await waitFor(() => expect(searches().at(-1)?.sort).toEqual({ key: 'dateDebut', order: 'asc' }));
    const saved = calls.find((c) => c.url === '/api/utilisateur/save_setting')?.body as {
      settings: { tables: Record<string, { sort: unknown }> };
    };
    expect(saved.settings.tables.MES_CONSIGNATIONS.sort).toEqual({ key: 'dateDebut', order: 'asc' });
    await screen.findByRole('row', { name: 'Consignation TGBT' });
    await waitFor(() => expect(screen.getByRole('table', { name: 'Mes consignations' })).toHaveAttribute('aria-busy', 'false'));
    fireEvent.click(screen.getByRole('button', { name: '2' }));
    await screen.findByRole('row', { name: 'Troisième' });
    expect(searches().at(-1)).toMatchObject({ cursor: 'c2', offset: 0 });
  });

  it('on a phone, folds the filters but the search into a closed « Filtres (n actifs) » panel', async () => {
    const phone = matchMediaStub((query) => query.includes('max-width'));
    vi.stubGlobal('matchMedia', phone);
    setup();
    await screen.findByRole('row', { name: 'Consignation TGBT' });
    const toggle = screen.getByRole('button', { name: 'Filtres (0 actif)' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('textbox', { name: 'Rechercher' })).toBeVisible();
    expect(screen.queryByRole('textbox', { name: 'Équipement' })).not.toBeInTheDocument();
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    fireEvent.change(await screen.findByRole('textbox', { name: 'Équipement' }), { target: { value: 'pompe' } });
    expect(await screen.findByRole('button', { name: 'Filtres (1 actif)' })).toBeInTheDocument();
  });

  it('on a desktop, shows every filter without a panel', async () => {
    setup();
    await screen.findByRole('row', { name: 'Consignation TGBT' });
    expect(screen.getByRole('textbox', { name: 'Équipement' })).toBeVisible();
    expect(screen.queryByRole('button', { name: /^Filtres/ })).not.toBeInTheDocument();
  });

  it('opens a process with Enter after moving with the arrow keys', async () => {
    setup();
    const first = await screen.findByRole('row', { name: 'Consignation TGBT' });
    first.focus();
    fireEvent.keyDown(first, { key: 'ArrowDown' });
    const second = screen.getByRole('row', { name: 'Pompe P12' });
    expect(second).toHaveFocus();
    fireEvent.keyDown(second, { key: 'Enter' });
    expect(await screen.findByText('Processus ouvert')).toBeInTheDocument();
  });

  it('filters PERMIS by contractor company (the partners of type prestataire), not MES_CONSIGNATIONS', async () => {
    const { searches } = setup('PERMIS');
    await screen.findByRole('table');
    const picker = await screen.findByLabelText('Prestataire', { selector: 'input' });
    fireEvent.click(picker);
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toEqual(['Echafaudages Bravo', 'Gamma Services']);
    fireEvent.click(screen.getByRole('option', { name: 'Gamma Services' }));
    await waitFor(() => expect(searches().at(-1)?.filters.prestataireIds).toEqual([31]));
  });

  it('sends only the saved workflows that still exist (a deleted one would be refused by the server)', async () => {
    const { searches } = setup('MES_CONSIGNATIONS', { tables: { MES_CONSIGNATIONS: { workflows: [7, 99] } } });
    await screen.findByRole('table');
    await waitFor(() => expect(searches().at(-1)?.filters.processModeleIds).toEqual([7]));
  });

  it('offers no contractor filter where the variant has none', async () => {
    setup('MES_CONSIGNATIONS');
    await screen.findByRole('table');
    expect(screen.queryByLabelText('Prestataire', { selector: 'input' })).toBeNull();
  });

  it.each([
    ['MES_CONSIGNATIONS', ['Début', 'Fin']],
    ['MES_HABILITATIONS', ['Date de demande', 'Date de validation']],
  ])('%s offers its own date filters', async (variant, labels) => {
    setup(variant);
    await screen.findByRole('table');
    for (const label of labels) expect(screen.getByRole('combobox', { name: `${label} — période` })).toBeInTheDocument();
  });
});
