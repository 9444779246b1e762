import type { GammePoint } from '@app/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionFixture } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { stubServer } from '../../../test/stub-server.ts';
import { SessionGate } from '../../auth/index.ts';
import { roundStorageKey } from '../releve-round.ts';
import { ReleveRoundPage } from './releve-round-page.tsx';

const gamme = {
  id: 5,
  entrepriseId: 10,
  libelle: 'Ronde compresseurs',
  client: null,
  duree: 30,
  logicielId: 1,
  nbPoints: 2,
  nbLignes: 0,
  version: 0,
  createdAt: '2026-11-20T08:00:00.000Z',
};

const point = (id: number, idx: number, nom: string, extra: Partial<GammePoint> = {}): GammePoint => ({
  id,
  gammeId: 5,
  nom,
  dataType: 'number',
  idx,
  propertyValues: {},
  equipementId: 100 + id,
  equipementName: `Compresseur C${id}`,
  unite: 'bar',
  min: 2,
  max: 8,
  lowWarning: 3,
  highWarning: 7,
  obligatoire: true,
  workflowModelsToCreate: [],
  version: 0,
  precedent: null,
  ...extra,
});

function renderRound() {
  return renderWithProviders(
    <SessionGate>
      <Routes>
        <Route path="/app/releves/:id" element={<ReleveRoundPage />} />
      </Routes>
    </SessionGate>,
    { route: '/app/releves/5' },
  );
}

const value = () => screen.getByRole('textbox', { name: 'Valeur relevée' });

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('ReleveRoundPage', () => {
  it('warns of an out-of-range value before sending, requires its comment, and sends the round once with client ids (a retry reuses them)', async () => {
    let attempts = 0;
    const calls = stubServer({
      'GET /api/getConnectedUser': () => sessionFixture(),
      'GET /api/gamme/get_all': () => [gamme],
      'GET /api/v2/gamme-modele-metrique/get/5': () => [
        point(2, 2, 'Température refoulement', { unite: '°C', min: 20, max: 90, lowWarning: 30, highWarning: 80 }),
        point(1, 1, 'Pression huile', { precedent: { value: '6.2', niveau: 'ok', capturedAt: '2026-11-24T07:30:00.000Z' } }),
      ],
      'POST /api/equipment/releves/set-captured-values': (call) => {
        attempts += 1;
        // The first sending is lost on the way (the network fails); the second is recorded.
        if (attempts === 1) throw new TypeError('Failed to fetch');
        const values = (call.body as { values: { clientId: string }[] }).values;
        return { items: values.map((v, i) => ({ id: i + 1, ...v })), created: values.length, alreadyRecorded: 0 };
      },
    });
    renderRound();

    // Points in their order (idx), one at a time, with the previous value.
    expect(await screen.findByText('Point 1 / 2')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Pression huile' })).toBeInTheDocument();
    expect(screen.getByText('Valeur précédente')).toBeInTheDocument();
    expect(screen.getByText('6,2 bar')).toBeInTheDocument();
    expect(value()).toHaveAttribute('inputmode', 'decimal');

    // 9,5 bar is above max 8: the alarm shows at once, before anything is sent.
    fireEvent.change(value(), { target: { value: '9,5' } });
    expect(screen.getByRole('status')).toHaveTextContent('Valeur hors plage');
    fireEvent.click(screen.getByRole('button', { name: 'Suivant' }));
    expect(await screen.findByText('Un commentaire est obligatoire pour une valeur hors plage.')).toBeInTheDocument();
    expect(screen.getByText('Point 1 / 2')).toBeInTheDocument();
    fireEvent.change(screen.getByRole('textbox', { name: /Commentaire/ }), { target: { value: 'Filtre colmaté, signalé' } });
    fireEvent.click(screen.getByRole('button', { name: 'Suivant' }));

    expect(await screen.findByText('Point 2 / 2')).toBeInTheDocument();
    fireEvent.change(value(), { target: { value: '55' } });
    expect(screen.getByRole('status')).toHaveTextContent('Valeur dans la plage');
    fireEvent.click(screen.getByRole('button', { name: 'Vérifier la ronde' }));

    // The review, then one request for the whole round.
    const review = await screen.findByRole('list', { name: 'Vérification avant envoi' });
    expect(within(review).getByText('Alarme')).toBeInTheDocument();
    expect(within(review).getByText('Dans la plage')).toBeInTheDocument();
    // Nothing was sent while entering.
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer la ronde (2 relevés)' }));
    expect(await screen.findByText("La ronde n'a pas été envoyée")).toBeInTheDocument();
    // The unsent round is still on the device.
    expect(localStorage.getItem(roundStorageKey(1, 5))).toContain('Filtre colmaté');

    fireEvent.click(screen.getByRole('button', { name: 'Renvoyer la ronde' }));
    expect(await screen.findByText('Ronde envoyée')).toBeInTheDocument();
    const posts = calls.filter((c) => c.method === 'POST' && c.url === '/api/equipment/releves/set-captured-values');
    expect(posts).toHaveLength(2);
    const [first, second] = posts.map(
      (p) => (p.body as { values: { clientId: string; metriqueId: number; value: unknown; comment: unknown }[] }).values,
    );
    expect(first).toHaveLength(2);
    expect(first[0]).toMatchObject({ metriqueId: 1, equipementId: 101, value: 9.5, comment: 'Filtre colmaté, signalé' });
    expect(first[1]).toMatchObject({ metriqueId: 2, value: 55, comment: null });
    for (const v of first) expect(v.clientId).toMatch(/^[0-9a-f-]{36}$/);
    expect(first[0].clientId).not.toBe(first[1].clientId);
    // The retry carries the same ids: the server records each value once.
    expect(second.map((v) => v.clientId)).toEqual(first.map((v) => v.clientId));
    // Sent: the device forgets the round.
    expect(localStorage.getItem(roundStorageKey(1, 5))).toBeNull();
  });

  it('keeps a round begun after a reload, and a skipped point is flagged and not sent', async () => {
    stubServer({
      'GET /api/getConnectedUser': () => sessionFixture(),
      'GET /api/gamme/get_all': () => [gamme],
      'GET /api/v2/gamme-modele-metrique/get/5': () => [point(1, 1, 'Pression huile'), point(2, 2, 'Niveau huile', { obligatoire: false })],
    });
    const first = renderRound();
    expect(await screen.findByText('Point 1 / 2')).toBeInTheDocument();
    fireEvent.change(value(), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Suivant' }));
    expect(await screen.findByText('Point 2 / 2')).toBeInTheDocument();
    first.unmount();

    renderRound();
    expect(await screen.findByText('Point 2 / 2')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Passer' }));
    const review = await screen.findByRole('list', { name: 'Vérification avant envoi' });
    expect(within(review).getByText('Passé')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Envoyer la ronde (1 relevé)' })).toBeEnabled();
  });
});
