import { ACTIVITE_LABELS, ACTIVITES, DEFAULT_INCOMPATIBILITES, type Matrice } from '@app/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionFixture } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { stubServer } from '../../../test/stub-server.ts';
import { SessionGate } from '../../auth/index.ts';
import { IncompatibilitesPage } from './incompatibilites-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const matrice = (): Matrice => ({
  activites: ACTIVITES.map((code) => ({ code, libelle: ACTIVITE_LABELS[code] })),
  regles: DEFAULT_INCOMPATIBILITES.map((r) => ({ ...r, updatedAt: null, updatedBy: null })),
  workflows: [{ processModeleId: 5, libelle: 'Permis de feu', package: 'permis', activites: ['travail', 'feu'] }],
});

describe('IncompatibilitesPage (/app/incompatibilites)', () => {
  it('shows the matrix both ways, and saves a cell’s decision, where and why after its dialog', async () => {
    const calls = stubServer({
      'GET /api/getConnectedUser': () => sessionFixture(),
      'GET /api/v2/coactivite/incompatibilite/get': () => matrice(),
      'POST /api/v2/coactivite/incompatibilite/update': () => ({
        a: 'fouille',
        b: 'visite',
        decision: 'sequencement',
        portee: 'zone',
        motif: 'Éboulement',
        updatedAt: null,
        updatedBy: null,
      }),
    });
    renderWithProviders(
      <SessionGate>
        <IncompatibilitesPage />
      </SessionGate>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Coactivité : incompatibilités' })).toBeInTheDocument();
    // The pair is one cell, read either way.
    expect(
      screen.getByRole('button', { name: 'Travaux par points chauds (feu) × Pénétration en espace confiné : Refus' }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Pénétration en espace confiné × Travaux par points chauds (feu) : Refus' }),
    ).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Fouille × Visite : Compatibles' }));
    const dialog = await screen.findByRole('dialog', { name: 'Fouille × Visite' });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Séquencement' }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Pourquoi/ }), { target: { value: 'Éboulement' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await vi.waitFor(() => expect(calls.some((c) => c.url.includes('/incompatibilite/update'))).toBe(true));
    expect(calls.find((c) => c.url.includes('/incompatibilite/update'))?.body).toEqual({
      a: 'fouille',
      b: 'visite',
      decision: 'sequencement',
      portee: 'zone',
      motif: 'Éboulement',
    });
  });

  it('reads only without the right to change the settings', async () => {
    stubServer({
      'GET /api/getConnectedUser': () => sessionFixture({ rules: [] }),
      'GET /api/v2/coactivite/incompatibilite/get': () => matrice(),
    });
    renderWithProviders(
      <SessionGate>
        <IncompatibilitesPage />
      </SessionGate>,
    );
    expect(await screen.findByText(/Lecture seule/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Fouille × Visite : Compatibles' })).toBeDisabled();
  });
});
