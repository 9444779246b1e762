import { METRIQUE_TYPES, type Metrique, type ProcessModele } from '@app/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { metriqueFixture, sessionFixture } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { stubServer } from '../../../test/stub-server.ts';
import { SessionGate } from '../../auth/index.ts';
import { WorkflowEditorPage } from './workflow-editor-page.tsx';
import { WorkflowsPage } from './workflows-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const field = (id: number, nom: string, dataType: string, idx: number, extra: Partial<Metrique> = {}): Metrique =>
  metriqueFixture(id, nom, dataType, { etape_id: 11, processModeleId: 7, idx, ...extra });

function model(overrides: Partial<ProcessModele> = {}): ProcessModele {
  const metriques = [
    field(1, 'Travaux électriques', 'checkbox', 1),
    field(2, 'Habilitation', 'text', 2, {
      conditions: [{ effect: 'show', tests: [{ metriqueId: 1, operator: 'equals', value: 'true' }] }],
    }),
  ];
  return {
    id: 7,
    libelle: 'Autorisation de travail',
    nom: 'Autorisation de travail',
    processModeleLibelle: 'Autorisation de travail',
    package: null,
    config: { workflowModelsToCreate: [] },
    locked: false,
    version: 3,
    etapes: [
      {
        id: 12,
        nom: 'Validation',
        ordre: 2,
        processModeleId: 7,
        config: { isGammeDeReleves: false, canForward: false, canReturn: true },
        metriques: [],
        autorisations: [{ id: 5, etapeId: 12, type: 'validateur', utilisateurId: 3, profilId: null, serviceId: null, test: null }],
      },
      {
        id: 11,
        nom: 'Demande',
        ordre: 1,
        processModeleId: 7,
        config: { isGammeDeReleves: false, canForward: false, canReturn: false },
        metriques,
        autorisations: [],
      },
    ],
    metriques,
    availableMetriques: [],
    abilities: { read: true, create: true, update: true, delete: true },
    ...overrides,
  };
}

function renderEditor(m: ProcessModele) {
  const calls = stubServer({
    'GET /api/getConnectedUser': () => sessionFixture(),
    'GET /api/v2/workflow/get_workflows_for_edition': () => [m],
    'GET /api/v2/etape/get_referable_metriques/11': () => [],
    'GET /api/utilisateurs/get_utilisateurs/10': () => [{ id: 3, nom: 'Lefèvre', prenom: 'Bruno', fullName: 'Bruno Lefèvre' }],
    'GET /api/profil_modele/get_all': () => [],
    'GET /api/v2/service_modele/get': () => [],
    'PUT /api/v2/etape/assign_metrique': (c) => field(9, 'Texte court', 'text', 3, { etape_id: (c.body as { etapeId: number }).etapeId }),
    'PUT /api/v2/etape/arrange_metriques': () => [],
  });
  renderWithProviders(
    <SessionGate>
      <Routes>
        <Route path="/app/workflows/:id" element={<WorkflowEditorPage />} />
      </Routes>
    </SessionGate>,
    { route: '/app/workflows/7' },
  );
  return calls;
}

