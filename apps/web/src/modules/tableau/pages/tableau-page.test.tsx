import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ALL_ABILITIES,
  boardFixture,
  cadenasFixture,
  listRowFixture,
  lockoutModelFixture,
  READ_ABILITIES,
  sessionFixture,
} from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { stubServer } from '../../../test/stub-server.ts';
import { SessionGate } from '../../auth/index.ts';
import type { Affichage, Filtre, TableauRow } from '../tableau.queries.ts';
import { TableauPage } from './tableau-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const model = lockoutModelFixture([cadenasFixture({ required: true })]);
const board = (abilities = ALL_ABILITIES) => boardFixture(3, 'Consignations en cours', abilities, { icon: 'bolt', idx: 0 });

const row = (id: number, nom: string, extra: Partial<TableauRow> = {}): TableauRow => ({
  ...listRowFixture(id, {
    nomProcess: nom,
    preparateur: 'Camille Moreau',
    dateDebutInteger: 20261124,
    dateFinInteger: 20261125,
    latestStatus: 'Condamnation',
    currentEtapeOrdre: 3,
    lastModifyAt: '2026-11-24T10:00:00Z',
  }),
  status: null,
  typeConsignation: null,
  valeurs: { '31': null },
  ...extra,
});

const ROWS = [
  row(14, 'Consignation TGBT atelier', { valeurs: { '31': 'C-104, C-105' } }),
  row(13, 'Consignation transformateur T2', { etat: 'termine', latestStatus: 'Terminé' }),
  row(12, 'Consignation pompe P12'),
];

function setup(options: { abilities?: typeof ALL_ABILITIES; filtres?: Filtre[]; affichages?: Affichage[] } = {}) {
  let filtres: Filtre[] = options.filtres ?? [
    { id: 5, tableauId: 3, nom: 'En cours', criteres: [{ champ: 'etat', operateur: 'equals', valeur: 'en_cours' }], idx: 0 },
  ];
  const calls = stubServer({
    'GET /api/getConnectedUser': () => sessionFixture(),
    'GET /api/v2/tableau/get/3': () => board(options.abilities),
    'GET /api/v2/filtre/get': () => filtres,
    'GET /api/v2/affichage/get': () => options.affichages ?? [],
    'GET /api/v2/etat_process/get': () => [
      { etat: 'en_cours', libelle: 'En cours', count: 2 },
      { etat: 'termine', libelle: 'Terminé', count: 1 },
      { etat: 'inactif', libelle: 'Inactif', count: 0 },
    ],
    'GET /api/v3/process/get_for_tableau': (c) => {
      const q = new URL(c.url, 'http://x').searchParams;
      let items = c.url.includes('filtreId=') ? ROWS.filter((r) => r.etat === 'en_cours') : ROWS;
      // The server sorts: by name when asked, else newest number first.
      if (q.get('sort') === 'nomProcess')
        items = [...items].sort((a, b) => a.nomProcess.localeCompare(b.nomProcess) * (q.get('order') === 'asc' ? 1 : -1));
      return { items, total: items.length, totalExact: true, offset: 0, perPage: 100 };
    },
    'GET /api/v2/workflow/get_workflows': () => [{ id: 7, libelle: 'Consignation électrique', package: 'mc', locked: false, nbEtapes: 9 }],
    'GET /api/v2/workflow/get_fields': () => [model],
    'GET /api/utilisateurs/get_utilisateurs/*': () => [{ id: 4, nom: 'Moreau', prenom: 'Camille', fullName: 'Camille Moreau' }],
    'POST /api/v2/filtre/create': (c) => {
      const f = { id: 6, tableauId: 3, idx: 1, ...(c.body as Pick<Filtre, 'nom' | 'criteres'>) };
      filtres = [...filtres, f];
      return f;
    },
    'PUT /api/v2/affichage/update': (c) => {
      const b = c.body as Partial<Affichage> & { id: number };
      const before = (options.affichages ?? []).find((a) => a.id === b.id) as Affichage;
      return { ...before, ...b };
    },
    'DELETE /api/v2/filtre/delete/*': () => {
      filtres = [];
      return { message: 'Filtre supprimé avec succès.', id: 5 };
    },
  });
  renderWithProviders(
    <SessionGate>
      <Routes>
        <Route path="/app/tableaux/:id" element={<TableauPage />} />
        <Route path="/app/processus/:id" element={<p>Processus ouvert</p>} />
      </Routes>
    </SessionGate>,
    { route: '/app/tableaux/3' },
  );
  const rowsCalls = () => calls.filter((c) => c.url.startsWith('/api/v3/process/get_for_tableau')).map((c) => c.url);
  return { calls, rowsCalls };
}

