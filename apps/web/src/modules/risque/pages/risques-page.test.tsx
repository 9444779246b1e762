import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionFixture } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { stubServer } from '../../../test/stub-server.ts';
import { SessionGate } from '../../auth/index.ts';
import { EquipementRisquesTab } from '../components/equipement-risques-tab.tsx';
import { RisquesPage } from './risques-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const risque = (id: number, libelle: string, familleId: number | null, g: number | null = null, f: number | null = null) => ({
  id,
  entrepriseId: 10,
  familleId,
  libelle,
  description: null,
  mesures: null,
  gravite: g,
  frequence: f,
  criticite: g && f ? g * f : null,
  idx: id,
  nbEquipements: 0,
});
const famille = (id: number, libelle: string) => ({ id, entrepriseId: 10, code: null, libelle, couleur: '#f08c00', idx: id, nbRisques: 1 });
const echelle = {
  gravite: [1, 2, 3, 4].map((n) => ({ niveau: n, libelle: `G${n}` })),
  frequence: [1, 2, 3, 4].map((n) => ({ niveau: n, libelle: `F${n}` })),
};

describe('RisquesPage', () => {
  it('groups the catalogue by family, orders, duplicates, and confirms before deleting', async () => {
    const calls = stubServer({
      'GET /api/getConnectedUser': () => sessionFixture(),
      'GET /api/v2/risk/get': () => [risque(1, 'Électrisation', 14, 4, 3), risque(2, 'Arc électrique', 14, 4, 1), risque(3, 'Glissade', 1)],
      'GET /api/v2/risk_famille/get': () => [famille(1, 'Chute de plain-pied'), famille(14, 'Électricité'), famille(11, 'Bruit')],
      'GET /api/v2/risk_echelle/get': () => echelle,
      'POST /api/v2/risk/1/duplicate': () => risque(4, 'Électrisation (copie)', 14, 4, 3),
      'PUT /api/v2/risk/arrange': () => ({ message: 'ok' }),
      'DELETE /api/v2/risk/delete/*': () => ({ message: 'ok' }),
    });
    renderWithProviders(
      <SessionGate>
        <RisquesPage />
      </SessionGate>,
    );
    const elec = await screen.findByRole('table', { name: 'Électricité' });
    expect(
      within(elec)
        .getAllByRole('rowheader')
        .map((r) => r.textContent),
    ).toEqual(['Électrisation', 'Arc électrique']);
    expect(within(elec).getByText('12 · Élevé')).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Chute de plain-pied' })).toBeInTheDocument();
    // A family without risks is not shown.
    expect(screen.queryByRole('table', { name: 'Bruit' })).not.toBeInTheDocument();

    fireEvent.click(within(elec).getByRole('button', { name: 'Descendre Électrisation' }));
    await vi.waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ ids: [2, 1] }));

    fireEvent.click(within(elec).getByRole('button', { name: 'Dupliquer Électrisation' }));
    await vi.waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url === '/api/v2/risk/1/duplicate')).toBe(true));

    fireEvent.click(within(elec).getByRole('button', { name: 'Supprimer Arc électrique' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Supprimer « Arc électrique » du catalogue ?');
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Supprimer' }));
    await vi.waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/v2/risk/delete/2')).toBe(true));
  });
});

describe('EquipementRisquesTab', () => {
  it('lists own and inherited risks with where they come from; only own ones can be removed', async () => {
    const link = (id: number, r: ReturnType<typeof risque>, herite: boolean, source: { id: number; name: string }) => ({
      id,
      equipementId: source.id,
      risque: { ...r, nbEquipements: undefined },
      famille: 'Électricité',
      commentaire: null,
      herite,
      source,
    });
    stubServer({
      'GET /api/getConnectedUser': () => sessionFixture(),
      'GET /api/v2/equipement/5/risques': () => [
        link(1, risque(3, 'Coupure', null), false, { id: 5, name: 'Sectionneur' }),
        link(2, risque(1, 'Électrisation', 14, 4, 3), true, { id: 2, name: 'Poste HTA' }),
      ],
      'GET /api/v2/risk/get': () => [risque(1, 'Électrisation', 14), risque(3, 'Coupure', null), risque(9, 'Bruit', 11)],
      'GET /api/v2/risk_echelle/get': () => echelle,
    });
    renderWithProviders(
      <SessionGate>
        <EquipementRisquesTab equipementId={5} />
      </SessionGate>,
    );
    const table = await screen.findByRole('table', { name: 'Risques' });
    expect(await within(table).findByText('Hérité de Poste HTA')).toBeInTheDocument();
    expect(within(table).getByText('Propre')).toBeInTheDocument();
    expect(within(table).getByRole('button', { name: 'Supprimer Coupure' })).toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: 'Supprimer Électrisation' })).not.toBeInTheDocument();
  });
});
