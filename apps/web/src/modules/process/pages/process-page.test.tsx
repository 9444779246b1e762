import type { Metrique, ProcessModele } from '@app/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { metriqueFixture, sessionFixture } from '../../../test/fixtures.ts';
import { jsonResponse, renderWithProviders, type TestRoute } from '../../../test/render.tsx';
import { stubServer } from '../../../test/stub-server.ts';
import { SessionGate } from '../../auth/index.ts';
import type { ProcessData } from '../process.queries.ts';
import { ProcessPage } from './process-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const field = (id: number, nom: string, dataType: string, etape_id: number, extra: Partial<Metrique> = {}): Metrique =>
  metriqueFixture(id, nom, dataType, { etape_id, etape_ordre: etape_id - 10, processModeleId: 7, ...extra });

const etape = (id: number, ordre: number, nom: string, metriques: Metrique[]) => ({
  id,
  nom,
  ordre,
  processModeleId: 7,
  config: { isGammeDeReleves: false, canForward: false, canReturn: ordre > 1 },
  metriques,
  autorisations: [],
});

const modele: ProcessModele = {
  id: 7,
  libelle: 'Permis de fouille',
  nom: 'Permis de fouille',
  processModeleLibelle: 'Permis de fouille',
  package: null,
  config: { workflowModelsToCreate: [] },
  locked: false,
  version: 1,
  etapes: [
    etape(11, 1, 'Demande', [field(1, "Lieu d'intervention", 'text', 11, { required: true })]),
    etape(12, 2, 'Autorisation', [
      field(2, 'Décision', 'text', 12, { required: true }),
      field(3, 'Signature du responsable', 'signature', 12),
    ]),
    etape(13, 3, 'Clôture', []),
  ],
  metriques: [],
  availableMetriques: [],
};

const person = { id: 4, nom: 'Moreau', prenom: 'Camille' };
function processFixture(): ProcessData {
  return {
    id: 5,
    processId: 5,
    parentId: null,
    nomProcess: 'Fouille du regard R12',
    nom_process: 'Fouille du regard R12',
    numero: 1200,
    niveau: 0,
    key: 'k',
    parentKey: null,
    processModele: { id: 7, libelle: 'Permis de fouille', package: null },
    dateDebut: '2026-11-24T07:30:00.000Z',
    dateFin: null,
    dateInterventionDebut: null,
    dateInterventionFin: null,
    equipement: { id: 9, libelle: 'Regard R12' },
    typeConsignation: null,
    latestStatus: null,
    latestStatusCode: null,
    latestStatusId: null,
    prestataireIds: [],
    personneEnCharge: null,
    processDetails: [
      {
        etapeId: 11,
        isValid: true,
        dateRealise: '2026-11-24T08:05:00.000Z',
        etat: 3,
        saved: true,
        etape: { id: 11, ordre: 1, nom: 'Demande' },
      },
      { etapeId: 12, isValid: false, dateRealise: null, etat: 2, saved: false, etape: { id: 12, ordre: 2, nom: 'Autorisation' } },
      { etapeId: 13, isValid: false, dateRealise: null, etat: 2, saved: false, etape: { id: 13, ordre: 3, nom: 'Clôture' } },
    ],
    etatEtapes: [],
    currentEtapeOrdre: 2,
    lockedProcess: false,
    lockProcesses: [],
    etat: 'en_cours',
    status: null,
    rawData: { 1: 'Parking nord' },
    signatures: {},
    references: {},
    reference: null,
    changedMetriques: [],
    usersPointedGamme: [],
    lastModifyAt: '2026-11-24T08:05:00.000Z',
    lastModifyBy: person,
    createdBy: person,
    color: null,
    version: 3,
    steps: [
      { id: 11, nom: 'Demande', ordre: 1, config: { canReturn: false } },
      { id: 12, nom: 'Autorisation', ordre: 2, config: { canReturn: true } },
      { id: 13, nom: 'Clôture', ordre: 3, config: {} },
    ],
    abilities: { read: true, create: true, update: true, delete: false },
  };
}

