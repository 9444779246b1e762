import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withSystem } from '../src/platform/db/tenant.ts';
import { type Actor, multipart, startTestApp, type TestApp } from './harness.ts';
import { PNG_1PX } from './matrix/registre-fixtures.ts';

let t: TestApp;
const sys = async <T = Record<string, unknown>>(q: ReturnType<typeof sql>) =>
  withSystem(t.server.database.db, 'test: qcm', async (tx) => (await tx.execute(q)) as unknown as { rows: T[] }).then((r) => r.rows);

const call = async (as: Actor, method: string, url: string, body?: unknown, status = 200) => {
  const r = await t.req(as, method, url, body);
  expect(r.statusCode, `${method} ${url}: ${r.body}`).toBe(status);
  return r.json();
};
/** A refusal: its status, and a French sentence in its message or its detail. */
const refused = async (as: Actor, method: string, url: string, body: unknown, status: number, message: RegExp) => {
  const r = await t.req(as, method, url, body);
  expect(r.statusCode, r.body).toBe(status);
  const { message: m, detail } = r.json();
  expect(`${m} ${JSON.stringify(detail ?? '')}`).toMatch(message);
};
const count = async (table: string, where = 'true') =>
  Number((await sys<{ n: number }>(sql.raw(`select count(*)::int as n from ${table} where ${where}`)))[0].n);

/** A quiz of Acme with `n` single-answer questions (answer « Bonne » right), a multi-answer and an eliminatory one. */
async function mkQcm(libelle: string, n = 4) {
  const q = await call('acmeAdmin', 'POST', '/api/qcm/save', { libelle, symboles: ['b1v', 'B2V'] });
  const questions: { id: number; multiple: boolean; reponses: { id: number; correcte: boolean; texte: string }[] }[] = [];
  for (let i = 1; i <= n; i++) {
    questions.push(
      await call('acmeAdmin', 'POST', '/api/qcm/question/save', {
        qcmId: q.id,
        texte: `Question ${i}`,
        reponses: [
          { texte: 'Bonne', correcte: true },
          { texte: 'Mauvaise', correcte: false },
        ],
      }),
    );
  }
  questions.push(
    await call('acmeAdmin', 'POST', '/api/qcm/question/save', {
      qcmId: q.id,
      texte: 'Quels EPI pour une VAT ?',
      multiple: true,
      points: 2,
      reponses: [
        { texte: 'Gants isolants', correcte: true },
        { texte: 'Écran facial', correcte: true },
        { texte: 'Casquette', correcte: false },
      ],
    }),
  );
  questions.push(
    await call('acmeAdmin', 'POST', '/api/qcm/question/save', {
      qcmId: q.id,
      texte: 'Peut-on utiliser un multimètre pour la VAT ?',
      eliminatoire: true,
      reponses: [
        { texte: 'Oui', correcte: false },
        { texte: 'Non, un VAT normalisé (NF EN 61243-3)', correcte: true },
      ],
    }),
  );
  return { id: q.id as number, questions };
}
const rightOf = (q: { reponses: { id: number; correcte: boolean }[] }) => q.reponses.filter((r) => r.correcte).map((r) => r.id);

let quiz: Awaited<ReturnType<typeof mkQcm>>;

beforeAll(async () => {
  t = await startTestApp();
  quiz = await mkQcm('Habilitation test', 6);
  await call('acmeAdmin', 'POST', '/api/habilitation_evaluation_setting/save', {
    seuilReussite: 75,
    nbQuestions: 5,
    dureeMinutes: 20,
    methodCode: 'POINTS',
  });
}, 120_000);
afterAll(() => t?.close());

