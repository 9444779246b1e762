import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { menuFixture, sessionFixture } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { stubServer } from '../../../test/stub-server.ts';
import { SessionGate } from '../../auth/index.ts';
import { PermissionsPage } from './permissions-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const responsable = { id: 7, code: 'responsable', libelle: 'Responsable', type: 'client', idx: 1 };
const entry = (id: number, itemId: number, permissions: Record<string, boolean | null>) => ({
  id,
  type: 'menuItem',
  itemId,
  profilId: 7,
  utilisateurId: null,
  isEE: false,
  permissions,
  conditions: {},
  idx: 0,
});

describe('PermissionsPage', () => {
  it('shows explicit and inherited rights of a profile and cycles a cell', async () => {
    let entries = [entry(20, 2, { read: true }), entry(21, 3, { read: true, update: true })];
    const calls = stubServer({
      'GET /api/getConnectedUser': () => sessionFixture(),
      'GET /api/profil_modele/get_all': () => [responsable],
      'GET /api/v2/menu/get': () => menuFixture(),
      'GET /api/v2/permission/get': () => entries,
      'GET /api/utilisateurs/get_by_company': () => ({ items: [], total: 0, offset: 0, perPage: 50 }),
      'POST /api/v2/permission/bulk_create': ({ body }) => {
        const p = (body as { permissions: { permissions: Record<string, boolean | null> }[] }).permissions[0];
        entries = [entries[0], entry(21, 3, p.permissions)];
        return entries;
      },
    });
    renderWithProviders(
      <SessionGate>
        <PermissionsPage />
      </SessionGate>,
    );
    expect(await screen.findByText('Choisissez un profil pour afficher ses droits.')).toBeInTheDocument();
    fireEvent.click(await screen.findByRole('combobox', { name: 'Profil' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Responsable' }));

    const update = await screen.findByRole('button', { name: 'Modifier — Utilisateurs' });
    expect(update).toHaveAttribute('aria-pressed', 'true');
    expect(update).toHaveAttribute('aria-description', 'Accordé (réglage explicite)');
    const inheritedRead = screen.getByRole('button', { name: 'Consulter — Services' });
    expect(inheritedRead).toHaveAttribute('aria-pressed', 'mixed');
    expect(inheritedRead).toHaveAttribute('aria-description', 'Accordé, hérité de « Administration »');
    expect(screen.getByRole('button', { name: 'Supprimer — Accueil' })).toHaveAttribute('data-value', 'false');

    fireEvent.click(update);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Modifier — Utilisateurs' })).toHaveAttribute('aria-pressed', 'false'));
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toEqual({
      permissions: [
        {
          type: 'menuItem',
          itemId: 3,
          isEE: false,
          profilId: 7,
          permissions: { manage: null, create: null, read: true, update: false, delete: null },
        },
      ],
    });
  });

  it('deletes the entry when its last flag goes back to inherit', async () => {
    let entries = [entry(21, 3, { update: false })];
    const calls = stubServer({
      'GET /api/getConnectedUser': () => sessionFixture(),
      'GET /api/profil_modele/get_all': () => [responsable],
      'GET /api/v2/menu/get': () => menuFixture(),
      'GET /api/v2/permission/get': () => entries,
      'GET /api/utilisateurs/get_by_company': () => ({ items: [], total: 0, offset: 0, perPage: 50 }),
      'DELETE /api/v2/permission/delete/*': () => {
        entries = [];
        return { message: 'avec succès' };
      },
    });
    renderWithProviders(
      <SessionGate>
        <PermissionsPage />
      </SessionGate>,
    );
    fireEvent.click(await screen.findByRole('combobox', { name: 'Profil' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Responsable' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Modifier — Utilisateurs' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Modifier — Utilisateurs' })).toHaveAttribute('aria-pressed', 'mixed'));
    expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/v2/permission/delete/21')).toBe(true);
  });
});