function renderPage(
  canAct: boolean,
  patch: Partial<ProcessData> = {},
  { session = sessionFixture(), route = '/app/processus/5' as TestRoute } = {},
) {
  const calls = stubServer({
    'GET /api/getConnectedUser': () => session,
    'GET /api/v3/process/get/5': () => ({ ...processFixture(), ...patch }),
    'GET /api/v3/process/modele/5': () => modele,
    'GET /api/v2/step/get_information_controls/12': () => ({
      etapeId: 12,
      autorisations: [],
      canAct,
      raison: canAct ? null : 'Vous n’êtes pas autorisé à agir sur cette étape.',
    }),
    'GET /api/v2/process/get_files': () => [],
    'GET /api/etape/get_log/5/0': () => [
      { id: 1, at: '2026-11-24T08:00:00.000Z', utilisateur: person, action: 'creation', etapeOrdre: null, before: null, after: null },
      { id: 2, at: '2026-11-24T08:05:00.000Z', utilisateur: person, action: 'signature', etapeOrdre: 1, before: null, after: null },
    ],
    'GET /api/processes/process_tree': () => ({ id: 5, nomProcess: 'Fouille du regard R12', numero: 1200, etat: 'en_cours', children: [] }),
    'GET /api/v2/permis/get/5': () => ({ processId: 5, permis: null }),
    'PUT /api/v3/process/sign': () =>
      jsonResponse(400, {
        message: 'Champs obligatoires à remplir avant de signer : Décision.',
        code: 'VALIDATION',
        detail: [{ champ: 'rawData.2', message: 'Décision' }],
      }),
  });
  renderWithProviders(
    <SessionGate>
      <Routes>
        <Route path="/app/processus/:id" element={<ProcessPage />} />
      </Routes>
    </SessionGate>,
    { route },
  );
  return calls;
}

