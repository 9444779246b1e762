// The workflow editor sets a reading field's gamme and, for a part of a round, the points its step covers (ticket 13).
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

const field = (id: number, nom: string, dataType: string, idx: number): Metrique =>
  metriqueFixture(id, nom, dataType, { etape_id: 11, processModeleId: 7, idx });

function model(): ProcessModele {
  const metriques = [field(1, 'Ronde entière', 'gamme_releves', 1), field(2, 'Vibrations', 'etape_gamme_releves', 2)];
  return {
    id: 7,
    libelle: 'Ronde',
    nom: 'Ronde',
    processModeleLibelle: 'Ronde',
    package: 'mr',
    config: { workflowModelsToCreate: [] },
    locked: false,
    version: 1,
    etapes: [
      {
        id: 11,
        nom: 'Ronde',
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
  };
}

const gamme = (id: number, libelle: string) => ({
  id,
  entrepriseId: 10,
  libelle,
  client: null,
  duree: null,
  logicielId: 1,
  nbPoints: 2,
  nbLignes: 0,
  version: 0,
  createdAt: '2026-11-20T08:00:00.000Z',
});
const point = (id: number, idx: number, nom: string) => ({
  id,
  gammeId: 5,
  nom,
  dataType: 'number',
  idx,
  propertyValues: {},
  equipementId: 100,
  equipementName: 'Compresseur C1',
  unite: 'mm/s',
  min: null,
  max: null,
  lowWarning: null,
  highWarning: null,
  obligatoire: false,
  workflowModelsToCreate: [],
  version: 0,
  precedent: null,
});

function renderEditor() {
  const m = model();
  const calls = stubServer({
    'GET /api/getConnectedUser': () => sessionFixture(),
    'GET /api/v2/workflow/get_workflows_for_edition': () => [m],
    'GET /api/v2/workflow/get_workflows': () => [],
    'GET /api/v2/etape/get_referable_metriques/11': () => [],
    'GET /api/gamme/get_all': () => [gamme(5, 'Ronde compresseurs'), gamme(6, 'Ronde chaufferie')],
    'GET /api/v2/gamme-modele-metrique/get/5': () => [point(52, 2, 'Vibrations C1'), point(51, 1, 'Pression C1')],
    'PUT /api/v2/metrique/update': () => m.metriques[0],
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

describe('the settings of a reading field', () => {
  it('a whole round names its gamme', async () => {
    const calls = renderEditor();
    fireEvent.click(await screen.findByRole('button', { name: 'Sélectionner le champ Ronde entière' }));
    fireEvent.click(await screen.findByRole('combobox', { name: /^Gamme de relevés/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Ronde compresseurs' }));
    expect(screen.queryByRole('combobox', { name: /Points de la gamme/ })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer le champ Ronde entière' }));
    await waitFor(() =>
      expect(calls.find((c) => c.url === '/api/v2/metrique/update')?.body).toMatchObject({ id: 1, propertyValues: { gammeId: 5 } }),
    );
  });

  it('a part of a round names its gamme and the points its step covers, in the gamme’s order', async () => {
    const calls = renderEditor();
    fireEvent.click(await screen.findByRole('button', { name: 'Sélectionner le champ Vibrations' }));
    fireEvent.click(await screen.findByRole('combobox', { name: /^Gamme de relevés/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Ronde compresseurs' }));
    fireEvent.click(await screen.findByRole('combobox', { name: /Points de la gamme/ }));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Pression C1', 'Vibrations C1']);
    fireEvent.click(screen.getByRole('option', { name: 'Vibrations C1' }));
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer le champ Vibrations' }));
    await waitFor(() =>
      expect(calls.find((c) => c.url === '/api/v2/metrique/update')?.body).toMatchObject({
        id: 2,
        propertyValues: { gammeId: 5, gammePointIds: [52] },
      }),
    );
  });
});