describe('demo data', () => {
  it('Acme has the quiz « Habilitation B1V/B2V » (20 questions, several multi-answer, 2 eliminatory) and a past passed attempt of the technician', async () => {
    const all = await call('acmeAdmin', 'GET', '/api/qcm/evaluation/get_all');
    const demo = all.qcms.find((q: { libelle: string }) => q.libelle === 'Habilitation B1V/B2V');
    expect(demo).toMatchObject({ symboles: ['B1V', 'B2V'], nbQuestions: 20, nbEliminatoires: 2, actif: true });
    expect(demo.questions.filter((q: { multiple: boolean }) => q.multiple).length).toBeGreaterThanOrEqual(3);
    expect(demo.questions.map((q: { texte: string }) => q.texte)).toContain(
      'Peut-on utiliser un multimètre pour la vérification d’absence de tension (VAT) ?',
    );
    const tech = await call('acmeTechnicien', 'GET', '/api/qcm/evaluation/get_all');
    const past = tech.evaluations.find((e: { qcmId: number }) => e.qcmId === demo.id);
    expect(past).toMatchObject({ statut: 'soumise', reussi: true, methodCode: 'POINTS', seuilReussite: 80, nbQuestions: 20 });
    const score = await call('acmeTechnicien', 'POST', '/api/habilitation_evaluation/get_score', { evaluationId: past.id });
    expect(score).toMatchObject({ score: past.score, max: past.max, reussi: true, eliminatoireManquee: false });
    const trainings = await call('acmeAdmin', 'GET', `/api/formation/gets?utilisateurId=${t.ids.user.acmeTechnicien}`);
    expect(trainings[0].avisApresFormation.length).toBeGreaterThan(0);
  });
});

