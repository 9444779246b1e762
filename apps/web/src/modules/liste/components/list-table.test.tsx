import type { ListColumn } from '@app/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { listRowFixture } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import type { SearchRow } from '../liste.queries.ts';
import { ListTable } from './list-table.tsx';

const COLUMNS: ListColumn[] = ['numero', 'nomProcess', 'workflow', 'status'];

const row = (id: number): SearchRow => ({
  ...listRowFixture(id, { nomProcess: `Consignation ${id}`, lockedProcess: id === 2 }),
  status: 'Séparation',
  typeConsignation: 1,
});

function setup(rows: readonly SearchRow[] | undefined, onSort = vi.fn()) {
  renderWithProviders(
    <Routes>
      <Route
        path="/app/listes"
        element={
          <ListTable
            label="Mes consignations"
            columns={COLUMNS}
            rows={rows}
            busy={false}
            empty="Aucun processus dans cette liste."
            sort={{ key: 'numero', order: 'desc' }}
            onSort={onSort}
            timeZone="Europe/Paris"
          />
        }
      />
      <Route path="/app/processus/:id" element={<p>Processus ouvert</p>} />
    </Routes>,
    { route: '/app/listes' },
  );
  const table = screen.getByRole('table', { name: 'Mes consignations' });
  const bodyRows = () => table.querySelectorAll('tbody tr');
  return { table, bodyRows, onSort };
}

const PAGE = Array.from({ length: 1000 }, (_, i) => row(i + 1));

describe('ListTable', () => {
  it('renders only the rows in view of a 1000-row page, with padding below to keep the height', () => {
    const { table, bodyRows } = setup(PAGE);
    const rendered = within(table).getAllByRole('row').length - 1;
    expect(rendered).toBeGreaterThan(5);
    expect(rendered).toBeLessThan(60);
    expect(bodyRows().length).toBeLessThan(61);
    const padding = bodyRows()[bodyRows().length - 1] as HTMLElement;
    expect(padding).toHaveAttribute('aria-hidden', 'true');
    expect(Number.parseInt(padding.style.height, 10)).toBeGreaterThan(900 * 30);
    expect(table).toHaveAttribute('aria-rowcount', '1001');
    expect(within(table).getByRole('row', { name: 'Consignation 1' })).toHaveAttribute('aria-rowindex', '2');
    expect(within(within(table).getByRole('row', { name: 'Consignation 2' })).getByText('Séquencé')).toBeInTheDocument();
    expect(within(table).queryByRole('row', { name: 'Consignation 1000' })).toBeNull();
  });

  it('moves focus with the arrow keys, End, Home and PageDown, rendering the target row; Enter opens it', async () => {
    const { table, bodyRows } = setup(PAGE);
    const first = within(table).getByRole('row', { name: 'Consignation 1' });
    expect(first).toHaveAttribute('tabindex', '0');
    first.focus();
    fireEvent.keyDown(first, { key: 'ArrowDown' });
    const second = within(table).getByRole('row', { name: 'Consignation 2' });
    expect(second).toHaveFocus();
    expect(second).toHaveAttribute('tabindex', '0');
    expect(first).toHaveAttribute('tabindex', '-1');
    fireEvent.keyDown(second, { key: 'ArrowUp' });
    expect(first).toHaveFocus();

    fireEvent.keyDown(first, { key: 'End' });
    const last = within(table).getByRole('row', { name: 'Consignation 1000' });
    expect(last).toHaveFocus();
    expect(last).toHaveAttribute('aria-rowindex', '1001');
    expect(bodyRows().length).toBeLessThan(63);
    fireEvent.keyDown(last, { key: 'ArrowDown' });
    expect(last).toHaveFocus();

    fireEvent.keyDown(last, { key: 'Home' });
    expect(within(table).getByRole('row', { name: 'Consignation 1' })).toHaveFocus();
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'PageDown' });
    const paged = document.activeElement as HTMLElement;
    expect(Number(paged.getAttribute('aria-rowindex'))).toBeGreaterThan(5);
    fireEvent.keyDown(paged, { key: 'PageUp' });
    expect(within(table).getByRole('row', { name: 'Consignation 1' })).toHaveFocus();

    fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'Enter' });
    expect(await screen.findByText('Processus ouvert')).toBeInTheDocument();
  });

  it('sorts from a header button, with aria-sort on the header cell', () => {
    const onSort = vi.fn();
    setup([row(1)], onSort);
    expect(screen.getByRole('columnheader', { name: 'N°' })).toHaveAttribute('aria-sort', 'descending');
    fireEvent.click(screen.getByRole('button', { name: 'N°' }));
    expect(onSort).toHaveBeenCalledWith({ key: 'numero', order: 'asc' });
  });

  it('keeps each column at its width while scrolling: fixed layout, shares from COLUMN_WEIGHTS', () => {
    const { table } = setup(Array.from({ length: 50 }, (_, i) => row(i + 1)));
    expect(table.style.tableLayout).toBe('fixed');
    const cols = [...table.querySelectorAll('colgroup col')] as HTMLElement[];
    // numero 6, nomProcess 17, workflow 13, status 12 (of 48).
    expect(cols.map((c) => [c.dataset.column, c.style.width])).toEqual([
      ['numero', '12.5%'],
      ['nomProcess', '35.4%'],
      ['workflow', '27.1%'],
      ['status', '25%'],
    ]);
  });

  it('shows placeholder rows while loading', () => {
    const { bodyRows } = setup(undefined);
    expect(bodyRows()).toHaveLength(8);
    expect(screen.queryByRole('row', { name: /Consignation/ })).toBeNull();
  });

  it('shows the empty message when the page has no row', () => {
    setup([]);
    expect(screen.getByText('Aucun processus dans cette liste.')).toBeInTheDocument();
  });
});
