import { expect } from 'vitest';
import { type Actor, multipart, type TestApp } from '../harness.ts';
import { matrixRows } from './kit.ts';
import { PNG_1PX } from './registre-fixtures.ts';

const ok = async (t: TestApp, as: Actor, method: string, url: string, body?: unknown) => {
  const r = await t.req(as, method, url, body);
  expect(r.statusCode, `${url}: ${r.body}`).toBe(200);
  return r.json();
};

interface Quiz {
  id: number;
  questions: { id: number; reponses: { id: number; correcte: boolean }[] }[];
}
/** An Acme quiz of two questions (each a right and a wrong answer), made by its admin. */
async function mkQcm(t: TestApp): Promise<Quiz> {
  const q = await ok(t, 'acmeAdmin', 'POST', '/api/qcm/save', { libelle: `QCM matrice ${Math.random()}`, symboles: ['B1V'] });
  const questions = [];
  for (const texte of ['Domaine BT en courant alternatif ?', 'Qui délivre le titre ?']) {
    questions.push(
      await ok(t, 'acmeAdmin', 'POST', '/api/qcm/question/save', {
        qcmId: q.id,
        texte,
        reponses: [
          { texte: 'Bonne', correcte: true },
          { texte: 'Mauvaise', correcte: false },
        ],
      }),
    );
  }
  return { id: q.id, questions };
}
/** An attempt of the technician on a new quiz, and that quiz. */
async function mkAttempt(t: TestApp) {
  const quiz = await mkQcm(t);
  const e = await ok(t, 'acmeTechnicien', 'POST', '/api/habilitation_evaluation/add', {
    qcmId: quiz.id,
    utilisateurId: t.ids.user.acmeTechnicien,
  });
  return { quiz, e: e as { id: number; questions: { id: number; reponses: { id: number }[] }[] } };
}
/** A submitted attempt of the technician. */
async function mkSubmitted(t: TestApp) {
  const { e } = await mkAttempt(t);
  await ok(t, 'acmeTechnicien', 'POST', '/api/habilitation_evaluation/update', { id: e.id, submit: true });
  return e.id;
}
const answerOf = async (t: TestApp) => {
  const { e } = await mkAttempt(t);
  const q = e.questions[0];
  return { url: '/api/habilitation_evaluation_answer/set', body: { evaluationId: e.id, questionId: q.id, reponseIds: [q.reponses[0].id] } };
};
const questionBody = (qcmId: number) => ({
  qcmId,
  texte: 'La VAT se fait-elle avec des EPI ?',
  reponses: [
    { texte: 'Oui', correcte: true },
    { texte: 'Non', correcte: false },
  ],
});

