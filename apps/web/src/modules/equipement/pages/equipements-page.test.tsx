import type { Equipement, EquipementChamp } from '@app/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionFixture } from '../../../test/fixtures.ts';
import { jsonResponse, renderWithProviders } from '../../../test/render.tsx';
import { stubServer } from '../../../test/stub-server.ts';
import { SessionGate } from '../../auth/index.ts';
import { EquipementsPage } from './equipements-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const node = (id: number, parentId: number | null, name: string) => ({
  id,
  parentId,
  idx: 0,
  name,
  number: null,
  type: 'equipment' as const,
  status: 'initial' as const,
  icon: null,
  color: null,
  childCount: 0,
});
const NODES = [
  node(1, null, 'Site Lyon'),
  node(5, null, 'Atelier'),
  node(2, 1, 'TGBT atelier'),
  node(3, 1, 'Poste HTA'),
  node(4, 2, 'Départ moteurs'),
];

function equipementFixture(id: number, name: string, overrides: Partial<Equipement> = {}): Equipement {
  return {
    id,
    parentId: null,
    idx: 0,
    type: 'equipment',
    name,
    number: null,
    rfid: null,
    unit: null,
    comment: null,
    articleId: null,
    geoData: { latitude: null, longitude: null },
    marker: { localisationId: null, x: null, y: null },
    status: 'initial',
    etatInitial: null,
    etatEnCours: null,
    gammeId: null,
    icon: null,
    color: null,
    text1: null,
    text2: null,
    text3: null,
    text4: null,
    domaineTension: null,
    hideRisquesParent: false,
    displayPrevious: false,
    version: 3,
    childCount: 0,
    path: [id],
    ancestors: [],
    pointsIsolement: [],
    abilities: { read: true, create: true, update: true, delete: true },
    ...overrides,
  };
}

function setup(options: { champs?: EquipementChamp[]; detail?: Equipement; route?: string; deleteAnswer?: () => unknown } = {}) {
  const session = sessionFixture({
    menuItems: [{ id: '7', slug: 'equipements', libelle: 'Ouvrages', parentId: null, idx: 3, logiciel: null }],
  });
  // The server's tree: an arrange puts the given ids in that order under their parent.
  let nodes = NODES.map((n) => ({ ...n }));
  const calls = stubServer({
    'GET /api/getConnectedUser': () => session,
    'GET /api/v2/equipement/get': (c) => {
      const search = new URL(c.url, 'http://x').searchParams.get('search');
      if (search === 'depart') return { form: 'full', total: 5, nodes: [NODES[0], NODES[2], NODES[4]], matchIds: [4] };
      return { form: 'full', total: 5, nodes, matchIds: null };
    },
    'GET /api/v2/equipement/get/*': (c) => {
      const id = Number(c.url.split('?')[0]?.split('/').pop());
      return options.detail ?? equipementFixture(id, NODES.find((n) => n.id === id)?.name ?? '?');
    },
    'GET /api/v2/equipement/champs': () => options.champs ?? [],
    'DELETE /api/v2/equipement/delete/*': options.deleteAnswer ?? (() => ({ message: 'Équipement supprimé.' })),
    'PUT /api/v2/equipement/arrange': (c) => {
      const { parentId, ids } = c.body as { parentId: number | null; ids: number[] };
      const moved = ids.map((id) => ({ ...(nodes.find((n) => n.id === id) as (typeof nodes)[number]), parentId }));
      const rest = nodes.filter((n) => !ids.includes(n.id));
      const at = rest.findIndex((n) => n.parentId === parentId);
      nodes = at < 0 ? [...rest, ...moved] : [...rest.slice(0, at), ...moved, ...rest.slice(at)];
      return { message: 'Équipements ordonnés.' };
    },
    'PUT /api/v2/equipement/update': () => jsonResponse(409, { message: 'Conflit de version', code: 'CONFLICT', detail: null }),
  });
  renderWithProviders(
    <SessionGate>
      <Routes>
        <Route path="/app/equipements" element={<EquipementsPage />} />
        <Route path="/app/equipements/:id" element={<EquipementsPage />} />
      </Routes>
    </SessionGate>,
    { route: options.route ?? '/app/equipements' },
  );
  return calls;
}

