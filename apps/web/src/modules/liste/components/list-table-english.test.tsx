import type { ListColumn } from '@app/contracts';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { listRowFixture } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import type { SearchRow } from '../liste.queries.ts';
import { ListTable } from './list-table.tsx';

const COLUMNS: ListColumn[] = ['numero', 'nomProcess', 'typeConsignation', 'status'];

// The rows as the server sends them: French labels built from codes (state, lockout type) next to the codes.
const ROWS: SearchRow[] = [
  { ...listRowFixture(1, { latestStatus: 'Vérification', nameConsignation: 'Consignation mère' }), status: null, typeConsignation: 2 },
  { ...listRowFixture(2, { etat: 'inactif', latestStatus: 'Inactif', nameConsignation: 'Essai' }), status: 'ART', typeConsignation: 3 },
  { ...listRowFixture(3, { etat: 'termine', latestStatus: 'Terminé' }), status: null, typeConsignation: null },
];

describe('a list in English', () => {
  afterEach(async () => {
    await i18n.changeLanguage('fr');
  });

  it('names the states and the lockout types in English, keeps the steps’ names (workflow data) and the codes', async () => {
    await i18n.changeLanguage('en');
    renderWithProviders(
      <ListTable
        label="My lockouts"
        columns={COLUMNS}
        rows={ROWS}
        busy={false}
        empty="No process."
        sort={{ key: 'numero', order: 'desc' }}
        onSort={() => {}}
        timeZone="Europe/Paris"
      />,
    );
    const table = screen.getByRole('table', { name: 'My lockouts' });
    expect(within(table).getByRole('columnheader', { name: /Lockout type/ })).toBeInTheDocument();
    const cells = (name: string) =>
      within(within(table).getByRole('row', { name }))
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(cells('Processus 1')).toEqual(['1', 'Processus 1', 'Parent lockout', 'Vérification']);
    expect(cells('Processus 2')).toEqual(['2', 'Processus 2', 'Test', 'Inactive (ART)']);
    expect(cells('Processus 3')).toEqual(['3', 'Processus 3', '—', 'Completed']);
    expect(within(table).queryByText(/Inactif|Terminé|Consignation mère/)).toBeNull();
  });
});