describe('ProcessPage', () => {
  const menuItem = (slug: string, libelle: string) => ({ id: slug, slug, libelle, parentId: null, idx: 0, logiciel: null });

  it('says the states of the process and of its steps in English when the person reads English', async () => {
    await i18n.changeLanguage('en');
    try {
      renderPage(false, {}, { session: sessionFixture({ languageCode: 'en', languageCodes: ['fr', 'en'] }) });
      expect(await screen.findByLabelText('State: In progress')).toBeInTheDocument();
      const timeline = screen.getByRole('navigation', { name: 'Steps of the process' });
      expect(timeline).toHaveTextContent('Validated');
      expect(timeline).toHaveTextContent('In progress');
      expect(timeline).toHaveTextContent('To do');
      expect(timeline).not.toHaveTextContent('Validée');
      expect(await screen.findByRole('button', { name: /1\. Demande — Validated/ })).toBeInTheDocument();
    } finally {
      await i18n.changeLanguage('fr');
    }
  });

  it('has no « Permis » tab for a process of another software', async () => {
    renderPage(false);
    expect(await screen.findByRole('tab', { name: 'Formulaire' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Permis' })).not.toBeInTheDocument();
  });

  it('has a « Permis » tab for a permit process (package permis), which shows its permit', async () => {
    renderPage(false, { processModele: { id: 7, libelle: 'Permis de fouille', package: 'permis' } });
    fireEvent.click(await screen.findByRole('tab', { name: 'Permis' }));
    expect(await screen.findByText("Aucun permis n'est encore enregistré pour ce processus.")).toBeInTheDocument();
  });

  it('says « Terminé » once in the header of a finished process', async () => {
    renderPage(false, { etat: 'termine', status: 'Terminé', latestStatus: 'Terminé' });
    const badge = await screen.findByLabelText('État : Terminé');
    expect(badge.parentElement?.textContent).toBe('Terminé');
  });

  it('leads back to the process list when it is in the menu', async () => {
    renderPage(false, {}, { session: sessionFixture({ menuItems: [menuItem('processus', 'Processus')] }) });
    expect(await screen.findByRole('link', { name: 'Retour aux processus' })).toHaveAttribute('href', '/app/processus');
  });

  it("leads an external company's person, whose menu has no process list, back to the home instead of « Accès refusé »", async () => {
    renderPage(false, {}, { session: sessionFixture({ eu: false, menuItemsEE: [menuItem('permis', 'Permis')] }) });
    expect(await screen.findByRole('link', { name: "Retour à l'accueil" })).toHaveAttribute('href', '/app');
    expect(screen.queryByRole('link', { name: 'Retour aux processus' })).toBeNull();
  });

  it('leads back to the list it was opened from, its filters included', async () => {
    renderPage(false, {}, { route: { pathname: '/app/processus/5', state: { from: '/app/listes/PERMIS?equipement=pompe' } } });
    expect(await screen.findByRole('link', { name: 'Retour à la liste' })).toHaveAttribute('href', '/app/listes/PERMIS?equipement=pompe');
  });

  it('shows the header, the timeline, the current step and signs it, showing missing fields next to them', async () => {
    const calls = renderPage(true);
    expect(await screen.findByRole('heading', { level: 1, name: 'N° 12 — Fouille du regard R12' })).toBeInTheDocument();
    expect(document.title).toBe('N° 12 — Fouille du regard R12 · Sécurité des sites');
    expect(screen.getByLabelText('État : En cours')).toBeInTheDocument();
    expect(screen.getByText('Regard R12')).toBeInTheDocument();
    const timeline = screen.getByRole('navigation', { name: 'Étapes du processus' });
    // The steps are an ordered list; a step's number in its bullet is not read twice.
    expect(
      within(timeline)
        .getAllByRole('listitem')
        .map((li) => li.getAttribute('aria-current')),
    ).toEqual([null, 'step', null]);
    expect(within(timeline).getByText('3', { ignore: false })).toHaveAttribute('aria-hidden', 'true');
    expect(timeline).toHaveTextContent('1. Demande');
    expect(timeline).toHaveTextContent('Validée');
    expect(timeline).toHaveTextContent('24/11/26 09:05');
    expect(timeline).toHaveTextContent('En cours');
    expect(await screen.findByRole('heading', { name: 'Étape en cours : 2. Autorisation' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Zone de signature : Signature du responsable' })).toBeInTheDocument();
    // Earlier step: collapsed and read-only.
    expect(screen.getByRole('button', { name: /1\. Demande — Validée/ })).toBeInTheDocument();

    const sign = await screen.findByRole('button', { name: 'Signer' });
    expect(screen.getByRole('button', { name: 'Renvoyer' })).toBeInTheDocument();
    fireEvent.change(screen.getByRole('textbox', { name: /Décision/ }), { target: { value: '' } });
    fireEvent.click(sign);
    await waitFor(() => expect(calls.some((c) => c.url === '/api/v3/process/sign')).toBe(true));
    expect(calls.find((c) => c.url === '/api/v3/process/sign')?.body).toMatchObject({ id: 5, etapeId: 12, version: 3 });
    expect(await screen.findByText('Champs obligatoires à remplir avant de signer : Décision.')).toBeInTheDocument();
    expect(screen.getByText('Ce champ est obligatoire.')).toBeInTheDocument();

    // The journal is asked for on the tab's first visit, once: coming back to it shows it again without a new call.
    const journalCalls = () => calls.filter((c) => c.url.startsWith('/api/etape/get_log/')).length;
    expect(journalCalls()).toBe(0);
    fireEvent.click(screen.getByRole('tab', { name: 'Journal' }));
    expect(await screen.findByText('Création')).toBeInTheDocument();
    expect(screen.getAllByText('Camille Moreau').length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('tab', { name: 'Formulaire' }));
    // The form kept what was typed while the journal was shown (mounted once, kept).
    expect(screen.getByText('Ce champ est obligatoire.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('tab', { name: 'Journal' }));
    expect(screen.getByText('Création')).toBeInTheDocument();
    expect(journalCalls()).toBe(1);
  });

  it('shows the reason instead of the actions when the caller may not act on the step', async () => {
    renderPage(false);
    expect(await screen.findByText('Vous n’êtes pas autorisé à agir sur cette étape.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Signer' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Renvoyer' })).toBeNull();
    // Read-only: the values read as text, not as faint disabled inputs.
    expect(screen.queryByRole('textbox', { name: /Décision/ })).toBeNull();
    expect(screen.getByRole('group', { name: 'Décision' })).toHaveTextContent('—');
  });

  it('reads a signed step as text, with who signed it and when', async () => {
    renderPage(true, {
      validations: [{ etapeId: 11, at: '2026-11-24T08:05:00.000Z', by: { id: 8, nom: 'Lefèvre', prenom: 'Bruno' } }],
    });
    const control = await screen.findByRole('button', { name: /1\. Demande — Validée/ });
    expect(control).toHaveTextContent('Signée par Bruno Lefèvre le 24/11/26 à 09:05');
    fireEvent.click(control);
    const value = await screen.findByRole('group', { name: "Lieu d'intervention" });
    expect(value).toHaveTextContent('Parking nord');
    expect(screen.queryByRole('textbox', { name: /Lieu d'intervention/ })).toBeNull();
  });

  it('says on the form of a returned step why it was sent back, by whom and when', async () => {
    const fixture = processFixture();
    renderPage(true, {
      processDetails: fixture.processDetails.map((d) => (d.etapeId === 12 ? { ...d, etat: 8 } : d)),
      lastReturns: [
        {
          etapeId: 12,
          fromEtapeId: 13,
          motif: 'Préciser la profondeur de la fouille',
          at: '2026-11-24T09:30:00.000Z',
          by: { id: 8, nom: 'Lefèvre', prenom: 'Bruno' },
        },
      ],
    });
    const banner = await screen.findByTestId('returned-step');
    expect(banner).toHaveTextContent('Étape renvoyée');
    expect(banner).toHaveTextContent('Motif : Préciser la profondeur de la fouille');
    expect(banner).toHaveTextContent('Renvoyée par Bruno Lefèvre le 24/11/26 à 10:30. Depuis l’étape « 3. Clôture ».');
  });

  it('shows no return banner on a step that was not sent back', async () => {
    renderPage(true, {
      lastReturns: [{ etapeId: 11, fromEtapeId: 12, motif: 'Ancien renvoi', at: '2026-11-24T07:00:00.000Z', by: null }],
    });
    expect(await screen.findByRole('heading', { name: 'Étape en cours : 2. Autorisation' })).toBeInTheDocument();
    expect(screen.queryByTestId('returned-step')).toBeNull();
  });
});
