import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { stubServer } from '../../../test/stub-server.ts';
import { EtatsManoeuvrePanel } from './etats-manoeuvre-panel.tsx';

afterEach(() => vi.unstubAllGlobals());

const etat = (id: number, idx: number, libelle: string) => ({ id, gammeId: null, libelle, couleur: '#2f9e44', idx });

describe('EtatsManoeuvrePanel', () => {
  it('arranges the states with the arrow keys from a handle, or with the buttons', async () => {
    const calls = stubServer({ 'PUT /api/etat_manoeuvre_modele/arrange': () => [] });
    renderWithProviders(<EtatsManoeuvrePanel canEdit etats={[etat(2, 2, 'Fermé'), etat(1, 1, 'Ouvert'), etat(3, 3, 'Débroché')]} />);
    const list = screen.getByRole('list', { name: 'États de manœuvre' });
    expect(list).toHaveTextContent(/Ouvert.*Fermé.*Débroché/);
    expect(screen.getByRole('button', { name: 'Monter Ouvert' })).toBeDisabled();

    fireEvent.keyDown(screen.getByRole('button', { name: 'Déplacer Ouvert (flèches haut et bas)' }), { key: 'ArrowDown' });
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0].body).toEqual({ ids: [2, 1, 3] });

    fireEvent.click(screen.getByRole('button', { name: 'Monter Débroché' }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1].body).toEqual({ ids: [1, 3, 2] });
  });
});
