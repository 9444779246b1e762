import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionFixture } from '../../../test/fixtures.ts';
import { jsonResponse, renderWithProviders } from '../../../test/render.tsx';
import { stubServer } from '../../../test/stub-server.ts';
import { SessionGate } from '../../auth/index.ts';
import { ServicesPage } from './services-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const service = (id: number, libelle: string, type: string, nbUtilisateurs = 0) => ({
  id,
  entrepriseId: 10,
  libelle,
  type,
  couleur: '#1c7ed6',
  idx: id,
  nbUtilisateurs,
});

describe('ServicesPage', () => {
  it('lists services by type and shows the 409 of a delete refused', async () => {
    const calls = stubServer({
      'GET /api/getConnectedUser': () => sessionFixture(),
      'GET /api/v2/service_modele/get': () => [
        service(1, 'Maintenance', 'client', 2),
        service(2, 'Sous-traitants', 'provider'),
        service(3, 'Achats', 'supplier'),
      ],
      'DELETE /api/v2/service_modele/delete/*': () =>
        jsonResponse(409, { code: 'CONFLICT', message: 'Ce service a encore des utilisateurs' }),
    });
    renderWithProviders(
      <SessionGate>
        <ServicesPage />
      </SessionGate>,
    );
    expect(await screen.findByRole('rowheader', { name: 'Maintenance' })).toBeInTheDocument();
    expect(screen.queryByText('Sous-traitants')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Nouveau service interne' })).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Supprimer Maintenance' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Supprimer' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Ce service a encore des utilisateurs');
    expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/v2/service_modele/delete/1')).toBe(true);

    fireEvent.click(screen.getByRole('tab', { name: 'Fournisseurs' }));
    expect(await screen.findByRole('rowheader', { name: 'Achats' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Nouveau service fournisseur' })).toBeInTheDocument();
  });
});
