import type { EvaluationScore, HabilitationEvaluation } from '@app/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionFixture } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { stubServer } from '../../../test/stub-server.ts';
import { SessionGate } from '../../auth/index.ts';
import { EvaluationPage } from './evaluation-page.tsx';

const minutes = (n: number) => new Date(Date.now() + n * 60_000).toISOString();

const attempt = (patch: Partial<HabilitationEvaluation> = {}): HabilitationEvaluation => ({
  id: 7,
  qcmId: 3,
  qcmLibelle: 'Habilitation B1V/B2V',
  utilisateurId: 1,
  utilisateurNom: 'Technicien Demo',
  processId: null,
  startedAt: minutes(-1),
  deadline: minutes(29),
  submittedAt: null,
  statut: 'en_cours',
  methodCode: 'POURCENTAGE',
  seuilReussite: 80,
  nbQuestions: 2,
  score: null,
  max: null,
  percent: null,
  reussi: null,
  questions: [
    {
      id: 11,
      texte: 'Quel est le domaine de tension de 400 V alternatif ?',
      image: null,
      multiple: false,
      points: 1,
      eliminatoire: true,
      reponses: [
        { id: 111, texte: 'TBT' },
        { id: 112, texte: 'BT' },
        { id: 113, texte: 'HTA' },
      ],
    },
    {
      id: 12,
      texte: 'Quelles opérations un B1V peut-il faire ?',
      image: null,
      multiple: true,
      points: 2,
      eliminatoire: false,
      reponses: [
        { id: 121, texte: 'Travaux hors tension' },
        { id: 122, texte: 'Travaux au voisinage' },
        { id: 123, texte: 'Consignation' },
      ],
    },
  ],
  reponses: [],
  ...patch,
});

const score = (patch: Partial<EvaluationScore> = {}): EvaluationScore => ({
  evaluationId: 7,
  methodCode: 'POURCENTAGE',
  seuilReussite: 80,
  score: 2,
  max: 2,
  percent: 100,
  reussi: true,
  eliminatoireManquee: false,
  parQuestion: [
    { questionId: 11, score: 1, max: 1, juste: true, eliminatoire: true, reponseIds: [112], bonnesReponseIds: [112] },
    { questionId: 12, score: 1, max: 1, juste: true, eliminatoire: false, reponseIds: [121, 122], bonnesReponseIds: [121, 122] },
  ],
  ...patch,
});