describe('WorkflowEditorPage', () => {
  it('lists steps in order, adds a field from the palette, reorders fields and previews conditions', async () => {
    const calls = renderEditor(model());
    const steps = await screen.findByRole('list', { name: 'Étapes' });
    expect(
      within(steps)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([expect.stringContaining('1. Demande'), expect.stringContaining('2. Validation')]);
    expect(screen.getByRole('button', { name: "Monter l'étape Demande" })).toBeDisabled();
    // The step's fields are a list of list items (ol > li), in form order, each still draggable. The step's column is
    // written in the commit after the steps and the palette (issue 16).
    const champs = await screen.findByRole('list', { name: "Champs de l'étape Demande" });
    expect(champs.tagName).toBe('OL');
    expect([...champs.children].map((c) => c.tagName)).toEqual(['LI', 'LI']);
    expect(
      within(champs)
        .getAllByRole('listitem')
        .map((li) => li.querySelector('[draggable="true"]') !== null),
    ).toEqual([true, true]);

    fireEvent.click(screen.getByRole('button', { name: 'Ajouter le champ Texte court' }));
    await waitFor(() => expect(calls.some((c) => c.url === '/api/v2/etape/assign_metrique')).toBe(true));
    expect(calls.find((c) => c.url === '/api/v2/etape/assign_metrique')?.body).toEqual({
      etapeId: 11,
      nom: 'Texte court',
      dataType: 'text',
    });

    fireEvent.click(screen.getByRole('button', { name: 'Descendre le champ Travaux électriques' }));
    await waitFor(() => expect(calls.find((c) => c.url === '/api/v2/etape/arrange_metriques')?.body).toEqual({ etapeId: 11, ids: [2, 1] }));

    fireEvent.click(screen.getByRole('tab', { name: 'Aperçu' }));
    const preview = await screen.findByRole('group', { name: "Aperçu de l'étape Demande" });
    expect(within(preview).queryByRole('textbox', { name: 'Habilitation' })).not.toBeInTheDocument();
    expect(screen.getByText('1 champ masqué par sa configuration ou ses conditions')).toBeInTheDocument();
    fireEvent.click(within(preview).getByRole('checkbox', { name: 'Travaux électriques' }));
    expect(await within(preview).findByRole('textbox', { name: 'Habilitation' })).toBeInTheDocument();
  });

  it('shows the named validator and the rules semantics', async () => {
    renderEditor(model());
    fireEvent.click(await screen.findByRole('button', { name: /2\. Validation/ }));
    fireEvent.click(screen.getByRole('tab', { name: "Règles d'autorisation" }));
    expect(await screen.findByText('Validateur nommé : Bruno Lefèvre')).toBeInTheDocument();
    expect(screen.getByText(/sont des alternatives/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Supprimer la règle Validateur nommé : Bruno Lefèvre' })).toBeInTheDocument();
  });

  it('a locked model shows its badge and offers only unlocking', async () => {
    renderEditor(model({ locked: true }));
    expect(await screen.findByText('Verrouillé')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Déverrouiller' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ajouter le champ Texte court' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: "Supprimer l'étape Demande" })).not.toBeInTheDocument();
    expect(await screen.findByRole('textbox', { name: "Nom de l'étape" })).toBeDisabled();
  });

  it('a long step and the palette end up whole, written in slices after the first screen (issue 16)', async () => {
    const many = Array.from({ length: 30 }, (_, i) => field(100 + i, `Champ ${i + 1}`, 'text', i + 1));
    const m = model();
    renderEditor({ ...m, metriques: many, etapes: m.etapes.map((e) => (e.id === 11 ? { ...e, metriques: many } : e)) });
    const champs = await screen.findByRole('list', { name: "Champs de l'étape Demande" });
    await waitFor(() => expect(champs.children).toHaveLength(30));
    expect(
      within(champs)
        .getAllByRole('button', { name: /^Sélectionner le champ/ })
        .map((b) => b.textContent),
    ).toEqual(many.map((f) => f.nom));
    const palette = screen.getByRole('list', { name: 'Types de champ' });
    await waitFor(() => expect(within(palette).getAllByRole('listitem')).toHaveLength(METRIQUE_TYPES.length));
    // Each row's icons are drawn once for the page (two elements per icon).
    const up = screen.getByRole('button', { name: 'Descendre le champ Champ 1' });
    expect(up.querySelectorAll('svg *')).toHaveLength(1);
  });

  it('without the update ability nothing is editable and nothing can be unlocked', async () => {
    renderEditor(model({ abilities: { read: true, create: false, update: false, delete: false } }));
    await screen.findByRole('list', { name: 'Étapes' });
    expect(screen.queryByRole('button', { name: /Verrouiller|Déverrouiller/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: "Ajouter l'étape" })).not.toBeInTheDocument();
  });
});

describe('WorkflowsPage', () => {
  it('lists models with their lock and actions from their abilities', async () => {
    stubServer({
      'GET /api/getConnectedUser': () => sessionFixture(),
      'GET /api/v2/workflow/get_workflows': () => [
        {
          id: 1,
          libelle: 'Permis de feu',
          package: 'permis',
          locked: true,
          nbEtapes: 6,
          abilities: { read: true, create: true, update: true, delete: true },
        },
        {
          id: 2,
          libelle: 'Lecture seule',
          package: null,
          locked: false,
          nbEtapes: 1,
          abilities: { read: true, create: false, update: false, delete: false },
        },
      ],
    });
    renderWithProviders(
      <SessionGate>
        <WorkflowsPage />
      </SessionGate>,
    );
    expect(await screen.findByRole('link', { name: 'Permis de feu' })).toHaveAttribute('href', '/app/workflows/1');
    expect(screen.getByText('Verrouillé')).toBeInTheDocument();
    // The software by its name, not its code.
    const permis = screen.getByRole('row', { name: /Permis de feu/ });
    expect(within(permis).getByText('Permis')).toBeInTheDocument();
    expect(within(permis).queryByText('permis')).toBeNull();
    expect(screen.getByRole('button', { name: 'Déverrouiller Permis de feu' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Supprimer Lecture seule' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Supprimer Permis de feu' }));
    expect(await screen.findByRole('dialog')).toHaveTextContent('Le workflow « Permis de feu »');
  });
});
