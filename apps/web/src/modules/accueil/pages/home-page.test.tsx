import type { Accueil, AccueilProcess } from '@app/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionFixture } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { stubServer } from '../../../test/stub-server.ts';
import { SessionGate } from '../../auth/index.ts';
import { HomePage } from './home-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const item = (id: number, nom: string, extra: Partial<AccueilProcess> = {}): AccueilProcess => ({
  id,
  numero: id * 100,
  nomProcess: nom,
  processModele: { id: 7, libelle: 'Permis de feu', package: 'permis' },
  etat: 'en_cours',
  etape: { id: 12, ordre: 3, nom: 'Autorisation' },
  dateDebut: '2026-11-24T07:30:00.000Z',
  dateFin: '2026-11-24T16:00:00.000Z',
  lastModifyAt: '2026-11-24T09:00:00.000Z',
  lastModifyBy: { id: 8, nom: 'Lefèvre', prenom: 'Bruno' },
  entreprise: { id: 10, nom: 'Acme Énergie' },
  ...extra,
});
const empty = { items: [], total: 0, totalExact: true };

function home(patch: Partial<Accueil> = {}): Accueil {
  return {
    at: '2026-11-24T10:00:00.000Z',
    since: '2026-11-17T10:00:00.000Z',
    lastVisit: null,
    readsProcesses: true,
    aSigner: { items: [item(41, 'Soudure de la passerelle du quai 3')], total: 1, totalExact: true },
    mesProcessus: { ...empty, parEtat: { en_cours: 0, termine: 2, inactif: 0 } },
    aujourdhui: {
      items: [item(42, 'Consignation pompe P12', { processModele: { id: 8, libelle: 'Consignation', package: 'mc' } })],
      total: 150,
      totalExact: false,
    },
    nouveautes: { items: [item(43, 'Meulage garde-corps')], total: 1, totalExact: true },
    ...patch,
  };
}

function renderHome(data: Accueil) {
  const calls = stubServer({
    'GET /api/getConnectedUser': () => sessionFixture(),
    'GET /api/v2/accueil/get': () => data,
    'PUT /api/v2/accueil/seen': () => ({ lastVisit: data.at }),
  });
  renderWithProviders(
    <SessionGate>
      <HomePage />
    </SessionGate>,
    { route: '/app' },
  );
  return calls;
}

describe('HomePage', () => {
  it('lists what waits for the person, each entry a link to its process, with counts', async () => {
    renderHome(home());
    const aSigner = await screen.findByRole('region', { name: /À signer ou valider/ });
    const link = await within(aSigner).findByRole('link', { name: 'N° 41 — Soudure de la passerelle du quai 3' });
    expect(link).toHaveAttribute('href', '/app/processus/41');
    expect(aSigner).toHaveTextContent('Permis de feu · Étape 3. Autorisation');
    const today = screen.getByRole('region', { name: /Consignations et permis du jour/ });
    expect(within(today).getByLabelText('plus de 150 processus')).toBeInTheDocument();
    expect(today).toHaveTextContent('du 24/11/26 08:30 au 24/11/26 17:00');
    const changed = screen.getByRole('region', { name: /Nouveautés/ });
    expect(changed).toHaveTextContent('modifié par Bruno Lefèvre le 24/11/26 à 10:00');
    expect(changed).toHaveTextContent('Sur les 7 derniers jours.');
    // The browser tab (and a screen reader arriving on the page) names the screen.
    expect(document.title).toBe('Accueil · Sécurité des sites');
  });

  it('says when there is nothing, section by section', async () => {
    renderHome(home({ aSigner: empty, aujourdhui: empty, nouveautes: empty }));
    expect(await screen.findByText('Rien à signer pour le moment.')).toBeInTheDocument();
    expect(screen.getByText('Aucune consignation ni aucun permis en cours aujourd’hui.')).toBeInTheDocument();
    expect(screen.getByText('Aucun processus en cours créé par vous ou à votre charge.')).toBeInTheDocument();
    expect(screen.getByText('Rien de nouveau depuis votre dernière visite.')).toBeInTheDocument();
    expect(screen.getByText('En cours : 0 · Terminés : 2 · Inactifs : 0')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Marquer comme vu' })).toBeNull();
  });

  it('marks what changed as seen at the time of the read', async () => {
    const calls = renderHome(home());
    fireEvent.click(await screen.findByRole('button', { name: 'Marquer comme vu' }));
    await waitFor(() => expect(calls.some((c) => c.url === '/api/v2/accueil/seen')).toBe(true));
    expect(calls.find((c) => c.url === '/api/v2/accueil/seen')?.body).toEqual({ at: '2026-11-24T10:00:00.000Z' });
  });

  it('names the client company of a contractor’s process', async () => {
    renderHome(
      home({ aSigner: { items: [item(44, 'Permis de Gamma', { entreprise: { id: 99, nom: 'Client SA' } })], total: 1, totalExact: true } }),
    );
    const aSigner = await screen.findByRole('region', { name: /À signer ou valider/ });
    expect(await within(aSigner).findByText(/Client SA · Permis de feu/)).toBeInTheDocument();
  });
});
