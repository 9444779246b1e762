import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { stubServer } from '../../../test/stub-server.ts';
import { EquipementRelevesTab } from './equipement-releves-tab.tsx';

afterEach(() => vi.unstubAllGlobals());

const releve = {
  id: 7,
  clientId: '0b7f4c52-9d0e-4f7e-9a57-1f0a6f0c2b11',
  equipementId: 42,
  metriqueId: 3,
  gammeId: 5,
  pointNom: 'Pression huile',
  unite: 'bar',
  value: '9.5',
  niveau: 'alarm',
  comment: 'Filtre colmaté',
  capturedAt: '2026-11-24T07:30:00.000Z',
  capturedById: 4,
  capturedByNom: 'Camille Moreau',
  activiteInstanceId: null,
  processId: null,
  processesCreated: [],
  cancelledAt: null,
  cancelledById: null,
  cancelledByNom: null,
  cancelReason: null,
  precedent: { value: '6.2', niveau: 'ok', capturedAt: '2026-11-23T07:30:00.000Z' },
};

describe('EquipementRelevesTab', () => {
  it('shows the readings with their level in Paris time, and cancels one only with a reason', async () => {
    const calls = stubServer({
      'GET /api/equipment/releves/history': () => ({ items: [releve], total: 1, page: 1, perPage: 20, totalPage: 1 }),
      'DELETE /api/equipment/releves/history/delete/7': () => ({ ...releve, cancelledAt: '2026-11-25T08:00:00.000Z' }),
    });
    renderWithProviders(<EquipementRelevesTab equipementId={42} />);
    const table = await screen.findByRole('table', { name: 'Historique des relevés' });
    const row = await within(table).findByRole('row', { name: /Pression huile/ });
    expect(within(row).getByText('24/11/26 08:30')).toBeInTheDocument();
    expect(within(row).getByText('9,5 bar')).toBeInTheDocument();
    expect(within(row).getByText('Alarme')).toBeInTheDocument();

    fireEvent.click(within(row).getByRole('button', { name: /^Supprimer Pression huile/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Annuler le relevé' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Annuler le relevé' }));
    expect(await within(dialog).findByText('Le motif est obligatoire.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    fireEvent.change(within(dialog).getByRole('textbox', { name: /Motif/ }), { target: { value: 'Capteur débranché' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Annuler le relevé' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
    expect(calls.find((c) => c.method === 'DELETE')?.url).toBe('/api/equipment/releves/history/delete/7?motif=Capteur+d%C3%A9branch%C3%A9');
  });
});