function renderAttempt() {
  return renderWithProviders(
    <SessionGate>
      <Routes>
        <Route path="/app/evaluations/:id" element={<EvaluationPage />} />
      </Routes>
    </SessionGate>,
    { route: '/app/evaluations/7' },
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('EvaluationPage', () => {
  it('one question at a time, answers saved as chosen, review, submit after confirmation, then the score and the correction', async () => {
    let submitted = false;
    const calls = stubServer({
      'GET /api/getConnectedUser': () => sessionFixture(),
      'GET /api/habilitation_evaluation/get/7': () =>
        submitted ? attempt({ statut: 'soumise', submittedAt: minutes(0), score: 2, max: 2, percent: 100, reussi: true }) : attempt(),
      'POST /api/habilitation_evaluation_answer/set': (call) => ({ ...(call.body as object), answeredAt: minutes(0) }),
      'POST /api/habilitation_evaluation/update': () => {
        submitted = true;
        return attempt({ statut: 'soumise', submittedAt: minutes(0), score: 2, max: 2, percent: 100, reussi: true, questions: undefined });
      },
      'POST /api/habilitation_evaluation/get_score': () => score(),
    });
    renderAttempt();
    expect(await screen.findByRole('heading', { level: 2, name: /400 V alternatif/ })).toBeInTheDocument();
    expect(screen.getByText('Question 1 sur 2')).toBeInTheDocument();
    expect(screen.getByRole('timer')).toHaveTextContent(/^2\d:\d\d$/);
    // No correctness before submission: nothing says which answer is right.
    expect(screen.queryByText(/bonne réponse/)).not.toBeInTheDocument();

    const q1 = screen.getByRole('radiogroup', { name: /400 V alternatif/ });
    fireEvent.click(within(q1).getByRole('radio', { name: 'BT' }));
    await vi.waitFor(() =>
      expect(calls.find((c) => c.url === '/api/habilitation_evaluation_answer/set')?.body).toEqual({
        evaluationId: 7,
        questionId: 11,
        reponseIds: [112],
      }),
    );
    expect(within(q1).getByRole('radio', { name: 'BT' })).toHaveAttribute('aria-checked', 'true');

    fireEvent.click(screen.getByRole('button', { name: 'Suivante' }));
    const q2 = await screen.findByRole('group', { name: /B1V/ });
    fireEvent.click(within(q2).getByRole('checkbox', { name: 'Travaux hors tension' }));
    fireEvent.click(within(q2).getByRole('checkbox', { name: 'Travaux au voisinage' }));
    await vi.waitFor(() =>
      expect(calls.filter((c) => c.url === '/api/habilitation_evaluation_answer/set').map((c) => c.body)).toContainEqual({
        evaluationId: 7,
        questionId: 12,
        reponseIds: [121, 122],
      }),
    );
    // Back keeps the answer chosen.
    fireEvent.click(screen.getByRole('button', { name: 'Précédente' }));
    expect(within(await screen.findByRole('radiogroup')).getByRole('radio', { name: 'BT' })).toHaveAttribute('aria-checked', 'true');
    fireEvent.click(screen.getByRole('button', { name: 'Suivante' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Récapitulatif' }));

    const review = await screen.findByRole('list', { name: 'Récapitulatif avant envoi' });
    expect(within(review).getAllByText('Répondu')).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Terminer et envoyer' }));
    const dialog = await screen.findByRole('dialog', { name: "Envoyer l'évaluation" });
    expect(calls.some((c) => c.url === '/api/habilitation_evaluation/update')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Envoyer' }));

    expect(await screen.findByText('Réussi')).toBeInTheDocument();
    expect(screen.getByTestId('qcm-score')).toHaveTextContent('2 / 2 points (100 %)');
    expect(calls.find((c) => c.url === '/api/habilitation_evaluation/update')?.body).toEqual({ id: 7, submit: true });
    // The correction, once submitted.
    expect(await screen.findByRole('heading', { name: 'Correction' })).toBeInTheDocument();
    expect(screen.getAllByText(/bonne réponse/).length).toBeGreaterThan(0);
  });

  it('time over: the attempt is submitted by itself and the result states the missed eliminatory question', async () => {
    let submitted = false;
    const calls = stubServer({
      'GET /api/getConnectedUser': () => sessionFixture(),
      'GET /api/habilitation_evaluation/get/7': () =>
        submitted
          ? attempt({ statut: 'soumise', submittedAt: minutes(0), score: 0, max: 2, percent: 0, reussi: false })
          : attempt({ startedAt: minutes(-30), deadline: minutes(-0.01) }),
      'POST /api/habilitation_evaluation/update': () => {
        submitted = true;
        return attempt({ statut: 'soumise', submittedAt: minutes(0), questions: undefined });
      },
      'POST /api/habilitation_evaluation/get_score': () =>
        score({
          score: 0,
          percent: 0,
          reussi: false,
          eliminatoireManquee: true,
          parQuestion: [
            { questionId: 11, score: 0, max: 1, juste: false, eliminatoire: true, reponseIds: [], bonnesReponseIds: [112] },
            { questionId: 12, score: 0, max: 1, juste: false, eliminatoire: false, reponseIds: [], bonnesReponseIds: [121, 122] },
          ],
        }),
    });
    renderAttempt();
    expect(await screen.findByText('Échoué')).toBeInTheDocument();
    expect(calls.some((c) => c.url === '/api/habilitation_evaluation/update')).toBe(true);
    expect(screen.getByText('Question éliminatoire manquée')).toBeInTheDocument();
    expect(screen.getAllByText('Aucune réponse donnée.')).toHaveLength(2);
  });
});
