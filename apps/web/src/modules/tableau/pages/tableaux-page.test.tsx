import { rulesFor } from '@app/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  boardFixture,
  cadenasFixture,
  lockoutModelFixture,
  metriqueFixture,
  READ_ABILITIES,
  sessionFixture,
} from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { stubServer } from '../../../test/stub-server.ts';
import { SessionGate } from '../../auth/index.ts';
import { TableauxPage } from './tableaux-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const model = lockoutModelFixture([
  cadenasFixture(),
  metriqueFixture(32, 'Signature du chargé', 'signature', { etape_id: 11, etape_ordre: 3, processModeleId: 7, idx: 1 }),
]);

function setup(
  session = sessionFixture(),
  boards = [boardFixture(3, 'Consignations en cours'), boardFixture(4, 'Permis', READ_ABILITIES)],
) {
  let list = boards;
  const calls = stubServer({
    'GET /api/getConnectedUser': () => session,
    'GET /api/v2/tableau/get_by_entreprise_logiciel': () => list,
    'GET /api/v2/workflow/get_workflows': () => [{ id: 7, libelle: 'Consignation électrique', package: 'mc', locked: false, nbEtapes: 9 }],
    'GET /api/v2/workflow/get_fields': () => [model],
    'POST /api/v2/tableau/create': (c) => ({ ...boardFixture(9, ''), ...(c.body as object) }),
    'DELETE /api/v2/tableau/delete/*': () => {
      list = list.filter((b) => b.id !== 3);
      return { message: 'Tableau supprimé avec succès.', id: 3 };
    },
  });
  renderWithProviders(
    <SessionGate>
      <Routes>
        <Route path="/app/tableaux" element={<TableauxPage />} />
        <Route path="/app/tableaux/:id" element={<p>Tableau ouvert</p>} />
      </Routes>
    </SessionGate>,
    { route: '/app/tableaux' },
  );
  return calls;
}

describe('TableauxPage', () => {
  it('lists the boards with their workflows and fields, controls only where the row allows them', async () => {
    setup();
    const row = (await screen.findByRole('link', { name: 'Consignations en cours' })).closest('tr') as HTMLElement;
    expect(within(row).getByText('Consignation électrique')).toBeInTheDocument();
    expect(await within(row).findByText('Numéros des cadenas')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Modifier Consignations en cours' })).toBeInTheDocument();
    const permis = screen.getByRole('link', { name: 'Permis' }).closest('tr') as HTMLElement;
    expect(within(permis).queryByRole('button', { name: /Modifier|Supprimer/ })).toBeNull();
  });

  it('creates a board on a workflow with one of its fields, then opens it', async () => {
    const calls = setup();
    fireEvent.click(await screen.findByRole('button', { name: 'Nouveau tableau' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nouveau tableau' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Nom' }), { target: { value: 'Cadenas' } });
    fireEvent.click(within(dialog).getByRole('combobox', { name: 'Workflows' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Consignation électrique' }));
    fireEvent.click(within(dialog).getByRole('combobox', { name: 'Champs en colonnes' }));
    // Signatures are not offered as columns.
    expect(screen.queryByRole('option', { name: 'Signature du chargé' })).toBeNull();
    fireEvent.click(await screen.findByRole('option', { name: 'Numéros des cadenas' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Tableau ouvert')).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/v2/tableau/create')?.body).toEqual({
      nom: 'Cadenas',
      icon: 'layout-board',
      workflows: [7],
      metriques: [31],
    });
  });

  it('deletes a board after a confirmation', async () => {
    const calls = setup();
    fireEvent.click(await screen.findByRole('button', { name: 'Supprimer Consignations en cours' }));
    const confirm = await screen.findByRole('dialog', { name: 'Supprimer le tableau' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Supprimer' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Consignations en cours' })).toBeNull());
    expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/v2/tableau/delete/3')).toBe(true);
  });

  it('offers no creation without the right to create boards', async () => {
    const reader = sessionFixture({
      role: 'user',
      rules: rulesFor({
        idUser: 1,
        idCompany: 10,
        role: 'user',
        eu: false,
        grants: [{ subject: 'Tableau', rights: { manage: false, create: false, read: true, update: false, delete: false } }],
      }),
    });
    setup(reader, [boardFixture(4, 'Permis', READ_ABILITIES)]);
    expect(await screen.findByRole('link', { name: 'Permis' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Nouveau tableau' })).toBeNull();
  });
});