export const rows = matrixRows({
  qcm: {
    getAll: {
      ok: {
        as: 'acmeAdmin',
        call: async (t) => {
          await mkQcm(t);
          return { url: '/api/qcm/evaluation/get_all' };
        },
        check: (j) => expect(j.qcms[0].questions[0].reponses[0]).toHaveProperty('correcte'),
      },
      other: { as: 'betaAdmin', unseen: { kind: 'qcm', ids: (j) => j.qcms.map((q: { id: number }) => q.id) } },
    },
    add: {
      ok: {
        as: 'acmeTechnicien',
        call: async (t) => ({
          url: '/api/habilitation_evaluation/add',
          body: { qcmId: (await mkQcm(t)).id, utilisateurId: t.ids.user.acmeTechnicien },
        }),
        check: (j) => {
          expect(j.questions).toHaveLength(2);
          expect(JSON.stringify(j)).not.toContain('correcte');
        },
      },
      forbidden: {
        as: 'acmeTechnicien',
        call: async (t) => ({
          url: '/api/habilitation_evaluation/add',
          body: { qcmId: (await mkQcm(t)).id, utilisateurId: t.ids.user.acmeAdmin },
        }),
      },
      bad: async (t) => ({ url: '/api/habilitation_evaluation/add', body: { qcmId: 'abc', utilisateurId: t.ids.user.acmeTechnicien } }),
    },
    update: {
      ok: {
        as: 'acmeTechnicien',
        call: async (t) => ({ url: '/api/habilitation_evaluation/update', body: { id: (await mkAttempt(t)).e.id, submit: true } }),
        check: (j) => expect(j).toMatchObject({ statut: 'soumise', score: 0, reussi: false }),
      },
      // The bank's admin reads every attempt but takes none but their own.
      forbidden: { as: 'acmeAdmin' },
      bad: async (t) => ({ url: '/api/habilitation_evaluation/update', body: { id: (await mkAttempt(t)).e.id, submit: false } }),
    },
    answerSet: {
      ok: { as: 'acmeTechnicien', call: answerOf, check: (j) => expect(j.reponseIds).toHaveLength(1) },
      // The bank's admin reads every attempt but takes none but their own.
      forbidden: { as: 'acmeAdmin' },
      bad: async (t) => {
        const c = await answerOf(t);
        return { ...c, body: { ...c.body, reponseIds: [c.body.reponseIds[0], c.body.reponseIds[0] + 1] } };
      },
    },
    settingSave: {
      ok: {
        as: 'acmeAdmin',
        call: () => ({ url: '/api/habilitation_evaluation_setting/save', body: { dureeMinutes: 30 } }),
        check: (j) => expect(j.dureeMinutes).toBe(30),
      },
      bad: () => ({ url: '/api/habilitation_evaluation_setting/save', body: { seuilReussite: 101 } }),
    },
    settingGet: {
      ok: {
        as: 'acmeTechnicien',
        call: () => ({ url: '/api/habilitation_evaluation_setting/get' }),
        check: (j) => expect(j.seuilReussite).toBeTypeOf('number'),
      },
    },
    getScore: {
      ok: {
        as: 'acmeTechnicien',
        call: async (t) => ({
          url: '/api/habilitation_evaluation/get_score',
          body: { evaluationId: await mkSubmitted(t), methodCode: 'NEGATIF' },
        }),
        check: (j) => expect(j).toMatchObject({ methodCode: 'NEGATIF', score: 0, max: 2, reussi: false }),
      },
      bad: async (t) => ({
        url: '/api/habilitation_evaluation/get_score',
        body: { evaluationId: await mkSubmitted(t), methodCode: 'HASARD' },
      }),
    },
    evaluation: {
      ok: {
        as: 'acmeTechnicien',
        call: async (t) => ({ url: `/api/habilitation_evaluation/get/${(await mkAttempt(t)).e.id}` }),
        check: (j) => expect(j.statut).toBe('en_cours'),
      },
      bad: () => ({ url: '/api/habilitation_evaluation/get/zero' }),
    },
    evaluationPage: {
      ok: {
        as: 'acmeAdmin',
        call: async (t) => {
          await mkAttempt(t);
          return { url: '/api/habilitation_evaluation/get_by_pagging?offset=0&perPage=50' };
        },
        check: (j) => expect(j.items.length).toBeGreaterThan(0),
      },
      other: [
        {
          as: 'betaAdmin',
          call: (t) => ({ url: `/api/habilitation_evaluation/get_by_pagging?utilisateurId=${t.ids.user.acmeTechnicien}` }),
        },
        { as: 'betaAdmin', unseen: { kind: 'evaluation' } },
      ],
      bad: () => ({ url: '/api/habilitation_evaluation/get_by_pagging?perPage=0' }),
    },
    save: {
      ok: {
        as: 'acmeAdmin',
        call: () => ({ url: '/api/qcm/save', body: { libelle: 'Habilitation BR', symboles: ['BR'] } }),
        check: (j) => expect(j).toMatchObject({ libelle: 'Habilitation BR', actif: true, nbQuestions: 0 }),
      },
      other: { call: async (t) => ({ url: '/api/qcm/save', body: { id: (await mkQcm(t)).id, libelle: 'Renommé' } }) },
      bad: () => ({ url: '/api/qcm/save', body: { libelle: '', symboles: ['B1V!'] } }),
    },
    delete: {
      ok: { as: 'acmeAdmin', call: async (t) => ({ url: `/api/qcm/delete/${(await mkQcm(t)).id}` }) },
      bad: () => ({ url: '/api/qcm/delete/abc' }),
    },
    questionSave: {
      ok: {
        as: 'acmeAdmin',
        call: async (t) => ({ url: '/api/qcm/question/save', body: questionBody((await mkQcm(t)).id) }),
        check: (j) => expect(j.reponses).toHaveLength(2),
      },
      bad: async (t) => ({
        url: '/api/qcm/question/save',
        body: { ...questionBody((await mkQcm(t)).id), reponses: [{ texte: 'Seule', correcte: true }] },
      }),
    },
    questionDelete: {
      ok: { as: 'acmeAdmin', call: async (t) => ({ url: `/api/qcm/question/delete/${(await mkQcm(t)).questions[0].id}` }) },
      bad: () => ({ url: '/api/qcm/question/delete/-1' }),
    },
    questionArrange: {
      ok: {
        as: 'acmeAdmin',
        call: async (t) => {
          const q = await mkQcm(t);
          return { url: '/api/qcm/question/arrange', body: { qcmId: q.id, ids: q.questions.map((x) => x.id).reverse() } };
        },
        check: (j) => expect(j).toHaveLength(2),
      },
      bad: async (t) => ({ url: '/api/qcm/question/arrange', body: { qcmId: (await mkQcm(t)).id, ids: [] } }),
    },
    questionImageUpload: {
      ok: {
        as: 'acmeAdmin',
        call: async (t) => ({
          url: `/api/qcm/question/${(await mkQcm(t)).questions[0].id}/image`,
          file: { name: 'schema.png', mime: 'image/png', content: PNG_1PX },
        }),
        check: (j) => expect(j.image).toMatch(/\/image$/),
      },
      bad: async (t) => ({
        url: `/api/qcm/question/${(await mkQcm(t)).questions[0].id}/image`,
        file: { name: 'schema.svg', mime: 'image/svg+xml', content: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') },
      }),
    },
    questionImage: {
      ok: {
        as: 'acmeAdmin',
        call: async (t) => {
          const id = (await mkQcm(t)).questions[0].id;
          const m = multipart('schema.png', 'image/png', PNG_1PX);
          const r = await t.server.app.inject({
            method: 'POST',
            url: `/api/qcm/question/${id}/image`,
            headers: { 'content-type': m.contentType, cookie: await t.cookieOf('acmeAdmin') },
            payload: m.body,
          });
          expect(r.statusCode, r.body).toBe(200);
          return { url: `/api/qcm/question/${id}/image` };
        },
      },
      bad: () => ({ url: '/api/qcm/question/abc/image' }),
    },
  },
  formation: {
    page: {
      ok: {
        as: 'acmeAdmin',
        call: async (t) => {
          await ok(t, 'acmeAdmin', 'POST', '/api/formation/save', formationBody(t));
          return { url: '/api/formation/get_by_pagging?offset=0&perPage=20' };
        },
        check: (j) => expect(j.items.length).toBeGreaterThan(0),
      },
      other: [
        { as: 'betaAdmin', call: (t) => ({ url: `/api/formation/get_by_pagging?utilisateurId=${t.ids.user.acmeTechnicien}` }) },
        { as: 'betaAdmin', unseen: { kind: 'formation' } },
      ],
      bad: () => ({ url: '/api/formation/get_by_pagging?offset=-1' }),
    },
    gets: {
      ok: {
        as: 'acmeTechnicien',
        call: async (t) => {
          await ok(t, 'acmeAdmin', 'POST', '/api/formation/save', formationBody(t));
          return { url: `/api/formation/gets?utilisateurId=${t.ids.user.acmeTechnicien}` };
        },
        check: (j) => expect(j.length).toBeGreaterThan(0),
      },
      other: [
        { as: 'betaAdmin', call: (t) => ({ url: `/api/formation/gets?utilisateurId=${t.ids.user.acmeTechnicien}` }) },
        { as: 'betaAdmin', call: () => ({ url: '/api/formation/gets' }), unseen: { kind: 'formation' } },
      ],
      bad: () => ({ url: '/api/formation/gets?utilisateurId=abc' }),
    },
    save: {
      ok: {
        as: 'acmeAdmin',
        call: (t) => ({ url: '/api/formation/save', body: formationBody(t) }),
        check: (j) => expect(j.avisApresFormation).toEqual([{ symbole: 'B2V', avis: 'favorable' }]),
      },
      bad: (t) => ({ url: '/api/formation/save', body: { ...formationBody(t), validUntil: '2000-01-01' } }),
    },
    cancel: {
      ok: {
        as: 'acmeAdmin',
        call: async (t) => ({
          url: '/api/formation/cancel',
          body: { id: (await ok(t, 'acmeAdmin', 'POST', '/api/formation/save', formationBody(t))).id, motif: 'Saisie en double' },
        }),
      },
      bad: async (t) => ({
        url: '/api/formation/cancel',
        body: { id: (await ok(t, 'acmeAdmin', 'POST', '/api/formation/save', formationBody(t))).id, motif: '' },
      }),
    },
  },
});

function formationBody(t: TestApp) {
  return {
    utilisateurId: t.ids.user.acmeTechnicien,
    intitule: 'Recyclage habilitation électrique B2V',
    organisme: 'Formapelec',
    date: '2026-02-02',
    validUntil: '2029-02-02',
    avisApresFormation: [{ symbole: 'B2V', avis: 'favorable' }],
  };
}
