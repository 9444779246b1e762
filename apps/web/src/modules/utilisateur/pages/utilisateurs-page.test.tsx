import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionFixture, utilisateurFixture } from '../../../test/fixtures.ts';
import { jsonResponse, renderWithProviders } from '../../../test/render.tsx';
import { SessionGate } from '../../auth/index.ts';
import { UtilisateursPage } from './utilisateurs-page.tsx';

afterEach(() => vi.unstubAllGlobals());

function stubServer(routes: Record<string, (init: RequestInit) => unknown>) {
  const calls: { method: string; url: string }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ method: String(init.method), url });
      const key = `${init.method} ${url.split('?')[0]}`;
      const route = routes[key];
      if (!route) return jsonResponse(404, { message: `Pas de route ${key}` });
      return jsonResponse(200, route(init));
    }),
  );
  return calls;
}

const page = (items: unknown[]) => ({ items, total: items.length, offset: 0, perPage: 25 });

describe('UtilisateursPage', () => {
  it('lists the users, then deactivates one after a confirmation', async () => {
    let enabled = true;
    const calls = stubServer({
      'GET /api/getConnectedUser': () => sessionFixture(),
      'GET /api/utilisateurs/get_by_company': () => page([utilisateurFixture({ enable: enabled })]),
      'GET /api/v2/service_modele/get': () => [],
      'GET /api/profil_modele/get_all': () => [],
      'DELETE /api/utilisateur/5/active': () => {
        enabled = false;
        return utilisateurFixture({ enable: false });
      },
    });
    renderWithProviders(
      <SessionGate>
        <UtilisateursPage />
      </SessionGate>,
    );
    expect(await screen.findByText('Dupont')).toBeInTheDocument();
    expect(screen.getByText('Actif')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Nouvel utilisateur' })).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Désactiver Jean Dupont' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Désactiver' }));
    expect(await screen.findByText('Désactivé avec succès')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/utilisateur/5/active')).toBe(true);
    expect(await screen.findByText('Inactif')).toBeInTheDocument();
  });

  it('shows the empty state and hides creation without the ability', async () => {
    stubServer({
      'GET /api/getConnectedUser': () => sessionFixture({ rules: [{ action: 'read', subject: 'Utilisateur' }], role: 'user' }),
      'GET /api/utilisateurs/get_by_company': () => page([]),
      'GET /api/v2/service_modele/get': () => [],
      'GET /api/profil_modele/get_all': () => [],
    });
    renderWithProviders(
      <SessionGate>
        <UtilisateursPage />
      </SessionGate>,
    );
    expect(await screen.findByText('Aucun utilisateur')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Nouvel utilisateur' })).not.toBeInTheDocument();
  });

  it("hides a row's edit controls when the server says the caller may not update it", async () => {
    stubServer({
      'GET /api/getConnectedUser': () => sessionFixture(),
      'GET /api/utilisateurs/get_by_company': () =>
        page([
          utilisateurFixture({ abilities: { read: true, create: false, update: false, delete: false } }),
          utilisateurFixture({
            id: 6,
            nom: 'Moreau',
            prenom: 'Camille',
            abilities: { read: true, create: false, update: true, delete: false },
          }),
        ]),
      'GET /api/v2/service_modele/get': () => [],
      'GET /api/profil_modele/get_all': () => [],
    });
    renderWithProviders(
      <SessionGate>
        <UtilisateursPage />
      </SessionGate>,
    );
    expect(await screen.findByText('Moreau')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Modifier Jean Dupont' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Modifier Camille Moreau' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Supprimer Camille Moreau' })).not.toBeInTheDocument();
  });

  it('shows the error with a retry button', async () => {
    stubServer({
      'GET /api/getConnectedUser': () => sessionFixture(),
      'GET /api/v2/service_modele/get': () => [],
      'GET /api/profil_modele/get_all': () => [],
    });
    renderWithProviders(
      <SessionGate>
        <UtilisateursPage />
      </SessionGate>,
    );
    expect(await screen.findByText(/Pas de route/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Réessayer' })).toBeInTheDocument();
  });
});