const table = () => screen.findByRole('table', { name: 'Consignations en cours' });
const headers = async () =>
  within(await table())
    .getAllByRole('columnheader')
    .map((h) => h.textContent);

describe('TableauPage', () => {
  it('shows the state counts and the rows with the board field as a column; a filter tab narrows them', async () => {
    const { rowsCalls } = setup();
    const first = await screen.findByRole('row', { name: 'Consignation TGBT atelier' });
    expect(await headers()).toEqual(['N°', 'Nom', 'Workflow', 'Statut', 'Début', 'Fin', 'Préparateur', 'Numéros des cadenas']);
    expect(within(first).getByText('14')).toBeInTheDocument();
    expect(within(first).getByText('24/11/26')).toBeInTheDocument();
    expect(within(first).getByText('C-104, C-105')).toBeInTheDocument();
    expect(screen.getByText('En cours : 2')).toBeInTheDocument();
    expect(screen.getByText('Terminé : 1')).toBeInTheDocument();
    expect(screen.getByText('3 processus')).toBeInTheDocument();
    expect(rowsCalls()[0]).toBe(
      '/api/v3/process/get_for_tableau?tableauId=3&offset=0&perPage=100&sort=numero&order=desc&tz=Europe%2FParis',
    );

    expect(screen.getByRole('tab', { name: 'Tous' })).toHaveAttribute('aria-selected', 'true');
    fireEvent.click(screen.getByRole('tab', { name: 'En cours' }));
    await waitFor(() => expect(screen.queryByRole('row', { name: 'Consignation transformateur T2' })).toBeNull());
    expect(rowsCalls().at(-1)).toContain('filtreId=5');
    expect(screen.getByText('État est égal à En cours')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('row', { name: 'Consignation pompe P12' }));
    expect(await screen.findByText('Processus ouvert')).toBeInTheDocument();
  });

  it('applies a display: its columns, their order and its sort', async () => {
    const { rowsCalls } = setup({
      affichages: [
        {
          id: 8,
          tableauId: 3,
          nom: 'Compact',
          colonnes: [
            { key: 'metrique:31', visible: true },
            { key: 'nomProcess', visible: true },
            { key: 'numero', visible: false },
          ],
          tri: { key: 'nomProcess', order: 'asc' },
          personnel: false,
          idx: 0,
        },
      ],
    });
    await screen.findByRole('row', { name: 'Consignation TGBT atelier' });
    fireEvent.click(screen.getByRole('combobox', { name: 'Affichage' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Compact' }));
    await waitFor(async () => expect(await headers()).toEqual(['Numéros des cadenas', 'Nom']));
    const names = within(await table())
      .getAllByRole('row')
      .slice(1)
      .map((r) => r.getAttribute('aria-label'));
    expect(names).toEqual(['Consignation pompe P12', 'Consignation TGBT atelier', 'Consignation transformateur T2']);
    expect(screen.getByRole('columnheader', { name: 'Nom' })).toHaveAttribute('aria-sort', 'ascending');
    expect(rowsCalls().at(-1)).toContain('sort=nomProcess&order=asc');
  });

  it('adds a filter with a criterion on a board field, then deletes it after a confirmation', async () => {
    const { calls } = setup({ filtres: [] });
    await screen.findByRole('row', { name: 'Consignation TGBT atelier' });
    fireEvent.click(screen.getByRole('button', { name: 'Nouveau filtre' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nouveau filtre' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Nom du filtre' }), { target: { value: 'Cadenas posés' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ajouter un critère' }));
    fireEvent.click(within(dialog).getByRole('combobox', { name: 'Champ 1' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Numéros des cadenas' }));
    fireEvent.click(within(dialog).getByRole('combobox', { name: 'Opérateur 1' }));
    fireEvent.click(await screen.findByRole('option', { name: 'n’est pas vide' }));
    expect(within(dialog).queryByRole('textbox', { name: 'Valeur 1' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));

    const tab = await screen.findByRole('tab', { name: 'Cadenas posés' });
    await waitFor(() => expect(tab).toHaveAttribute('aria-selected', 'true'));
    expect(calls.find((c) => c.url === '/api/v2/filtre/create')?.body).toEqual({
      tableauId: 3,
      nom: 'Cadenas posés',
      criteres: [{ champ: 'metrique:31', operateur: 'not_empty' }],
    });
    expect(screen.getByText('Numéros des cadenas n’est pas vide')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Supprimer le filtre « Cadenas posés »' }));
    const confirm = await screen.findByRole('dialog', { name: 'Supprimer le filtre' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Supprimer' }));
    await waitFor(() => expect(screen.queryByRole('tab', { name: 'Cadenas posés' })).toBeNull());
    expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/v2/filtre/delete/6')).toBe(true);
    expect(screen.getByRole('tab', { name: 'Tous' })).toHaveAttribute('aria-selected', 'true');
  });

  it('lets a manager share a personal display', async () => {
    const { calls } = setup({ affichages: [{ id: 9, tableauId: 3, nom: 'Le mien', colonnes: [], tri: null, personnel: true, idx: 0 }] });
    await screen.findByRole('row', { name: 'Consignation TGBT atelier' });
    fireEvent.click(screen.getByRole('combobox', { name: 'Affichage' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Le mien (personnel)' }));
    fireEvent.click(await screen.findByRole('button', { name: "Modifier l'affichage « Le mien »" }));
    const dialog = await screen.findByRole('dialog', { name: /Le mien/ });
    const personnel = within(dialog).getByRole('switch', { name: /^Personnel/ });
    expect(personnel).toBeChecked();
    expect(personnel).toBeEnabled();
    fireEvent.click(personnel);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT' && c.url === '/api/v2/affichage/update')).toBe(true));
    expect(calls.find((c) => c.url === '/api/v2/affichage/update')?.body).toMatchObject({ id: 9, personnel: false });
  });

  it('hides the management controls from a reader, who may still keep a personal display', async () => {
    setup({
      abilities: READ_ABILITIES,
      affichages: [{ id: 8, tableauId: 3, nom: 'Partagé', colonnes: [], tri: null, personnel: false, idx: 0 }],
    });
    await screen.findByRole('row', { name: 'Consignation TGBT atelier' });
    fireEvent.click(screen.getByRole('tab', { name: 'En cours' }));
    await waitFor(() => expect(screen.queryByRole('row', { name: 'Consignation transformateur T2' })).toBeNull());
    expect(screen.queryByRole('button', { name: 'Nouveau filtre' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Modifier le filtre « En cours »' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Modifier le tableau' })).toBeNull();
    fireEvent.click(screen.getByRole('combobox', { name: 'Affichage' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Partagé' }));
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Affichage' })).toHaveValue('Partagé'));
    expect(screen.queryByRole('button', { name: "Modifier l'affichage « Partagé »" })).toBeNull();
    expect(screen.queryByRole('button', { name: "Supprimer l'affichage « Partagé »" })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Nouvel affichage' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nouvel affichage' });
    const personnel = within(dialog).getByRole('switch', { name: /^Personnel/ });
    expect(personnel).toBeChecked();
    expect(personnel).toBeDisabled();
  });
});