describe('the question bank', () => {
  it('answers are seen right or wrong by the editors only; takers see the active quizzes without questions', async () => {
    const admin = await call('acmeAdmin', 'GET', '/api/qcm/evaluation/get_all');
    const mine = admin.qcms.find((q: { id: number }) => q.id === quiz.id);
    expect(mine).toMatchObject({ libelle: 'Habilitation test', symboles: ['B1V', 'B2V'], nbQuestions: 8, nbEliminatoires: 1 });
    expect(mine.questions[0].reponses[0]).toHaveProperty('correcte', true);
    const resp = await call('acmeResponsable', 'GET', '/api/qcm/evaluation/get_all');
    const seen = resp.qcms.find((q: { id: number }) => q.id === quiz.id);
    expect(seen.questions).toHaveLength(8);
    expect(JSON.stringify(seen)).not.toContain('correcte');
    const tech = await call('acmeTechnicien', 'GET', '/api/qcm/evaluation/get_all');
    expect(tech.qcms.find((q: { id: number }) => q.id === quiz.id)).toMatchObject({ questions: [], nbQuestions: 8 });
    expect(tech.setting).toEqual({ seuilReussite: 75, nbQuestions: 5, dureeMinutes: 20, methodCode: 'POINTS' });
    const beta = await call('betaAdmin', 'GET', '/api/qcm/evaluation/get_all');
    expect(beta.qcms.map((q: { id: number }) => q.id)).not.toContain(quiz.id);
  });

  it('a quiz assesses symbols of the catalogue, written as the catalogue writes them; an unknown one is refused', async () => {
    const ok = await call('acmeAdmin', 'POST', '/api/qcm/save', { libelle: 'Manœuvres BT', symboles: ['be manœuvre'] });
    expect(ok.symboles).toEqual(['BE Manœuvre']);
    const [{ n: before }] = await sys<{ n: number }>(sql`select count(*)::int as n from qcm`);
    const r = await t.req('acmeAdmin', 'POST', '/api/qcm/save', { libelle: 'Inconnu', symboles: ['B2V', 'B9Z'] });
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toBe('Symbole inconnu du catalogue des habilitations : B9Z.');
    const [{ n: after }] = await sys<{ n: number }>(sql`select count(*)::int as n from qcm`);
    expect(after).toBe(before);
  });

  it('a question is refused in French with nothing written: no right answer, two right on a single one, an answer of another question', async () => {
    const before = await count('qcm_question');
    const ans = (a: boolean, b: boolean, id?: number) => [
      { id, texte: 'A', correcte: a },
      { texte: 'B', correcte: b },
    ];
    const other = quiz.questions[1].reponses[0].id;
    const cases: [Actor, Record<string, unknown>, number, RegExp][] = [
      ['acmeAdmin', { reponses: ans(false, false) }, 400, /bonne réponse/],
      ['acmeAdmin', { reponses: ans(true, true) }, 400, /Une seule bonne réponse/],
      ['acmeAdmin', { id: quiz.questions[0].id, reponses: ans(true, false, other) }, 400, /Réponse inconnue/],
      ['acmeTechnicien', { reponses: ans(true, false) }, 403, /droits/],
      ['betaAdmin', { reponses: ans(true, false) }, 404, /QCM introuvable/],
    ];
    for (const [as, body, status, message] of cases)
      await refused(as, 'POST', '/api/qcm/question/save', { qcmId: quiz.id, texte: 'Q', ...body }, status, message);
    expect(await count('qcm_question')).toBe(before);
  });

  it('editing a question keeps answer ids, withdraws those left out; arrange reorders; delete withdraws', async () => {
    const extra = await mkQcm('À ranger', 2);
    const [a, b] = extra.questions;
    const edited = await call('acmeAdmin', 'POST', '/api/qcm/question/save', {
      id: a.id,
      qcmId: extra.id,
      texte: 'Reformulée',
      reponses: [
        { id: a.reponses[0].id, texte: 'Bonne', correcte: true },
        { texte: 'Nouvelle', correcte: false },
      ],
    });
    expect(edited.reponses.map((r: { id: number }) => r.id)[0]).toBe(a.reponses[0].id);
    expect(await count('qcm_reponse', `id = ${a.reponses[1].id} and deleted_at is not null`)).toBe(1);
    const ids = extra.questions.map((q) => q.id).reverse();
    const arranged = await call('acmeAdmin', 'PUT', '/api/qcm/question/arrange', { qcmId: extra.id, ids });
    expect(arranged.map((q: { id: number }) => q.id)).toEqual(ids);
    await refused('acmeAdmin', 'PUT', '/api/qcm/question/arrange', { qcmId: extra.id, ids: ids.slice(1) }, 400, /chaque question/);
    await call('acmeAdmin', 'DELETE', `/api/qcm/question/delete/${b.id}`);
    await call('acmeAdmin', 'DELETE', `/api/qcm/delete/${extra.id}`);
    expect(await count('qcm', `id = ${extra.id} and deleted_at is not null`)).toBe(1);
    const all = await call('acmeAdmin', 'GET', '/api/qcm/evaluation/get_all');
    expect(all.qcms.map((q: { id: number }) => q.id)).not.toContain(extra.id);
  });

  it('a question image is stored like the other files and read by the bank readers or whoever drew it', async () => {
    const q = quiz.questions[0];
    const m = multipart('schema.png', 'image/png', PNG_1PX);
    const up = await t.server.app.inject({
      method: 'POST',
      url: `/api/qcm/question/${q.id}/image`,
      headers: { 'content-type': m.contentType, cookie: await t.cookieOf('acmeAdmin') },
      payload: m.body,
    });
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json().image).toBe(`/api/qcm/question/${q.id}/image`);
    const img = await t.req('acmeResponsable', 'GET', `/api/qcm/question/${q.id}/image`);
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect((await t.req('betaAdmin', 'GET', `/api/qcm/question/${q.id}/image`)).statusCode).toBe(404);
    const bad = multipart('schema.png', 'image/png', Buffer.from('pas une image'));
    const r = await t.server.app.inject({
      method: 'POST',
      url: `/api/qcm/question/${q.id}/image`,
      headers: { 'content-type': bad.contentType, cookie: await t.cookieOf('acmeAdmin') },
      payload: bad.body,
    });
    expect(r.statusCode).toBe(400);
  });
});

