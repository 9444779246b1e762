import type { GammePoint } from '@app/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { stubServer } from '../../../test/stub-server.ts';
import { ProcessRoundField } from './process-round-field.tsx';

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

const value = () => screen.getByRole('textbox', { name: 'Valeur relevée' });

beforeEach(() => localStorage.clear());

describe('ProcessRoundField', () => {
  it('a part of a round: only its points, the alarm and its comment before sending, the readings sent with the process id', async () => {
    const calls = stubServer({
      'GET /api/v2/gamme-modele-metrique/get/5': () => [
        point(1, 1, 'Pression huile', { precedent: { value: '6.2', niveau: 'ok', capturedAt: '2026-11-24T07:30:00.000Z' } }),
        point(2, 2, 'Température', { unite: '°C' }),
        point(3, 3, 'Débit'),
      ],
      'POST /api/equipment/releves/set-captured-values': (call) => {
        const values = (call.body as { values: { clientId: string }[] }).values;
        return { items: values.map((v, i) => ({ id: 40 + i, ...v })), created: values.length, alreadyRecorded: 0 };
      },
    });
    const onRecorded = vi.fn();
    renderWithProviders(
      <ProcessRoundField
        label="Relevés du compresseur"
        config={{ gammeId: 5, pointIds: [3, 1] }}
        processId={77}
        value={undefined}
        readOnly={false}
        storageKey="k"
        onRecorded={onRecorded}
      />,
    );
    // The points of the part, in the gamme's order; the previous value shown.
    expect(await screen.findByText('Point 1 / 2')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Pression huile' })).toBeInTheDocument();
    expect(screen.getByText('6,2 bar')).toBeInTheDocument();
    fireEvent.change(value(), { target: { value: '9,5' } });
    expect(screen.getByRole('status')).toHaveTextContent('Valeur hors plage');
    fireEvent.click(screen.getByRole('button', { name: 'Suivant' }));
    expect(await screen.findByText('Un commentaire est obligatoire pour une valeur hors plage.')).toBeInTheDocument();
    fireEvent.change(screen.getByRole('textbox', { name: /Commentaire/ }), { target: { value: 'Filtre colmaté' } });
    fireEvent.click(screen.getByRole('button', { name: 'Suivant' }));
    expect(await screen.findByRole('heading', { name: 'Débit' })).toBeInTheDocument();
    fireEvent.change(value(), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Vérifier la ronde' }));
    const review = await screen.findByRole('list', { name: 'Vérification avant envoi' });
    expect(within(review).getByText('Alarme')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer les relevés (2)' }));
    await vi.waitFor(() => expect(onRecorded).toHaveBeenCalledWith({ gammeId: 5, releveIds: [40, 41] }));
    const [post] = calls.filter((c) => c.method === 'POST');
    const sent = (post.body as { values: { metriqueId: number; processId: number; comment: unknown }[] }).values;
    expect(sent.map((v) => [v.metriqueId, v.processId])).toEqual([
      [1, 77],
      [3, 77],
    ]);
    expect(sent[0].comment).toBe('Filtre colmaté');
  });

  it('a recorded round reads as text: each reading, its level and comment, nothing to edit', () => {
    stubServer({});
    renderWithProviders(
      <ProcessRoundField
        label="Relevés"
        config={{ gammeId: 5, pointIds: null }}
        processId={77}
        readOnly
        storageKey="k"
        onRecorded={() => {}}
        value={{
          gammeId: 5,
          releveIds: [40, 41],
          count: 2,
          outOfRange: 1,
          lignes: [
            {
              releveId: 40,
              metriqueId: 1,
              point: 'Pression huile',
              valeur: '9.5',
              unite: 'bar',
              niveau: 'alarm',
              comment: 'Filtre colmaté',
            },
            { releveId: 41, metriqueId: 3, point: 'Débit', valeur: '5', unite: null, niveau: 'ok', comment: null },
          ],
        }}
      />,
    );
    const group = screen.getByRole('group', { name: 'Relevés' });
    expect(group).toHaveTextContent('2 relevés enregistrés — 1 hors plage');
    expect(group).toHaveTextContent('Pression huile : 9,5 bar — Filtre colmaté');
    expect(within(group).getByText('Alarme')).toBeInTheDocument();
    expect(within(group).queryByRole('textbox')).toBeNull();
  });

  it('without a gamme configured, says so', () => {
    stubServer({});
    renderWithProviders(
      <ProcessRoundField label="Relevés" config={null} processId={77} readOnly={false} storageKey="k" onRecorded={() => {}} value={null} />,
    );
    expect(screen.getByText(/Aucune gamme n'est choisie/)).toBeInTheDocument();
  });
});
