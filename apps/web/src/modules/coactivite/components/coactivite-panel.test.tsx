import type { CoactiviteProcessVue, ConflitVue } from '@app/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionFixture } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { stubServer } from '../../../test/stub-server.ts';
import { SessionGate } from '../../auth/index.ts';
import { CoactivitePanel } from './coactivite-panel.tsx';

afterEach(() => vi.unstubAllGlobals());

const conflit = (over: Partial<ConflitVue> = {}): ConflitVue => ({
  autreId: 12,
  autreNumero: 42,
  autreNom: 'Soudure des supports de la mezzanine',
  autreEtat: 'en_cours',
  decision: 'cosignature',
  paires: [{ activite: 'hauteur', autreActivite: 'travail', decision: 'cosignature', motif: 'Chute d’objets sur les travaux en dessous.' }],
  lieu: 'equipement',
  debut: '2026-11-25T08:00:00Z',
  fin: '2026-11-25T15:00:00Z',
  pourquoi: 'Coactivité avec le N° 42 « Soudure des supports de la mezzanine » sur le même équipement (Mezzanine du magasin)',
  bloque: true,
  etat: 'ouvert',
  cosignature: null,
  ...over,
});
const vue = (conflits: ConflitVue[], peutCosigner = true): CoactiviteProcessVue => ({
  processId: 7,
  concerne: true,
  activites: ['travail', 'hauteur'],
  conflits,
  peutCosigner,
});

const render = (canUpdate = true) =>
  renderWithProviders(
    <SessionGate>
      <CoactivitePanel processId={7} canUpdate={canUpdate} />
    </SessionGate>,
  );

describe('CoactivitePanel (the conflicts of a lockout or permit)', () => {
  it('lists each conflict with the other process, the activities, where, the overlap, the decision and why; co-signs after confirmation', async () => {
    const calls = stubServer({
      'GET /api/getConnectedUser': () => sessionFixture(),
      'GET /api/v2/coactivite/get/7': () => vue([conflit()]),
      'POST /api/v2/coactivite/cosign': () =>
        vue([
          conflit({
            etat: 'cosigne',
            cosignature: { utilisateurId: 3, nom: 'Bruno Lefèvre', at: '2026-11-25T09:30:00Z', hash: 'a'.repeat(64), commentaire: null },
          }),
        ]),
    });
    render();
    const item = await screen.findByRole('listitem', { name: 'N° 42 — Soudure des supports de la mezzanine' });
    expect(within(item).getByRole('link', { name: 'N° 42 — Soudure des supports de la mezzanine' })).toHaveAttribute(
      'href',
      '/app/processus/12',
    );
    expect(within(item).getByText('Co-signature')).toBeInTheDocument();
    expect(within(item).getByText('À régler')).toBeInTheDocument();
    expect(
      within(item).getByText(
        /Travail en hauteur × Travaux \(permis de travail\) · Même équipement · Du 25\/11\/26 09:00 au 25\/11\/26 16:00/,
      ),
    ).toBeInTheDocument();
    expect(within(item).getByText(/sur le même équipement \(Mezzanine du magasin\)/)).toBeInTheDocument();

    fireEvent.click(within(item).getByRole('button', { name: 'Co-signer' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Votre nom, la date, l’heure et l’empreinte/)).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Co-signer' }));
    await vi.waitFor(() => expect(calls.some((c) => c.url.includes('/coactivite/cosign'))).toBe(true));
    expect(calls.find((c) => c.url.includes('/coactivite/cosign'))?.body).toEqual({ processId: 7, autreProcessId: 12 });
    expect(await screen.findByText(/Co-signé par Bruno Lefèvre le 25\/11\/26 à 10:30/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Co-signer' })).not.toBeInTheDocument();
  });

  it('says when there is no conflict, and offers no action to whom may not act', async () => {
    stubServer({
      'GET /api/getConnectedUser': () => sessionFixture(),
      'GET /api/v2/coactivite/get/7': () => vue([]),
    });
    render();
    expect(await screen.findByText('Aucun conflit de coactivité.')).toBeInTheDocument();
    expect(screen.getByText('Travail en hauteur')).toBeInTheDocument();
  });

  it('shows a refusal without action, and a sequencing to add for the later process', async () => {
    const calls = stubServer({
      'GET /api/getConnectedUser': () => sessionFixture(),
      'GET /api/v2/coactivite/get/7': () =>
        vue([
          conflit({ autreId: 13, autreNumero: 43, decision: 'refus' }),
          conflit({ autreId: 14, autreNumero: 44, decision: 'sequencement' }),
        ]),
      'POST /api/v3/process_sequencing/create': () => ({ id: 1, processId: 7, lockedByProcessId: 14 }),
    });
    render();
    const refus = await screen.findByRole('listitem', { name: /N° 43/ });
    expect(within(refus).getByText(/Coactivité interdite/)).toBeInTheDocument();
    expect(within(refus).queryByRole('button')).not.toBeInTheDocument();
    const seq = screen.getByRole('listitem', { name: /N° 44/ });
    fireEvent.click(within(seq).getByRole('button', { name: 'Séquencer' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Séquencer' }));
    await vi.waitFor(() => expect(calls.some((c) => c.url.includes('/process_sequencing/create'))).toBe(true));
    expect(calls.find((c) => c.url.includes('/process_sequencing/create'))?.body).toEqual({ processId: 7, lockedByProcessId: 14 });
  });

  it('reads only for a person who may not co-sign', async () => {
    stubServer({
      'GET /api/getConnectedUser': () => sessionFixture(),
      'GET /api/v2/coactivite/get/7': () => vue([conflit()], false),
    });
    render();
    await screen.findByRole('listitem');
    expect(screen.queryByRole('button', { name: 'Co-signer' })).not.toBeInTheDocument();
  });
});