describe('settings: one source with the company settings', () => {
  it('save is read by get and by the company settings, and the other way round', async () => {
    const s = await call('acmeAdmin', 'POST', '/api/habilitation_evaluation_setting/save', { seuilReussite: 80 });
    expect(s).toEqual({ seuilReussite: 80, nbQuestions: 5, dureeMinutes: 20, methodCode: 'POINTS' });
    expect((await call('acmeAdmin', 'GET', '/api/entreprise_setting/get_all')).evaluationSetting).toEqual(s);
    // The company settings' update changes only what it sends (the others are not reset to their defaults).
    await call('acmeAdmin', 'POST', '/api/entreprise_setting/update/entreprise', { evaluationSetting: { seuilReussite: 75 } });
    expect(await call('acmeTechnicien', 'POST', '/api/habilitation_evaluation_setting/get')).toEqual({ ...s, seuilReussite: 75 });
    await refused('acmeAdmin', 'POST', '/api/habilitation_evaluation_setting/save', { seuilReussite: 150 }, 400, /.+/);
    await refused('acmeAdmin', 'POST', '/api/habilitation_evaluation_setting/save', { methodCode: 'AU_HASARD' }, 400, /.+/);
    await refused('acmeTechnicien', 'POST', '/api/habilitation_evaluation_setting/save', { seuilReussite: 10 }, 403, /droits/);
    expect(await call('acmeAdmin', 'POST', '/api/habilitation_evaluation_setting/get')).toMatchObject({ seuilReussite: 75 });
    // Béta keeps its own (the defaults).
    expect(await call('betaAdmin', 'POST', '/api/habilitation_evaluation_setting/get')).toEqual({
      seuilReussite: 80,
      nbQuestions: 20,
      dureeMinutes: 30,
      methodCode: 'POURCENTAGE',
    });
  });
});

type Attempt = {
  id: number;
  questions: { id: number; eliminatoire: boolean; reponses: { id: number }[] }[];
  deadline: string;
  startedAt: string;
};
const start = async (as: Actor = 'acmeTechnicien', qcmId = quiz.id, utilisateurId = t.ids.user[as]) =>
  (await call(as, 'POST', '/api/habilitation_evaluation/add', { qcmId, utilisateurId })) as Attempt;
const bankQuestion = (id: number) => quiz.questions.find((q) => q.id === id) as (typeof quiz.questions)[number];
const answer = (as: Actor, evaluationId: number, questionId: number, reponseIds: number[]) =>
  t.req(as, 'POST', '/api/habilitation_evaluation_answer/set', { evaluationId, questionId, reponseIds });