describe('EquipementsPage — tree', () => {
  it('is named by the company’s word for equipment (the menu entry’s label)', async () => {
    setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'Ouvrages' })).toBeInTheDocument();
    expect(await screen.findByRole('tree', { name: 'Ouvrages' })).toBeInTheDocument();
  });

  it('moves with the arrows, opens and closes with right and left, and opens the detail with Enter', async () => {
    setup();
    const tree = await screen.findByRole('tree', { name: 'Ouvrages' });
    expect(screen.getAllByRole('treeitem').map((r) => r.textContent)).toEqual(['Site Lyon', 'Atelier']);
    tree.focus();
    fireEvent.keyDown(tree, { key: 'ArrowRight' });
    await waitFor(() => expect(screen.getAllByRole('treeitem')).toHaveLength(4));
    expect(screen.getByRole('treeitem', { name: /Site Lyon/ })).toHaveAttribute('aria-expanded', 'true');
    fireEvent.keyDown(tree, { key: 'ArrowDown' });
    expect(tree).toHaveAttribute('aria-activedescendant', 'equipement-node-2');
    fireEvent.keyDown(tree, { key: 'ArrowLeft' });
    expect(tree).toHaveAttribute('aria-activedescendant', 'equipement-node-1');
    fireEvent.keyDown(tree, { key: 'ArrowLeft' });
    await waitFor(() => expect(screen.getAllByRole('treeitem')).toHaveLength(2));
    fireEvent.keyDown(tree, { key: 'End' });
    fireEvent.keyDown(tree, { key: 'Enter' });
    expect(await screen.findByRole('heading', { level: 2, name: 'Atelier' })).toBeInTheDocument();
    expect(screen.getByRole('treeitem', { name: /Atelier/ })).toHaveAttribute('aria-selected', 'true');
  });

  it('searches on the server, highlights the match and opens its ancestors', async () => {
    const calls = setup();
    fireEvent.change(await screen.findByRole('textbox', { name: "Rechercher dans l'arbre" }), { target: { value: 'depart' } });
    expect(await screen.findByText('1 équipement trouvé')).toBeInTheDocument();
    const mark = await screen.findByText('Départ', { selector: 'mark' });
    expect(mark.closest('[role="treeitem"]')).toHaveAttribute('aria-level', '3');
    expect(calls.some((c) => c.url.includes('search=depart'))).toBe(true);
  });

  it('asks before deleting and shows the server’s refusal (409) in the dialog', async () => {
    setup({
      deleteAnswer: () =>
        jsonResponse(409, {
          message: 'Suppression impossible : « TGBT atelier » a encore 1 enfant et 2 processus.',
          code: 'CONFLICT',
          detail: null,
        }),
    });
    await screen.findByRole('tree');
    fireEvent.click(screen.getByRole('button', { name: 'Actions de Site Lyon' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Supprimer' }));
    const dialog = await screen.findByRole('dialog', { name: "Supprimer l'équipement" });
    expect(within(dialog).getByText(/Supprimer « Site Lyon » \?/)).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Supprimer' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('a encore 1 enfant et 2 processus');
  });

  it('moves a node down with the row menu (keyboard alternative to dragging)', async () => {
    const calls = setup();
    const tree = await screen.findByRole('tree');
    tree.focus();
    fireEvent.keyDown(tree, { key: 'ArrowRight' });
    await waitFor(() => expect(screen.getAllByRole('treeitem')).toHaveLength(4));
    fireEvent.click(screen.getByRole('button', { name: 'Actions de TGBT atelier' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Descendre' }));
    await waitFor(() => expect(calls.find((c) => c.url === '/api/v2/equipement/arrange')?.body).toEqual({ parentId: 1, ids: [3, 2] }));
    expect(screen.getAllByRole('treeitem').map((r) => r.textContent)).toEqual(['Site Lyon', 'Poste HTA', 'TGBT atelier', 'Atelier']);
  });
});

describe('EquipementsPage — detail', () => {
  it('renders each free field by its data type: a list of choices, a day, a text for an unknown type; empty ones empty', async () => {
    setup({
      route: '/app/equipements/5',
      champs: [
        { code: 'text1', libelle: 'Fabricant', dataType: 'select', options: ['ABB', 'Schneider'] },
        { code: 'text2', libelle: 'Mise en service', dataType: 'date', options: [] },
        { code: 'text3', libelle: 'Référence', dataType: 'text', options: [] },
      ],
      detail: equipementFixture(5, 'Atelier', { text1: 'Legrand', text2: '2024-03-15', text3: '[]', text4: '' }),
    });
    // A select: its value stored before the options changed stays readable.
    expect(await screen.findByRole('combobox', { name: 'Fabricant' })).toHaveValue('Legrand');
    expect(screen.getByRole('textbox', { name: 'Mise en service' })).toHaveValue('15/03/24');
    expect(screen.getByRole('textbox', { name: 'Référence' })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: 'Champ 4' })).toHaveValue('');
    expect(screen.getByRole('tab', { name: "Points d'isolement" })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Droits' })).toBeInTheDocument();
  });

  it('sends the version read and says « modifié entre-temps, rechargez » on a stale one (409)', async () => {
    const calls = setup({ route: '/app/equipements/5' });
    const name = await screen.findByRole('textbox', { name: 'Nom' });
    fireEvent.change(name, { target: { value: 'Atelier mécanique' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText(/modifié entre-temps, rechargez/)).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/v2/equipement/update')?.body).toMatchObject({ id: 5, version: 3, name: 'Atelier mécanique' });
  });
});
