import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { stubServer } from '../../../test/stub-server.ts';
import type { ProcessData } from '../process.queries.ts';
import { JournalTab } from './process-tabs.tsx';

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('fr');
});

const process = { id: 5, steps: [{ id: 11, nom: 'Demande', ordre: 1, config: {} }] } as unknown as ProcessData;
const entry = (id: number, action: string) => ({
  id,
  at: '2026-11-24T08:00:00.000Z',
  utilisateur: { id: 4, nom: 'Moreau', prenom: 'Camille' },
  action,
  etapeOrdre: 1,
  before: null,
  after: null,
});

function renderJournal() {
  stubServer({
    'GET /api/etape/get_log/5/0': () => [
      entry(1, 'rattachement'),
      entry(2, 'etat-etape'),
      entry(3, 'sequencement'),
      entry(4, 'sequencement-retire'),
      entry(5, 'inconnue'),
    ],
  });
  renderWithProviders(<JournalTab process={process} />);
}

describe('JournalTab', () => {
  it('names every journaled action in French, none by its raw code', async () => {
    renderJournal();
    expect(await screen.findByText('Rattachement à un processus parent')).toBeInTheDocument();
    expect(screen.getByText("État d'une étape modifié")).toBeInTheDocument();
    expect(screen.getByText('Séquencement')).toBeInTheDocument();
    expect(screen.getByText('Séquencement retiré')).toBeInTheDocument();
    expect(screen.getByText('Action inconnue')).toBeInTheDocument();
    expect(screen.queryByText('rattachement')).toBeNull();
    expect(screen.queryByText('etat-etape')).toBeNull();
  });

  it('names them in English for a person reading English', async () => {
    await i18n.changeLanguage('en');
    renderJournal();
    expect(await screen.findByText('Attached to a parent process')).toBeInTheDocument();
    expect(screen.getByText('Step state changed')).toBeInTheDocument();
  });
});
