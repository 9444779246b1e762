import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { stubServer } from '../../../test/stub-server.ts';
import { iso, NOW, permisFixture, watchingFixture } from '../permis.fixtures.ts';
import { PermisClock } from '../permis-clock.ts';
import { PermisTab } from './permis-tab.tsx';

const PNG = 'data:image/png;base64,iVBORw0KGgo=';
const GET = 'GET /api/v2/permis/get/42';

beforeEach(() => {
  // jsdom has no 2D canvas: the signature pad draws on a stub and gives a fixed PNG.
  const ctx = { beginPath() {}, moveTo() {}, lineTo() {}, stroke() {}, clearRect() {}, fillText() {} };
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation((() => ctx) as never);
  vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockReturnValue(PNG);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The tab at a fixed instant (the clock is injected: nothing depends on when the test runs). */
function renderTab(onChanged = vi.fn(), now = NOW) {
  renderWithProviders(
    <PermisClock.Provider value={() => now}>
      <PermisTab processId={42} canUpdate onChanged={onChanged} />
    </PermisClock.Provider>,
  );
  return onChanged;
}

/** Signs in a dialog's pad by typing a name (the keyboard way), then validates it. */
function signIn(dialog: HTMLElement, pad: string) {
  fireEvent.change(within(dialog).getByRole('textbox', { name: 'Ou tapez votre nom pour signer' }), { target: { value: 'Lina Robert' } });
  fireEvent.click(within(dialog).getByRole('button', { name: `Valider la signature « ${pad} »` }));
}

describe('PermisTab (the permit of a permit process)', () => {
  it('shows the base permit, its complements, the validity left, the lockouts and the issue signatures', async () => {
    stubServer({ [GET]: () => ({ processId: 42, permis: permisFixture() }) });
    renderTab();
    expect(await screen.findByRole('heading', { name: 'Permis de travail N° 17' })).toBeInTheDocument();
    expect(screen.getByText('En cours')).toBeInTheDocument();
    expect(screen.getByText('Du 25/11/26 08:00 au 25/11/26 18:00')).toBeInTheDocument();
    expect(screen.getByText('Expire dans 7 h 00 min')).toBeInTheDocument();
    const complements = screen.getByRole('region', { name: 'Permis complémentaires' });
    expect(within(complements).getByText('Permis de feu')).toBeInTheDocument();
    expect(within(complements).getByText('Travail en hauteur')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'N° 12 — Consignation vapeur V12' })).toHaveAttribute('href', '/app/processus/9');
    expect(screen.getByRole('link', { name: 'N° 12 — Consignation vapeur V12' }).closest('li')).toHaveTextContent(
      'N° 12 — Consignation vapeur V12 · Chaudière CH1 · Consignée',
    );
    const issue = screen.getByRole('region', { name: 'Signatures : Délivrance' });
    expect(within(issue).getByText('Surveillant')).toBeInTheDocument();
    expect(within(issue).getByText('Signé par Lina Robert le 25/11/26 07:50')).toBeInTheDocument();
    // The fire watch starts with the end of works.
    expect(screen.getByText('La surveillance commence à la signature de la fin de travaux.')).toBeInTheDocument();
    // Both sides sign the end of works.
    const end = screen.getByRole('region', { name: 'Signatures : Fin de travaux' });
    expect(within(end).getByRole('button', { name: 'Signer comme Exécutant' })).toBeInTheDocument();
  });

  it.each([
    { name: 'expired', fixture: { etatEffectif: 'expire' as const, dateFin: iso(-50) }, text: 'Expiré depuis 50 min' },
    {
      name: 'not started yet',
      fixture: { etat: 'delivre' as const, dateDebut: iso(65), dateFin: iso(600) },
      text: 'Commence dans 1 h 05 min',
    },
    { name: 'in its last two hours', fixture: { dateFin: iso(30) }, text: 'Expire dans 30 min' },
  ])('says when the window is $name', async ({ fixture, text }) => {
    stubServer({ [GET]: () => ({ processId: 42, permis: permisFixture(fixture) }) });
    renderTab();
    expect(await screen.findByText(text)).toBeInTheDocument();
  });

  it('says when no permit is recorded, and offers to retry a failed read', async () => {
    stubServer({ [GET]: () => ({ processId: 42, permis: null }) });
    renderTab();
    expect(await screen.findByText("Aucun permis n'est encore enregistré pour ce processus.")).toBeInTheDocument();
  });

  it('records the permit of a process that has none: type, complements, window, works', async () => {
    const calls = stubServer({
      [GET]: () => ({ processId: 42, permis: null }),
      'PUT /api/v2/permis/update': () => permisFixture({ etat: 'demande', etatEffectif: 'demande', signatures: [], actions: ['annuler'] }),
    });
    renderTab();
    fireEvent.click(await screen.findByRole('button', { name: 'Enregistrer le permis' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enregistrer le permis' });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Permis de feu' }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Travail en hauteur' }));
    expect(within(dialog).getByRole('radio', { name: 'Une journée' })).toBeChecked();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Travaux' }), { target: { value: 'Soudure sur la ligne V12' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      processId: 42,
      type: 'feu',
      complements: ['hauteur'],
      modeValidite: 'jour',
      dateDebut: iso(0),
      dateFin: iso(480),
      travaux: 'Soudure sur la ligne V12',
      mesures: null,
      consignationIds: [],
    });
    expect(await screen.findByRole('heading', { name: 'Permis de travail N° 17' })).toBeInTheDocument();
    expect(screen.getByText('Demandé')).toBeInTheDocument();
  });

  it('offers to retry when the permit cannot be read', async () => {
    let fail = true;
    stubServer({
      [GET]: () =>
        fail ? new Response('{"message":"Service indisponible"}', { status: 503 }) : { processId: 42, permis: permisFixture() },
    });
    renderTab();
    const retry = await screen.findByRole('button', { name: 'Réessayer' });
    fail = false;
    fireEvent.click(retry);
    expect(await screen.findByRole('heading', { name: 'Permis de travail N° 17' })).toBeInTheDocument();
  });

  it('extends by re-signature: new end, motif, signature; shows the new end', async () => {
    const extended = permisFixture({
      dateFin: iso(540),
      prolongations: [
        {
          id: 1,
          ancienneFin: iso(420),
          nouvelleFin: iso(540),
          motif: 'Soudure plus longue',
          utilisateur: { id: 1, nom: 'Claire Martin' },
          at: iso(0),
          hash: 'p1',
        },
      ],
    });
    const calls = stubServer({
      [GET]: () => ({ processId: 42, permis: permisFixture() }),
      'POST /api/v2/permis/extend': () => extended,
    });
    const onChanged = renderTab();
    fireEvent.click(await screen.findByRole('button', { name: 'Prolonger' }));
    const dialog = await screen.findByRole('dialog', { name: 'Prolonger le permis' });
    // The new end is proposed two hours later; without a motif nothing is sent.
    expect(within(dialog).getByRole('textbox', { name: /Nouvelle fin de validité/ })).toHaveValue('25/11/26 20:00');
    signIn(dialog, 'Signature de la prolongation');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Prolonger' }));
    expect(await within(dialog).findByText('Le motif est obligatoire.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    fireEvent.change(within(dialog).getByRole('textbox', { name: /Motif de la prolongation/ }), {
      target: { value: 'Soudure plus longue' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Prolonger' }));
    await waitFor(() => expect(calls.some((c) => c.url === '/api/v2/permis/extend')).toBe(true));
    expect(calls.find((c) => c.url === '/api/v2/permis/extend')?.body).toEqual({
      processId: 42,
      dateFin: iso(540),
      motif: 'Soudure plus longue',
      image: PNG,
      version: 4,
    });
    expect(await screen.findByText('Du 25/11/26 08:00 au 25/11/26 20:00')).toBeInTheDocument();
    expect(screen.getByText('Fin initiale : 25/11/26 18:00')).toBeInTheDocument();
    expect(onChanged).toHaveBeenCalled();
  });

  it('suspends with a motif after confirmation, then resumes', async () => {
    const suspended = permisFixture({
      etat: 'suspendu',
      etatEffectif: 'suspendu',
      actions: ['reprendre', 'prolonger', 'terminer'],
      suspensions: [
        {
          id: 1,
          motif: 'Alarme gaz',
          suspenduPar: { id: 1, nom: 'Claire Martin' },
          suspenduAt: iso(0),
          reprisPar: null,
          reprisAt: null,
          observationReprise: null,
        },
      ],
    });
    const calls = stubServer({
      [GET]: () => ({ processId: 42, permis: permisFixture() }),
      'POST /api/v2/permis/suspend': () => suspended,
      'POST /api/v2/permis/resume': () => permisFixture(),
    });
    renderTab();
    fireEvent.click(await screen.findByRole('button', { name: 'Suspendre' }));
    const dialog = await screen.findByRole('dialog', { name: 'Suspendre le permis' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Suspendre le permis' }));
    expect(await within(dialog).findByText('Le motif est obligatoire.')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Motif de la suspension/ }), { target: { value: 'Alarme gaz' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Suspendre le permis' }));
    expect(await screen.findByText('Permis suspendu depuis le 25/11/26 11:00 : Alarme gaz')).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/v2/permis/suspend')?.body).toEqual({ processId: 42, motif: 'Alarme gaz', version: 4 });

    fireEvent.click(screen.getByRole('button', { name: 'Reprendre' }));
    const resume = await screen.findByRole('dialog', { name: 'Reprendre les travaux' });
    fireEvent.click(within(resume).getByRole('button', { name: 'Reprendre les travaux' }));
    await waitFor(() => expect(calls.some((c) => c.url === '/api/v2/permis/resume')).toBe(true));
    expect(await screen.findByRole('button', { name: 'Suspendre' })).toBeInTheDocument();
  });

  it('signs the end of works as one side', async () => {
    const calls = stubServer({
      [GET]: () => ({ processId: 42, permis: permisFixture() }),
      'POST /api/v2/permis/sign': () => permisFixture({ signaturesAttendues: ['emetteur'] }),
    });
    renderTab();
    fireEvent.click(await screen.findByRole('button', { name: 'Signer comme Exécutant' }));
    const dialog = await screen.findByRole('dialog', { name: 'Fin de travaux : signer comme Exécutant' });
    signIn(dialog, 'Signature (Exécutant)');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Signer' }));
    await waitFor(() => expect(calls.some((c) => c.url === '/api/v2/permis/sign')).toBe(true));
    expect(calls.find((c) => c.url === '/api/v2/permis/sign')?.body).toEqual({
      processId: 42,
      acte: 'fin_travaux',
      role: 'executant',
      image: PNG,
      version: 4,
    });
  });
});

describe('the fire watch of a hot-work permit', () => {
  it('counts down from the server’s start and duration, lists the checks, records one and shows the next', async () => {
    const calls = stubServer({
      [GET]: () => ({ processId: 42, permis: watchingFixture() }),
      'POST /api/v2/permis/fire_watch/check': () => watchingFixture([1]),
    });
    renderTab();
    expect(await screen.findByRole('timer', { name: 'Fin de la surveillance dans 1:20:00' })).toHaveTextContent('1:20:00');
    const checks = screen.getByRole('list', { name: 'Contrôles de surveillance' });
    const items = within(checks).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      'Contrôle n° 1En retardprévu à 10:50',
      'Contrôle n° 2À venirprévu à 11:20',
      'Contrôle n° 3À venirprévu à 11:50',
      'Contrôle n° 4À venirprévu à 12:20',
    ]);
    expect(screen.getByText('Prochain contrôle : n° 1 à 10:50')).toBeInTheDocument();
    // Closing waits for the watch: the button is off and the server's reason is shown.
    expect(screen.getByRole('button', { name: 'Clore le permis' })).toBeDisabled();
    expect(screen.getByText('La surveillance après travaux n’est pas finie : encore 80 min (jusqu’à 12:20).')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Contrôle effectué' }));
    const dialog = await screen.findByRole('dialog', { name: 'Contrôle n° 1 de la surveillance' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Observation/ }), { target: { value: 'RAS' } });
    signIn(dialog, 'Signature du contrôle');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer le contrôle' }));
    expect(await screen.findByText('Prochain contrôle : n° 2 à 11:20')).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/v2/permis/fire_watch/check')?.body).toEqual({
      processId: 42,
      numero: 1,
      observation: 'RAS',
      image: PNG,
    });
    // The next one is not due yet: the button waits and says from when.
    expect(screen.getByRole('button', { name: 'Contrôle effectué' })).toBeDisabled();
    expect(screen.getByText('Le contrôle n° 2 pourra être signé à partir de 11:15.')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Contrôles de surveillance' })).getAllByRole('listitem')[0]).toHaveTextContent(
      'Contrôle n° 1Faitfait à 10:51 par Lina Robert',
    );
  });

  it('closes once the watch is over, after confirmation', async () => {
    const over = watchingFixture([1, 2, 3, 4]);
    const finished = {
      ...over,
      now: iso(90),
      surveillance: over.surveillance && { ...over.surveillance, prochain: null, terminee: true, raisons: [] },
    };
    const calls = stubServer({
      [GET]: () => ({ processId: 42, permis: finished }),
      'POST /api/v2/permis/close': () => ({
        ...finished,
        etat: 'clos',
        etatEffectif: 'clos',
        actions: [],
        closAt: iso(0),
        closPar: { id: 1, nom: 'Claire Martin' },
      }),
    });
    renderTab(vi.fn(), NOW + 90 * 60_000);
    expect(await screen.findByText('Surveillance terminée : le permis peut être clos.')).toBeInTheDocument();
    expect(screen.getByRole('timer')).toHaveTextContent('00:00');
    fireEvent.click(screen.getByRole('button', { name: 'Clore le permis' }));
    const dialog = await screen.findByRole('dialog', { name: 'Clore le permis ?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Clore le permis' }));
    expect(await screen.findByText('Clos le 25/11/26 11:00 par Claire Martin.')).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/v2/permis/close')?.body).toEqual({ processId: 42, version: 4 });
  });
});
