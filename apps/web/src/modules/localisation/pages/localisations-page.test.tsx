import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionFixture } from '../../../test/fixtures.ts';
import { jsonResponse, renderWithProviders } from '../../../test/render.tsx';
import { stubServer } from '../../../test/stub-server.ts';
import { SessionGate } from '../../auth/index.ts';
import { LocalisationsPage } from './localisations-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const all = { read: true, create: true, update: true, delete: true };
const loc = (id: number, libelle: string, extra: Record<string, unknown> = {}) => ({
  id,
  entrepriseId: 10,
  parentId: null,
  libelle,
  description: null,
  couleur: null,
  icon: 'building-factory',
  latitude: null,
  longitude: null,
  idx: id,
  version: 3,
  image: { nom: 'plan.png', mime: 'image/png', taille: 100, uploadedAt: '2026-11-25T06:00:00.000Z' },
  markers: [{ id: 7, libelle: 'Extincteur', x: 0.5, y: 0.5, couleur: null, icon: 'fire-extinguisher' }],
  nbEquipements: 1,
  abilities: all,
  ...extra,
});

describe('LocalisationsPage', () => {
  it('shows the plan with its free and equipment markers, moves a marker with the arrow keys and saves it', async () => {
    const calls = stubServer({
      'GET /api/getConnectedUser': () => sessionFixture(),
      'GET /api/v3/location/get': () => [loc(1, 'Atelier principal'), loc(2, 'Poste HTA', { image: null, markers: [] })],
      'GET /api/v2/equipement/by_location/1': () => [
        {
          id: 40,
          name: 'Compresseur C1',
          number: null,
          icon: null,
          color: null,
          status: 'initial',
          marker: { localisationId: 1, x: 0.2, y: 0.3 },
        },
      ],
      'PUT /api/v3/location/update': (c) =>
        loc(1, 'Atelier principal', { version: 4, markers: [{ id: 8, ...(c.body as { markers: object[] }).markers[0] }] }),
    });
    renderWithProviders(
      <SessionGate>
        <LocalisationsPage />
      </SessionGate>,
    );
    const plan = await screen.findByRole('group', { name: 'Plan de Atelier principal avec ses repères' });
    expect(within(plan).getByRole('img', { name: 'Plan de « Atelier principal »' })).toHaveAttribute(
      'src',
      '/api/v3/location/1/image?v=2026-11-25T06%3A00%3A00.000Z',
    );
    expect(await within(plan).findByRole('button', { name: /Équipement Compresseur C1, position 20 %, 30 %/ })).toBeInTheDocument();
    const marker = within(plan).getByRole('button', { name: 'Repère Extincteur, position 50 %, 50 %' });
    fireEvent.keyDown(marker, { key: 'ArrowRight' });
    fireEvent.keyDown(marker, { key: 'ArrowDown', shiftKey: true });
    expect(within(plan).getByRole('button', { name: 'Repère Extincteur, position 51 %, 60 %' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('Repères modifiés, non enregistrés.');
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer les repères' }));
    await vi.waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      id: 1,
      version: 3,
      markers: [{ libelle: 'Extincteur', x: 0.51, y: 0.6, couleur: null, icon: 'fire-extinguisher' }],
    });

    fireEvent.click(screen.getByRole('button', { name: /Poste HTA/ }));
    expect(await screen.findByText(/Aucun plan : déposez une image/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Déposer un plan' })).toBeInTheDocument();
  });

  it('says why a delete is refused (equipment stands on the location)', async () => {
    stubServer({
      'GET /api/getConnectedUser': () => sessionFixture(),
      'GET /api/v3/location/get': () => [loc(1, 'Atelier principal')],
      'GET /api/v2/equipement/by_location/1': () => [],
      'DELETE /api/v3/location/delete/*': () =>
        jsonResponse(409, {
          code: 'CONFLICT',
          message: '1 équipement(s) sont placés sur cette localisation (« Compresseur C1 ») : déplacez-les d’abord.',
        }),
    });
    renderWithProviders(
      <SessionGate>
        <LocalisationsPage />
      </SessionGate>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Supprimer Atelier principal' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Supprimer' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Compresseur C1');
  });

  it('says when there is no location yet', async () => {
    stubServer({ 'GET /api/getConnectedUser': () => sessionFixture(), 'GET /api/v3/location/get': () => [] });
    renderWithProviders(
      <SessionGate>
        <LocalisationsPage />
      </SessionGate>,
    );
    expect(await screen.findByText(/Aucune localisation pour l’instant/)).toBeInTheDocument();
  });
});
