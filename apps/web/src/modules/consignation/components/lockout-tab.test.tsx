import type { ConsignationDetail } from '@app/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lockoutFixture } from '../../../test/consignation-fixtures.ts';
import { sessionFixture } from '../../../test/fixtures.ts';
import { jsonResponse, renderWithProviders } from '../../../test/render.tsx';
import { type StubRoute, stubServer } from '../../../test/stub-server.ts';
import { SessionGate } from '../../auth/index.ts';
import { nextAttestation } from './attestations.tsx';
import { LockoutTab } from './lockout-tab.tsx';

afterEach(() => vi.unstubAllGlobals());

function setup(detail: ConsignationDetail, routes: Record<string, StubRoute> = {}, canUpdate = true) {
  const onChanged = vi.fn();
  const calls = stubServer({
    // Claire Martin (id 1) is signed in; Gilles Bernard (5) holds the padlock P-7.
    'GET /api/getConnectedUser': () => sessionFixture(),
    'GET /api/v2/consignation/get/42': () => detail,
    'GET /api/v2/registre_code/get': () => [],
    'GET /api/utilisateurs/get_utilisateurs/10': () => [
      { id: 1, nom: 'Martin', prenom: 'Claire', fullName: 'Claire Martin' },
      { id: 5, nom: 'Bernard', prenom: 'Gilles', fullName: 'Gilles Bernard' },
      { id: 6, nom: 'Faure', prenom: 'Julie', fullName: 'Julie Faure' },
    ],
    ...routes,
  });
  renderWithProviders(
    <SessionGate>
      <LockoutTab processId={42} canUpdate={canUpdate} onChanged={onChanged} />
    </SessionGate>,
  );
  const posted = (path: string) => calls.filter((c) => c.url === path).map((c) => c.body);
  return { calls, posted, onChanged };
}

describe('nextAttestation (the attestation to sign now, from the moves offered)', () => {
  const move = (etat: 'consignee_etape1' | 'consignee', raison: string | null) => ({
    etat,
    libelle: etat,
    code: null,
    autorisee: raison === null,
    raison,
  });
  const viaAttestation = 'Signez l’attestation de consignation : c’est elle qui fait passer l’ouvrage à « Consignée ».';
  it.each([
    {
      name: 'one step, nothing else missing',
      mode: 'une_etape',
      moves: [move('consignee', viaAttestation)],
      want: { type: 'consignation', raison: null },
    },
    {
      name: 'one step, operations missing: their reason',
      mode: 'une_etape',
      moves: [move('consignee', 'Opérations de consignation à signer d’abord : VAT.')],
      want: { type: 'consignation', raison: 'Opérations de consignation à signer d’abord : VAT.' },
    },
    {
      name: 'two steps from « Préparée »: the first step',
      mode: 'deux_etapes',
      moves: [move('consignee', 'x'), move('consignee_etape1', null)],
      want: { type: 'premiere_etape', raison: null },
    },
    { name: 'no move to a consigned state: none', mode: 'deux_etapes', moves: [], want: null },
  ] as const)('$name', ({ mode, moves, want }) => {
    expect(nextAttestation({ mode, transitions: [...moves] })).toEqual(want);
  });
});

