import type { ProcessHabilitation } from '@app/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionFixture } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { stubServer } from '../../../test/stub-server.ts';
import { SessionGate } from '../../auth/index.ts';
import { nextHabilitationIds, ProcessHabilitations } from './process-habilitations.tsx';

afterEach(() => vi.unstubAllGlobals());

const row = (id: number, habilitationId: number, code: string, utilisateurId: number | null, sens = 'accordee'): ProcessHabilitation => ({
  id,
  processId: 7,
  habilitationId,
  code,
  libelle: code,
  sens: sens as ProcessHabilitation['sens'],
  utilisateurId,
  utilisateur: utilisateurId === 5 ? 'Gilles Bernard' : null,
  createdAt: '2026-11-24T09:00:00Z',
});
const symbole = (id: number, code: string) => ({
  id,
  entrepriseId: 1,
  code,
  libelle: `Symbole ${code}`,
  domaine: 'B',
  caractere: null,
  nature: null,
  attribut: null,
  medicalRequis: true,
  recyclageMois: null,
  actif: true,
  idx: id,
  couvreIds: [],
  couvre: [],
  standard: true,
});

describe('nextHabilitationIds (update replaces one person’s granted list)', () => {
  it.each([
    { name: 'adds to what the person already has', rows: [row(1, 10, 'BR', 5)], person: 5, added: [11], want: [10, 11] },
    { name: 'counts each symbol once', rows: [row(1, 10, 'BR', 5)], person: 5, added: [10], want: [10] },
    {
      name: 'ignores other people and required rows',
      rows: [row(1, 10, 'BR', 6), row(2, 12, 'BC', 5, 'requise')],
      person: 5,
      added: [11],
      want: [11],
    },
  ])('$name', ({ rows, person, added, want }) => {
    expect(nextHabilitationIds(rows, person, added)).toEqual(want);
  });
});

describe('ProcessHabilitations (the symbols a habilitation request grants)', () => {
  it('lists them per person, adds with the person’s whole list, removes after confirmation', async () => {
    const calls = stubServer({
      'GET /api/getConnectedUser': () => sessionFixture(),
      'GET /api/v2/process_habilitation/get': () => [row(1, 10, 'BR', 5)],
      'GET /api/v2/habilitation/get': () => [symbole(10, 'BR'), symbole(11, 'BE Mesurage')],
      'GET /api/utilisateurs/get_utilisateurs/10': () => [{ id: 5, nom: 'Bernard', prenom: 'Gilles', fullName: 'Gilles Bernard' }],
      'POST /api/v2/process_habilitation/update': () => [row(1, 10, 'BR', 5), row(2, 11, 'BE Mesurage', 5)],
      'POST /api/v2/process_habilitation/remove': () => ({ message: 'ok' }),
    });
    renderWithProviders(
      <SessionGate>
        <ProcessHabilitations processId={7} canUpdate />
      </SessionGate>,
    );
    const list = await screen.findByRole('list');
    expect(within(list).getByText('Gilles Bernard')).toBeInTheDocument();
    expect(within(list).getByText('BR')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('combobox', { name: 'Personne' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Gilles Bernard' }));
    fireEvent.click(screen.getByRole('combobox', { name: 'Symboles' }));
    fireEvent.click(await screen.findByRole('option', { name: 'BE Mesurage — Symbole BE Mesurage' }));
    fireEvent.click(screen.getByRole('button', { name: 'Ajouter à la demande' }));
    await vi.waitFor(() => expect(calls.some((c) => c.url.includes('/process_habilitation/update'))).toBe(true));
    expect(calls.find((c) => c.url.includes('/process_habilitation/update'))?.body).toEqual({
      processId: 7,
      sens: 'accordee',
      utilisateurId: 5,
      habilitationIds: [10, 11],
    });

    fireEvent.click(screen.getByRole('button', { name: 'Retirer BR de Gilles Bernard' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Retirer' }));
    await vi.waitFor(() => expect(calls.some((c) => c.url.includes('/process_habilitation/remove'))).toBe(true));
    expect(calls.find((c) => c.url.includes('/process_habilitation/remove'))?.body).toEqual({ id: 1 });
  });

  it('reads only, without the form, when the request may not be changed', async () => {
    stubServer({
      'GET /api/getConnectedUser': () => sessionFixture(),
      'GET /api/v2/process_habilitation/get': () => [],
      'GET /api/v2/habilitation/get': () => [],
      'GET /api/utilisateurs/get_utilisateurs/10': () => [],
    });
    renderWithProviders(
      <SessionGate>
        <ProcessHabilitations processId={7} canUpdate={false} />
      </SessionGate>,
    );
    expect(await screen.findByText('Aucune habilitation demandée.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ajouter à la demande' })).not.toBeInTheDocument();
  });
});
