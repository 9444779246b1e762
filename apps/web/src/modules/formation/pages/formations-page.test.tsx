import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionFixture } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { stubServer } from '../../../test/stub-server.ts';
import { SessionGate } from '../../auth/index.ts';
import { FormationsPage } from './formations-page.tsx';

const formation = (id: number, intitule: string, validUntil: string | null) => ({
  id,
  utilisateurId: 4,
  utilisateurNom: 'Paul Technicien',
  intitule,
  organisme: 'APAVE',
  date: '2024-03-12',
  validUntil,
  avisApresFormation: [
    { symbole: 'B2V', avis: 'favorable' as const },
    { symbole: 'BC', avis: 'defavorable' as const },
  ],
  createdAt: '2024-03-12T08:00:00.000Z',
});

afterEach(() => vi.unstubAllGlobals());

describe('FormationsPage', () => {
  it('lists the trainings with their validity and avis per symbol, and cancels one only with a reason', async () => {
    const calls = stubServer({
      'GET /api/getConnectedUser': () => sessionFixture(),
      'GET /api/formation/get_by_pagging': () => ({
        items: [formation(1, 'Habilitation électrique B2V', '2020-01-01'), formation(2, 'Recyclage BC', null)],
        total: 2,
        offset: 0,
        perPage: 25,
      }),
      'GET /api/habilitation_evaluation/get_by_pagging': () => ({ items: [], total: 0, offset: 0, perPage: 25 }),
      'POST /api/formation/cancel': () => ({ message: 'ok' }),
    });
    renderWithProviders(
      <SessionGate>
        <FormationsPage />
      </SessionGate>,
    );
    const table = await screen.findByRole('table', { name: 'Formations' });
    expect(await within(table).findByText('Expirée le 01/01/20')).toBeInTheDocument();
    expect(within(table).getByText('Sans échéance')).toBeInTheDocument();
    expect(within(table).getAllByText('B2V : Favorable')).toHaveLength(2);
    expect(within(table).getAllByText('BC : Défavorable')).toHaveLength(2);

    fireEvent.click(within(table).getByRole('button', { name: 'Annuler la formation Recyclage BC' }));
    const dialog = await screen.findByRole('dialog', { name: 'Annuler la formation' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Annuler la formation' }));
    expect(await within(dialog).findByText('Le motif est obligatoire (3 caractères au moins).')).toBeInTheDocument();
    expect(calls.some((c) => c.url === '/api/formation/cancel')).toBe(false);
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Motif/ }), { target: { value: 'Saisie en double' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Annuler la formation' }));
    await vi.waitFor(() =>
      expect(calls.find((c) => c.url === '/api/formation/cancel')?.body).toEqual({ id: 2, motif: 'Saisie en double' }),
    );

    // The attempts of everyone, in the second tab.
    fireEvent.click(screen.getByRole('tab', { name: 'Évaluations' }));
    expect(await screen.findByText('Aucune évaluation passée.')).toBeInTheDocument();
  });
});