describe('LockoutTab (the « Consignation » tab of a lockout’s process)', () => {
  it('shows the state with the company chip, the operations with who and when, the points with their padlocks, the attestation', async () => {
    setup(lockoutFixture());
    expect(await screen.findByRole('heading', { name: 'État de la consignation' })).toBeInTheDocument();
    expect(screen.getByText('CS — Consigné')).toBeInTheDocument();
    expect(screen.getByText('En deux étapes')).toBeInTheDocument();

    const ops = screen.getByRole('region', { name: 'Opérations de consignation' });
    expect(within(ops).getByText('1. Séparation')).toBeInTheDocument();
    expect(within(ops).getAllByText(/^Signée par Gilles Bernard le 24\/11\/26 09:05/)).toHaveLength(1);
    expect(within(ops).getByText(/point Q4 · Bloque-disjoncteur posé/)).toBeInTheDocument();
    // Consigned: the operations were signed before the attestation, none is offered now.
    expect(within(ops).queryByRole('button', { name: "Signer l'opération « Identification »" })).not.toBeInTheDocument();

    const points = screen.getByRole('region', { name: "Points d'isolement (2)" });
    expect(within(points).getByText('Cadenas n° C-101 posé par Gilles Bernard le 24/11/26 09:05')).toBeInTheDocument();
    expect(within(points).getByText('Pas encore de cadenas')).toBeInTheDocument();

    const attestation = screen.getByRole('region', { name: 'Attestation et avis de fin de travail' });
    expect(within(attestation).getByText('Attestation de première étape de consignation N° 17')).toBeInTheDocument();
    expect(within(attestation).getByText('Signée par Gilles Bernard le 24/11/26 09:10')).toBeInTheDocument();
    expect(within(attestation).queryByRole('button', { name: /^Signer l'Attestation/ })).not.toBeInTheDocument();
    expect(within(attestation).getByRole('button', { name: 'Signer un avis de fin de travail' })).toBeInTheDocument();
  });

  it('before the attestation: offers the operations, not the personal padlocks; the attestation waits with its reason', async () => {
    setup(
      lockoutFixture({
        etat: 'preparee',
        etatLibelle: 'Préparée',
        code: null,
        mode: 'une_etape',
        attestations: [],
        cadenas: [],
        transitions: [
          {
            etat: 'consignee',
            libelle: 'Consignée',
            code: 'CS',
            autorisee: false,
            raison: 'Opérations de consignation à signer d’abord : Identification.',
          },
        ],
      }),
    );
    expect(await screen.findByRole('button', { name: "Signer l'opération « Identification »" })).toBeEnabled();
    const padlocks = screen.getByRole('region', { name: 'Cadenas personnels' });
    expect(
      within(padlocks).getByText("Les cadenas personnels se posent une fois l'ouvrage consigné, avant d'y travailler."),
    ).toBeInTheDocument();
    expect(within(padlocks).queryByRole('button', { name: 'Poser le cadenas' })).not.toBeInTheDocument();
    const attest = screen.getByRole('button', { name: "Signer l'Attestation de consignation" });
    expect(attest).toBeDisabled();
    expect(attest).toHaveAccessibleDescription('Opérations de consignation à signer d’abord : Identification.');
    // A point without padlock takes its number now.
    expect(screen.getByRole('textbox', { name: 'N° de cadenas du point V2' })).toBeInTheDocument();
  });

  it('shows a refused move disabled with its French reason; an allowed one is confirmed, then sent', async () => {
    const moved = lockoutFixture({ etat: 'travaux_autorises', etatLibelle: 'Travaux autorisés', transitions: [] });
    const { posted, onChanged } = setup(lockoutFixture(), { 'POST /api/v2/consignation/transition': () => moved });
    const refused = await screen.findByRole('button', { name: 'Passer à « Déconsignation demandée » (DS)' });
    expect(refused).toBeDisabled();
    expect(refused).toHaveAccessibleDescription('Déconsignation impossible : aucun avis de fin de travail signé.');
    expect(screen.getByText('Déconsignation impossible : aucun avis de fin de travail signé.')).toBeVisible();

    fireEvent.click(screen.getByRole('button', { name: 'Passer à « Travaux autorisés » (TSN)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Passer à « Travaux autorisés » ?' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Motif/ }), { target: { value: 'Équipe B sur place' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirmer le passage' }));
    await waitFor(() =>
      expect(posted('/api/v2/consignation/transition')).toEqual([
        { processId: 42, etat: 'travaux_autorises', motif: 'Équipe B sur place' },
      ]),
    );
    expect(await screen.findByText('Cette consignation est close : plus aucun passage possible.')).toBeInTheDocument();
    expect(onChanged).toHaveBeenCalled();
  });

  it('keeps the dialog open with the server’s French refusal', async () => {
    setup(lockoutFixture(), {
      'POST /api/v2/consignation/transition': () =>
        jsonResponse(409, {
          code: 'CONSIGNATION_TRANSITION',
          message: 'Déconsignation impossible : cadenas personnels encore posés : Gilles Bernard.',
        }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Passer à « Travaux autorisés » (TSN)' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirmer le passage' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Déconsignation impossible : cadenas personnels encore posés : Gilles Bernard.',
    );
  });

  it('records a personal padlock, and offers the absent-worker procedure for another’s', async () => {
    const withTwo = lockoutFixture({
      cadenas: [
        ...lockoutFixture().cadenas,
        {
          id: 32,
          utilisateurId: 6,
          nom: 'Julie Faure',
          numero: 'P-9',
          pose: { utilisateurId: 1, nom: 'Claire Martin', at: '2026-11-24T09:00:00Z' },
          retrait: null,
          retraitAbsent: null,
        },
      ],
    });
    const { posted } = setup(lockoutFixture(), { 'POST /api/v2/consignation/cadenas/create': () => withTwo });
    const padlocks = await screen.findByRole('region', { name: 'Cadenas personnels' });
    expect(within(padlocks).getByText('1 posés / 1')).toBeInTheDocument();
    fireEvent.click(within(padlocks).getByRole('combobox', { name: 'Intervenant' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Julie Faure' }));
    fireEvent.change(within(padlocks).getByRole('textbox', { name: 'N° du cadenas' }), { target: { value: ' P-9 ' } });
    fireEvent.click(within(padlocks).getByRole('button', { name: 'Poser le cadenas' }));
    await waitFor(() =>
      expect(posted('/api/v2/consignation/cadenas/create')).toEqual([{ processId: 42, utilisateurId: 6, numero: 'P-9' }]),
    );
    expect(await within(padlocks).findByText('Julie Faure — cadenas n° P-9')).toBeInTheDocument();
    expect(within(padlocks).getByText('2 posés / 2')).toBeInTheDocument();

    fireEvent.click(within(padlocks).getByRole('button', { name: 'Retirer le cadenas de Gilles Bernard, absent' }));
    const dialog = await screen.findByRole('dialog', { name: 'Retrait du cadenas de Gilles Bernard (n° P-7) en son absence' });
    expect(within(dialog).getByRole('textbox', { name: /Motif/ })).toBeRequired();
    expect(within(dialog).getByRole('img', { name: /Signature/ })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Signer le retrait' })).toBeDisabled();
  });

  it('reads only when the person may not change the process', async () => {
    setup(lockoutFixture(), {}, false);
    expect(await screen.findByText('Vous pouvez consulter cette consignation, pas la faire avancer.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Passer à « Travaux autorisés » (TSN)' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Poser le cadenas' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Signer/ })).not.toBeInTheDocument();
  });

  it('says so when the process has no lockout record', async () => {
    setup(lockoutFixture(), { 'GET /api/v2/consignation/get/42': () => jsonResponse(404, { message: 'Introuvable' }) });
    expect(await screen.findByText("Ce processus n'a pas de consignation enregistrée.")).toBeInTheDocument();
  });
});
