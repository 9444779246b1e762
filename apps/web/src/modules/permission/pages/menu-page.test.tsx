import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { menuFixture, menuRowFixture, sessionFixture } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { stubServer } from '../../../test/stub-server.ts';
import { SessionGate } from '../../auth/index.ts';
import { MenuPage } from './menu-page.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('MenuPage', () => {
  it('reorders and hides entries, then saves the whole arrangement and refetches the session', async () => {
    const calls = stubServer({
      'GET /api/getConnectedUser': () => sessionFixture(),
      'GET /api/v2/menu/get': () => menuFixture(),
      'PUT /api/v2/menu/arrange': () => menuFixture(),
    });
    renderWithProviders(
      <SessionGate>
        <MenuPage />
      </SessionGate>,
    );
    expect(await screen.findByRole('tab', { name: 'Tous les logiciels' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Mes consignations' })).toBeInTheDocument();
    const save = screen.getByRole('button', { name: 'Enregistrer' });
    expect(save).toBeDisabled();

    expect(await screen.findByRole('button', { name: 'Monter « Utilisateurs »' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Monter « Services »' }));
    fireEvent.click(screen.getByRole('switch', { name: 'Afficher « Services »' }));
    expect(screen.getByText('Modifications non enregistrées')).toBeInTheDocument();
    fireEvent.click(save);

    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.body).toEqual({
      items: [
        { id: 1, parentId: null, idx: 0, hidden: false },
        { id: 2, parentId: null, idx: 1, hidden: false },
        { id: 3, parentId: 2, idx: 1, hidden: false },
        { id: 4, parentId: 2, idx: 0, hidden: true },
      ],
    });
    await waitFor(() => expect(calls.filter((c) => c.url === '/api/getConnectedUser').length).toBeGreaterThan(1));
  });

  it('names the software of each entry, also one the company does not have (it showed its code « mo »)', async () => {
    stubServer({
      'GET /api/getConnectedUser': () => sessionFixture(),
      'GET /api/v2/menu/get': () => [
        ...menuFixture(),
        menuRowFixture({ id: 5, slug: 'mes-consignations', libelle: 'Mes consignations', idx: 2, logiciel: 'mc' }),
        menuRowFixture({ id: 6, slug: 'mes-ouvrages', libelle: 'Mes ouvrages', idx: 3, logiciel: 'mo' }),
      ],
    });
    renderWithProviders(
      <SessionGate>
        <MenuPage />
      </SessionGate>,
    );
    const ouvrages = await screen.findByRole('row', { name: /Mes ouvrages/ });
    expect(within(ouvrages).getAllByText('Mes ouvrages')).toHaveLength(2);
    expect(within(ouvrages).queryByText('mo')).toBeNull();
    // Every column has a header a screen reader can read, the drag handles' one included.
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Glisser pour déplacer',
      'Entrée',
      'Logiciel',
      'Visible',
      'Ordre',
    ]);
  });

  it('shows the error with a retry button', async () => {
    stubServer({ 'GET /api/getConnectedUser': () => sessionFixture() });
    renderWithProviders(
      <SessionGate>
        <MenuPage />
      </SessionGate>,
    );
    expect(await screen.findByText(/Pas de route/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Réessayer' })).toBeInTheDocument();
  });
});
