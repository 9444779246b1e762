import type { Qcm } from '@app/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionFixture } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { stubServer } from '../../../test/stub-server.ts';
import { SessionGate } from '../../auth/index.ts';
import { QcmQuestionsPage } from './qcm-questions-page.tsx';

const question = (id: number, idx: number, texte: string, multiple = false) => ({
  id,
  qcmId: 3,
  texte,
  image: null,
  multiple,
  eliminatoire: id === 2,
  points: 1,
  idx,
  reponses: [
    { id: id * 10 + 1, texte: 'Oui', correcte: true, idx: 1 },
    { id: id * 10 + 2, texte: 'Non', correcte: false, idx: 2 },
  ],
});
const qcm: Qcm = {
  id: 3,
  libelle: 'Habilitation B1V/B2V',
  symboles: ['B1V', 'B2V'],
  actif: true,
  nbQuestions: 2,
  nbEliminatoires: 1,
  questions: [question(2, 2, 'La VAT se fait-elle avec un multimètre ?'), question(1, 1, 'Le B1V travaille-t-il au voisinage ?')],
};

function renderPage() {
  return renderWithProviders(
    <SessionGate>
      <Routes>
        <Route path="/app/qcm/:id" element={<QcmQuestionsPage />} />
      </Routes>
    </SessionGate>,
    { route: '/app/qcm/3' },
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('QcmQuestionsPage', () => {
  it('lists the questions in order with the right answers marked, reorders, and checks a question before saving it', async () => {
    const calls = stubServer({
      'GET /api/getConnectedUser': () => sessionFixture(),
      'GET /api/qcm/evaluation/get_all': () => ({
        qcms: [qcm],
        evaluations: [],
        setting: { seuilReussite: 80, nbQuestions: 20, dureeMinutes: 30, methodCode: 'POURCENTAGE' },
      }),
      'PUT /api/qcm/question/arrange': () => [],
      'POST /api/qcm/question/save': (call) => ({ ...question(9, 3, 'x'), ...(call.body as object) }),
    });
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Questions — Habilitation B1V/B2V' })).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Questions' });
    expect(
      within(list)
        .getAllByText(/^\d\. /)
        .map((e) => e.textContent),
    ).toEqual(['1. Le B1V travaille-t-il au voisinage ?', '2. La VAT se fait-elle avec un multimètre ?']);
    expect(within(list).getAllByText('(bonne réponse)')).toHaveLength(2);

    fireEvent.click(screen.getByRole('button', { name: 'Descendre la question 1' }));
    await vi.waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ qcmId: 3, ids: [2, 1] }));

    // A new question: the answers left empty and then two right answers on a single-answer question are refused.
    fireEvent.click(screen.getByRole('button', { name: 'Ajouter une question' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nouvelle question' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Question/ }), { target: { value: 'Que signifie le V de B2V ?' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(dialog).findByText('Chaque réponse doit avoir un texte.')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Réponse 1' }), { target: { value: 'Voisinage' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Réponse 2' }), { target: { value: 'Vérification' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ajouter une réponse' }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Réponse 3' }), { target: { value: 'Voisinage' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(dialog).findByText('Deux réponses ont le même texte.')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Retirer la réponse 3' }));
    // Several right answers need the multiple switch; marking the second one on a single-answer question moves the mark.
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Bonne réponse — Réponse 2' }));
    expect(within(dialog).getByRole('radio', { name: 'Bonne réponse — Réponse 1' })).not.toBeChecked();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Bonne réponse — Réponse 1' }));
    expect(calls.some((c) => c.url === '/api/qcm/question/save')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await vi.waitFor(() =>
      expect(calls.find((c) => c.url === '/api/qcm/question/save')?.body).toEqual({
        qcmId: 3,
        texte: 'Que signifie le V de B2V ?',
        multiple: false,
        eliminatoire: false,
        points: 1,
        reponses: [
          { texte: 'Voisinage', correcte: true },
          { texte: 'Vérification', correcte: false },
        ],
      }),
    );
  });
});
