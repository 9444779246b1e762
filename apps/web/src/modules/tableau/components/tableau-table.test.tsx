import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { listRowFixture } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import type { TableauRow } from '../tableau.queries.ts';
import { ROWS_FIRST, TableauTable } from './tableau-table.tsx';

const rows: TableauRow[] = Array.from({ length: 30 }, (_, i) => ({
  ...listRowFixture(i + 1, { nomProcess: `Processus ${i + 1}` }),
  status: null,
  typeConsignation: null,
  valeurs: {},
}));

/** An IntersectionObserver whose elements come near the screen when `scrollNear` is called. */
let scrollNear: () => void = () => {};
class ScriptedObserver {
  private readonly cb: (entries: { isIntersecting: boolean }[]) => void;
  constructor(cb: (entries: { isIntersecting: boolean }[]) => void) {
    this.cb = cb;
  }
  observe() {
    scrollNear = () => this.cb([{ isIntersecting: true }]);
  }
  disconnect() {}
}

/** An IntersectionObserver that reports nothing. */
class SilentObserver {
  observe() {}
  disconnect() {}
}

afterEach(() => vi.unstubAllGlobals());

function renderTable() {
  renderWithProviders(
    <TableauTable
      label="Tableau"
      columns={[{ key: 'nomProcess', label: 'Nom' }]}
      rows={rows}
      busy={false}
      empty="Aucun processus"
      sort={{ key: 'numero', order: 'desc' }}
      onSort={() => {}}
      fields={new Map()}
    />,
  );
  const body = screen.getByRole('table', { name: 'Tableau' }).querySelector('tbody') as HTMLElement;
  return () => within(body).getAllByRole('row', { name: /^Processus/ });
}

describe('TableauTable rows built as the box is scrolled (issue 16)', () => {
  it('builds a first screenful, the next slice when its box is scrolled near the end, all once the focus enters', async () => {
    vi.stubGlobal('IntersectionObserver', ScriptedObserver);
    const shown = renderTable();
    expect(shown()).toHaveLength(ROWS_FIRST);
    await act(async () => scrollNear());
    expect(shown().length).toBeGreaterThan(ROWS_FIRST);
    // The focus entering the rows builds them all: the arrow keys reach every one.
    await act(async () => shown()[0].focus());
    expect(shown()).toHaveLength(30);
  });

  it('moves with the arrow keys over the rows built, never onto the marker of the rows to come', () => {
    vi.stubGlobal('IntersectionObserver', SilentObserver);
    const shown = renderTable();
    // The last row built, before the marker (its keys handled before the focus event that builds every row).
    const last = shown()[ROWS_FIRST - 1];
    const marker = document.querySelector('[data-more-rows]') as HTMLElement;
    fireEvent.keyDown(last, { key: 'ArrowDown' });
    expect(document.activeElement).not.toBe(marker);
    expect(marker.tabIndex).toBe(-1);
    fireEvent.keyDown(shown()[0], { key: 'ArrowDown' });
    expect(document.activeElement).toBe(shown()[1]);
    expect(shown()[1].tabIndex).toBe(0);
    expect(shown()).toHaveLength(30);
  });

  it('builds every row at once without IntersectionObserver', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    const shown = renderTable();
    expect(shown()).toHaveLength(30);
  });
});
