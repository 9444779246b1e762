// The workflow editor marks a field as the source of a process header value and sets a step's time rules (issue 12).
import type { Metrique, ProcessModele } from '@app/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { metriqueFixture, sessionFixture } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { stubServer } from '../../../test/stub-server.ts';
import { SessionGate } from '../../auth/index.ts';
import { WorkflowEditorPage } from '../pages/workflow-editor-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const field = (id: number, nom: string, dataType: string, idx: number, extra: Partial<Metrique> = {}): Metrique =>
  metriqueFixture(id, nom, dataType, { etape_id: 11, processModeleId: 7, idx, ...extra });

function model(): ProcessModele {
  const metriques = [
    field(1, 'Date souhaitée', 'date', 1),
    field(2, 'Ouvrage', 'equipment', 2, { propertyValues: { processField: 'equipement' } }),
    field(3, 'Remarque', 'textarea', 3),
  ];
  return {
    id: 7,
    libelle: 'Consignation',
    nom: 'Consignation',
    processModeleLibelle: 'Consignation',
    package: 'mc',
    config: { workflowModelsToCreate: [] },
    locked: false,
    version: 3,
    etapes: [
      {
        id: 11,
        nom: 'Demande',
        ordre: 1,
        processModeleId: 7,
        config: { isGammeDeReleves: false, canForward: false, canReturn: false, timeRules: { afterStart: true } },
        metriques,
        autorisations: [],
      },
    ],
    metriques,
    availableMetriques: [],
    abilities: { read: true, create: true, update: true, delete: true },
  };
}

function renderEditor() {
  const m = model();
  const calls = stubServer({
    'GET /api/getConnectedUser': () => sessionFixture(),
    'GET /api/v2/workflow/get_workflows_for_edition': () => [m],
    'GET /api/v2/workflow/get_workflows': () => [],
    'GET /api/v2/etape/get_referable_metriques/11': () => [],
    'PUT /api/v2/metrique/update': () => m.metriques[0],
    'PUT /api/v2/etape/update': () => m.etapes[0],
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

describe('the workflow editor and the process header', () => {
  it('marks a date field as the source of the start date, offering only what its kind may feed', async () => {
    const calls = renderEditor();
    fireEvent.click(await screen.findByRole('button', { name: 'Sélectionner le champ Date souhaitée' }));
    const source = await screen.findByRole('combobox', { name: "Alimente l'en-tête du processus" });
    fireEvent.click(source);
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Date de début', 'Date de fin', "Début d'intervention", "Fin d'intervention"]);
    fireEvent.click(screen.getByRole('option', { name: 'Date de début' }));
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer le champ Date souhaitée' }));
    await waitFor(() =>
      expect(calls.find((c) => c.url === '/api/v2/metrique/update')?.body).toMatchObject({
        id: 1,
        propertyValues: { processField: 'dateDebut' },
      }),
    );
  });

  it('shows a field’s marking and offers none for a kind that feeds nothing', async () => {
    renderEditor();
    fireEvent.click(await screen.findByRole('button', { name: 'Sélectionner le champ Ouvrage' }));
    expect(await screen.findByRole('combobox', { name: "Alimente l'en-tête du processus" })).toHaveValue('Équipement');
    fireEvent.click(screen.getByRole('button', { name: 'Sélectionner le champ Remarque' }));
    await screen.findByRole('button', { name: 'Enregistrer le champ Remarque' });
    expect(screen.queryByRole('combobox', { name: "Alimente l'en-tête du processus" })).not.toBeInTheDocument();
  });

  it('edits the step’s time rules', async () => {
    const calls = renderEditor();
    const after = await screen.findByRole('switch', { name: 'Après le début du processus' });
    expect(after).toBeChecked();
    fireEvent.change(screen.getByRole('textbox', { name: /Délai après la signature précédente/ }), { target: { value: '60' } });
    fireEvent.click(screen.getByRole('button', { name: "Enregistrer l'étape Demande" }));
    await waitFor(() =>
      expect(calls.find((c) => c.url === '/api/v2/etape/update')?.body).toMatchObject({
        id: 11,
        config: { timeRules: { afterStart: true, beforeEnd: false, minutesAfterPrevious: 60 } },
      }),
    );
  });
});
