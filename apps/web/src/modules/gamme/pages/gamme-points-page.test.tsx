import type { GammePoint } from '@app/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionFixture } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { stubServer } from '../../../test/stub-server.ts';
import { SessionGate } from '../../auth/index.ts';
import { GammePointsPage } from './gamme-points-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const point = (id: number, idx: number, nom: string): GammePoint => ({
  id,
  gammeId: 5,
  nom,
  dataType: 'number',
  idx,
  propertyValues: {},
  equipementId: null,
  equipementName: null,
  unite: 'bar',
  min: 2,
  max: 8,
  lowWarning: null,
  highWarning: null,
  obligatoire: true,
  workflowModelsToCreate: [],
  version: 0,
  precedent: null,
});

describe('GammePointsPage', () => {
  it('lists the points in idx order, moves one down to its neighbour idx, and inserts a new point before another', async () => {
    const calls = stubServer({
      'GET /api/getConnectedUser': () => sessionFixture(),
      'GET /api/gamme/get_all': () => [
        {
          id: 5,
          entrepriseId: 10,
          libelle: 'Ronde compresseurs',
          client: null,
          duree: null,
          logicielId: 1,
          nbPoints: 3,
          nbLignes: 0,
          version: 0,
          createdAt: '',
        },
      ],
      'GET /api/v2/gamme-modele-metrique/get/5': () => [point(3, 30, 'Niveau'), point(1, 10, 'Pression'), point(2, 20, 'Température')],
      'PUT /api/v2/gamme-modele-metrique/update-idx/1': () => [],
      'POST /api/v2/gamme-modele-metrique/create': (call) => ({ ...point(9, 20, 'Vibration'), ...(call.body as object) }),
      'GET /api/v2/workflow/get_workflows': () => [],
      'GET /api/v2/equipement/options': () => [],
    });
    renderWithProviders(
      <SessionGate>
        <Routes>
          <Route path="/app/gammes/:id" element={<GammePointsPage />} />
        </Routes>
      </SessionGate>,
      { route: '/app/gammes/5' },
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Points — Ronde compresseurs' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Points de la gamme' });
    const names = within(table)
      .getAllByRole('rowheader')
      .map((c) => c.textContent);
    expect(names).toEqual(['Pression', 'Température', 'Niveau']);
    expect(within(table).getAllByText('2 – 8 bar')).toHaveLength(3);
    expect(screen.getByRole('button', { name: 'Monter Pression' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Descendre Niveau' })).toBeDisabled();

    fireEvent.click(screen.getByRole('button', { name: 'Descendre Pression' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({ url: '/api/v2/gamme-modele-metrique/update-idx/1', body: { idx: 20 } });

    fireEvent.click(screen.getByRole('button', { name: 'Insérer un point avant Température' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nouveau point' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Nom/ }), { target: { value: 'Vibration' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      gammeId: 5,
      idx: 20,
      nom: 'Vibration',
      dataType: 'number',
      obligatoire: true,
    });
  });
});