describe('taking a quiz', () => {
  it('add draws the questions on the server (the eliminatory one always), sets the clock, never sends the right answers', async () => {
    const e = await start();
    expect(e.questions).toHaveLength(5);
    expect(e.questions.some((q) => q.eliminatoire)).toBe(true);
    expect(JSON.stringify(e)).not.toMatch(/correcte|bonnesReponse/);
    expect(Date.parse(e.deadline) - Date.parse(e.startedAt)).toBe(20 * 60_000);
    expect(e).toMatchObject({ statut: 'en_cours', methodCode: 'POINTS', seuilReussite: 75, score: null, reponses: [] });
    // A second start (a reload, two clicks) resumes the same attempt.
    expect((await start()).id).toBe(e.id);
    const again = await Promise.all([start('acmeResponsable'), start('acmeResponsable')]);
    expect(again[0].id).toBe(again[1].id);
    expect(await count('habilitation_evaluation', `utilisateur_id = ${t.ids.user.acmeResponsable}`)).toBe(1);
  });

  it('a person starts only their own attempt, unless they edit the bank; not another company’s quiz', async () => {
    await refused(
      'acmeTechnicien',
      'POST',
      '/api/habilitation_evaluation/add',
      { qcmId: quiz.id, utilisateurId: t.ids.user.acmeAdmin },
      403,
      /vous-même/,
    );
    const forTech = await call('acmeAdmin', 'POST', '/api/habilitation_evaluation/add', {
      qcmId: quiz.id,
      utilisateurId: t.ids.user.acmeTechnicien,
    });
    expect(forTech.utilisateurId).toBe(t.ids.user.acmeTechnicien);
    await refused(
      'betaAdmin',
      'POST',
      '/api/habilitation_evaluation/add',
      { qcmId: quiz.id, utilisateurId: t.ids.user.betaAdmin },
      404,
      /QCM introuvable/,
    );
    await refused(
      'betaAdmin',
      'POST',
      '/api/habilitation_evaluation/add',
      { qcmId: quiz.id, utilisateurId: t.ids.user.acmeTechnicien },
      400,
      /Référence invalide/,
    );
  });

  it('answers: a question not drawn, an unknown answer, two on a single one are refused with nothing written; someone else’s attempt is not theirs', async () => {
    const e = await start();
    const drawn = new Set(e.questions.map((q) => q.id));
    const notDrawn = quiz.questions.find((q) => !drawn.has(q.id));
    const single = e.questions.find((q) => !bankQuestion(q.id).multiple) as Attempt['questions'][number];
    const elsewhere = (quiz.questions.find((q) => q.id !== single.id) as (typeof quiz.questions)[number]).reponses[0].id;
    const before = await count('habilitation_evaluation_answer');
    if (notDrawn) {
      const r = await answer('acmeTechnicien', e.id, notDrawn.id, [notDrawn.reponses[0].id]);
      expect(r.statusCode).toBe(400);
      expect(r.json().message).toMatch(/pas été tirée/);
    }
    const unknown = await answer('acmeTechnicien', e.id, single.id, [elsewhere]);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toMatch(/Réponse inconnue/);
    const two = await answer(
      'acmeTechnicien',
      e.id,
      single.id,
      single.reponses.map((r) => r.id),
    );
    expect(two.statusCode).toBe(400);
    expect(two.json().message).toMatch(/Une seule réponse/);
    expect((await answer('acmeResponsable', e.id, single.id, [single.reponses[0].id])).statusCode).toBe(403);
    expect((await answer('betaAdmin', e.id, single.id, [single.reponses[0].id])).statusCode).toBe(404);
    expect(await count('habilitation_evaluation_answer')).toBe(before);
    await refused('acmeTechnicien', 'POST', '/api/habilitation_evaluation/get_score', { evaluationId: e.id }, 409, /en cours/);
  });

  it('50 simultaneous sets of one answer record exactly one row; the last sent before the submission counts', async () => {
    const e = await start();
    const q = e.questions[0];
    const rs = await Promise.all(Array.from({ length: 50 }, (_, i) => answer('acmeTechnicien', e.id, q.id, [q.reponses[i % 2].id])));
    expect(rs.map((r) => r.statusCode)).toEqual(Array(50).fill(200));
    expect(await count('habilitation_evaluation_answer', `evaluation_id = ${e.id} and question_id = ${q.id}`)).toBe(1);
    const set = await answer('acmeTechnicien', e.id, q.id, [q.reponses[1].id]);
    expect(set.json()).toMatchObject({ evaluationId: e.id, questionId: q.id, reponseIds: [q.reponses[1].id] });
    const resumed = await call('acmeTechnicien', 'GET', `/api/habilitation_evaluation/get/${e.id}`);
    expect(resumed.reponses).toEqual([expect.objectContaining({ questionId: q.id, reponseIds: [q.reponses[1].id] })]);
  });

  it('submit scores the attempt; then answers are refused; get_score gives each method and the right answers', async () => {
    const e = await start();
    // Everything right except the multi-answer question, half answered (POINTS: its share).
    for (const q of e.questions) {
      const right = rightOf(bankQuestion(q.id));
      const r = await answer('acmeTechnicien', e.id, q.id, right.length > 1 ? [right[0]] : right);
      expect(r.statusCode, r.body).toBe(200);
    }
    const done = await call('acmeTechnicien', 'POST', '/api/habilitation_evaluation/update', { id: e.id, submit: true });
    const multi = e.questions.some((q) => rightOf(bankQuestion(q.id)).length > 1);
    const max = e.questions.reduce((s, q) => s + (rightOf(bankQuestion(q.id)).length > 1 ? 2 : 1), 0);
    expect(done).toMatchObject({ statut: 'soumise', max, score: multi ? max - 1 : max, reussi: true });
    expect(done.submittedAt).not.toBeNull();
    const late = await answer('acmeTechnicien', e.id, e.questions[0].id, []);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(/déjà soumise/);
    // Submitting again returns it as it is.
    expect(await call('acmeTechnicien', 'POST', '/api/habilitation_evaluation/update', { id: e.id, submit: true })).toMatchObject({
      score: done.score,
    });
    const own = await call('acmeTechnicien', 'POST', '/api/habilitation_evaluation/get_score', { evaluationId: e.id });
    expect(own).toMatchObject({ methodCode: 'POINTS', score: done.score, max, reussi: true, eliminatoireManquee: false });
    expect(own.parQuestion).toHaveLength(5);
    expect(own.parQuestion[0].bonnesReponseIds.length).toBeGreaterThan(0);
    const strict = await call('acmeTechnicien', 'POST', '/api/habilitation_evaluation/get_score', {
      evaluationId: e.id,
      methodCode: 'TOUT_OU_RIEN',
    });
    expect(strict.score).toBe(multi ? max - 2 : max);
    expect(
      await call('acmeResponsable', 'POST', '/api/habilitation_evaluation/get_score', { evaluationId: e.id, methodCode: 'POURCENTAGE' }),
    ).toMatchObject({ max: 5 });
    await refused('betaAdmin', 'POST', '/api/habilitation_evaluation/get_score', { evaluationId: e.id }, 404, /introuvable/);
    await refused('acmeTechnicien', 'POST', '/api/habilitation_evaluation/get_score', { evaluationId: e.id, methodCode: 'X' }, 400, /.+/);
  });

  it('a missed eliminatory question fails the attempt whatever the score', async () => {
    const e = await start();
    for (const q of e.questions) {
      const b = bankQuestion(q.id);
      const ids = b.reponses.filter((r) => (q.eliminatoire ? !r.correcte : r.correcte)).map((r) => r.id);
      expect((await answer('acmeTechnicien', e.id, q.id, ids)).statusCode).toBe(200);
    }
    const done = await call('acmeTechnicien', 'POST', '/api/habilitation_evaluation/update', { id: e.id, submit: true });
    expect(done.percent).toBeGreaterThanOrEqual(75);
    expect(done.reussi).toBe(false);
    expect(await call('acmeTechnicien', 'POST', '/api/habilitation_evaluation/get_score', { evaluationId: e.id })).toMatchObject({
      eliminatoireManquee: true,
      reussi: false,
    });
  });

  it('past the deadline (server clock) answers and the submission are refused with nothing written; the attempt is expired', async () => {
    const e = await start();
    const q = e.questions[0];
    expect((await answer('acmeTechnicien', e.id, q.id, rightOf(bankQuestion(q.id)))).statusCode).toBe(200);
    await sys(
      sql`update habilitation_evaluation set started_at = now() - interval '2 hours', deadline = now() - interval '1 hour' where id = ${e.id}`,
    );
    const late = await answer('acmeTechnicien', e.id, e.questions[1].id, rightOf(bankQuestion(e.questions[1].id)));
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(/Temps écoulé/);
    await refused('acmeTechnicien', 'POST', '/api/habilitation_evaluation/update', { id: e.id, submit: true }, 409, /Temps écoulé/);
    const [row] = await sys<{ submitted_at: unknown; score: unknown }>(
      sql`select submitted_at, score from habilitation_evaluation where id = ${e.id}`,
    );
    expect(row).toEqual({ submitted_at: null, score: null });
    expect(await count('habilitation_evaluation_answer', `evaluation_id = ${e.id}`)).toBe(1);
    const read = await call('acmeTechnicien', 'GET', `/api/habilitation_evaluation/get/${e.id}`);
    expect(read).toMatchObject({ statut: 'expiree', reussi: false });
    expect(read.score).toBeGreaterThan(0);
    expect((await call('acmeTechnicien', 'POST', '/api/habilitation_evaluation/get_score', { evaluationId: e.id })).score).toBe(read.score);
    // A new start after the expiry draws a new attempt.
    expect((await start()).id).not.toBe(e.id);
  });

  it('a submission racing answers is consistent: the stored score is the score of the answers kept', async () => {
    const e = await start();
    const sends = e.questions.flatMap((q) => [
      answer('acmeTechnicien', e.id, q.id, rightOf(bankQuestion(q.id))),
      answer('acmeTechnicien', e.id, q.id, []),
    ]);
    const [submit, ...rs] = await Promise.all([
      t.req('acmeTechnicien', 'POST', '/api/habilitation_evaluation/update', { id: e.id, submit: true }),
      ...sends,
    ]);
    expect(submit.statusCode).toBe(200);
    for (const r of rs) expect([200, 409]).toContain(r.statusCode);
    const [stored] = await sys<{ score: number; submitted_at: Date }>(
      sql`select score, submitted_at from habilitation_evaluation where id = ${e.id}`,
    );
    const after = await sys(
      sql`select 1 from habilitation_evaluation_answer where evaluation_id = ${e.id} and answered_at > ${stored.submitted_at}`,
    );
    expect(after).toHaveLength(0);
    const recomputed = await call('acmeTechnicien', 'POST', '/api/habilitation_evaluation/get_score', { evaluationId: e.id });
    expect(recomputed.score).toBe(Number(stored.score));
  });

  it('the managers list the attempts (person, quiz, date, score); a technician may not; the caller’s own are in get_all', async () => {
    const page = await call('acmeResponsable', 'GET', '/api/habilitation_evaluation/get_by_pagging?offset=0&perPage=3');
    expect(page.items).toHaveLength(3);
    expect(page.total).toBeGreaterThanOrEqual(5);
    expect(page.items[0]).toMatchObject({ qcmLibelle: 'Habilitation test', utilisateurNom: expect.any(String) });
    expect(page.items[0]).not.toHaveProperty('questions');
    const tech = await call(
      'acmeResponsable',
      'GET',
      `/api/habilitation_evaluation/get_by_pagging?utilisateurId=${t.ids.user.acmeTechnicien}`,
    );
    expect(tech.items.every((i: { utilisateurId: number }) => i.utilisateurId === t.ids.user.acmeTechnicien)).toBe(true);
    await refused('acmeTechnicien', 'GET', '/api/habilitation_evaluation/get_by_pagging', undefined, 403, /droits/);
    expect((await call('betaAdmin', 'GET', '/api/habilitation_evaluation/get_by_pagging')).items).toEqual([]);
    const own = await call('acmeTechnicien', 'GET', '/api/qcm/evaluation/get_all');
    expect(own.evaluations.length).toBeGreaterThanOrEqual(4);
    expect(own.evaluations.every((x: { utilisateurId: number }) => x.utilisateurId === t.ids.user.acmeTechnicien)).toBe(true);
  });

  it('editing the bank never changes what a started attempt was asked', async () => {
    const e = await start();
    const q = e.questions.find((x) => !x.eliminatoire) as Attempt['questions'][number];
    const b = bankQuestion(q.id);
    await call('acmeAdmin', 'POST', '/api/qcm/question/save', {
      id: b.id,
      qcmId: quiz.id,
      texte: 'Changée en cours de route',
      multiple: b.reponses.filter((r) => r.correcte).length > 1,
      points: b.reponses.filter((r) => r.correcte).length > 1 ? 2 : 1,
      reponses: b.reponses.map((r) => ({ id: r.id, texte: r.texte, correcte: r.correcte })),
    });
    const read = await call('acmeTechnicien', 'GET', `/api/habilitation_evaluation/get/${e.id}`);
    expect(read.questions.find((x: { id: number }) => x.id === q.id).texte).not.toBe('Changée en cours de route');
  });
});
