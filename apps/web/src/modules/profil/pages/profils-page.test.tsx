import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionFixture } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { stubServer } from '../../../test/stub-server.ts';
import { SessionGate } from '../../auth/index.ts';
import { ProfilsPage } from './profils-page.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('ProfilsPage', () => {
  it('lists client profiles with their software, and supplier profiles apart with the EE switch', async () => {
    stubServer({
      'GET /api/getConnectedUser': () => sessionFixture(),
      'GET /api/profil_modele/get_all': () => [{ id: 7, code: 'responsable', libelle: 'Responsable', type: 'client', idx: 1 }],
      'GET /api/profil_modele/get_all_ee': () => [
        { id: 9, code: 'fournisseur_admin', libelle: 'Administrateur fournisseur', type: 'supplier', idx: 1 },
      ],
      'GET /api/profil_modele_logiciel/get_all': () => [
        { id: 1, profilModeleId: 7, logicielId: 1, code: 'mc', libelle: 'Mes consignations' },
      ],
    });
    renderWithProviders(
      <SessionGate>
        <ProfilsPage />
      </SessionGate>,
    );
    expect(await screen.findByRole('rowheader', { name: 'Responsable' })).toBeInTheDocument();
    expect(screen.getByText('Mes consignations')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('switch', { name: /Entreprises extérieures/ }));
    expect(await screen.findByRole('rowheader', { name: 'Administrateur fournisseur' })).toBeInTheDocument();
    expect(screen.queryByRole('rowheader', { name: 'Responsable' })).not.toBeInTheDocument();
    expect(screen.getByText('Aucun logiciel')).toBeInTheDocument();
  });
});
