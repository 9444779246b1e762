import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/engine.ts';
import type { Sujet } from './qcm.tables.ts';

// The only SQL of the module. Reads return plain rows (dates as ISO text); writes take plain values.

const rowsOf = <T>(res: unknown): T[] => (res as { rows: T[] }).rows;
const iso = (d: unknown): string => (d instanceof Date ? d.toISOString() : new Date(String(d)).toISOString());
const isoOrNull = (d: unknown): string | null => (d === null || d === undefined ? null : iso(d));
const numOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
/** An int[] parameter, written as an array literal of integers (the same on PostgreSQL and PGlite). */
const intArray = (ids: readonly number[]) => sql`${`{${ids.map((i) => Math.trunc(Number(i))).join(',')}}`}::int[]`;
/** A text[] parameter, one bound parameter per element. */
const textArray = (xs: readonly string[]) =>
  xs.length
    ? sql`array[${sql.join(
        xs.map((x) => sql`${x}`),
        sql`, `,
      )}]::text[]`
    : sql`'{}'::text[]`;

/** The path an image of a question is read at (the same session). */
export const questionImagePath = (id: number) => `/api/qcm/question/${id}/image`;

// ---------------------------------------------------------------- quizzes

export interface QcmRow {
  id: number;
  entrepriseId: number;
  libelle: string;
  symboles: string[];
  actif: boolean;
  nbQuestions: number;
  nbEliminatoires: number;
}

const QCM_COLUMNS = sql`q.id, q.entreprise_id, q.libelle, q.symboles, q.actif,
  (select count(*)::int from qcm_question x where x.qcm_id = q.id and x.deleted_at is null) as nb_questions,
  (select count(*)::int from qcm_question x where x.qcm_id = q.id and x.deleted_at is null and x.eliminatoire) as nb_eliminatoires`;
type RawQcm = {
  id: number;
  entreprise_id: number;
  libelle: string;
  symboles: string[];
  actif: boolean;
  nb_questions: number;
  nb_eliminatoires: number;
};
const toQcm = (r: RawQcm): QcmRow => ({
  id: r.id,
  entrepriseId: r.entreprise_id,
  libelle: r.libelle,
  symboles: r.symboles,
  actif: r.actif,
  nbQuestions: Number(r.nb_questions),
  nbEliminatoires: Number(r.nb_eliminatoires),
});

/** The company's quizzes (not withdrawn), by name; only the active ones when `activeOnly`. */
export async function listQcms(tx: Tx, entrepriseId: number, activeOnly: boolean): Promise<QcmRow[]> {
  const res = await tx.execute(sql`select ${QCM_COLUMNS} from qcm q
    where q.entreprise_id = ${entrepriseId} and q.deleted_at is null ${activeOnly ? sql`and q.actif` : sql``}
    order by lower(q.libelle), q.id`);
  return rowsOf<RawQcm>(res).map(toQcm);
}

/** A quiz of the company (not withdrawn), locked until the end of the transaction when `lock`. */
export async function findQcm(tx: Tx, entrepriseId: number, id: number, lock = false): Promise<QcmRow | null> {
  if (lock) await tx.execute(sql`select id from qcm where id = ${id} and entreprise_id = ${entrepriseId} for update`);
  const res = await tx.execute(sql`select ${QCM_COLUMNS} from qcm q
    where q.id = ${id} and q.entreprise_id = ${entrepriseId} and q.deleted_at is null`);
  const [r] = rowsOf<RawQcm>(res);
  return r ? toQcm(r) : null;
}

export async function insertQcm(
  tx: Tx,
  v: { entrepriseId: number; libelle: string; symboles: string[]; actif: boolean; createdById: number },
): Promise<number> {
  const res = await tx.execute(sql`insert into qcm (entreprise_id, libelle, symboles, actif, created_by_id)
    values (${v.entrepriseId}, ${v.libelle}, ${textArray(v.symboles)}, ${v.actif}, ${v.createdById}) returning id`);
  return rowsOf<{ id: number }>(res)[0].id;
}

export async function updateQcm(tx: Tx, id: number, v: { libelle: string; symboles: string[]; actif: boolean }): Promise<void> {
  await tx.execute(sql`update qcm set libelle = ${v.libelle}, symboles = ${textArray(v.symboles)}, actif = ${v.actif}
    where id = ${id}`);
}

export async function withdrawQcm(tx: Tx, id: number): Promise<void> {
  await tx.execute(sql`update qcm set deleted_at = now() where id = ${id} and deleted_at is null`);
}

// ---------------------------------------------------------------- questions

export interface QuestionRow {
  id: number;
  qcmId: number;
  texte: string;
  image: string | null;
  multiple: boolean;
  eliminatoire: boolean;
  points: number;
  idx: number;
  reponses: { id: number; texte: string; correcte: boolean; idx: number }[];
}

/** The questions (not withdrawn) of these quizzes with their answers (not withdrawn), in order. */
export async function questionsOf(tx: Tx, entrepriseId: number, qcmIds: number[], where: SQL = sql``): Promise<QuestionRow[]> {
  if (!qcmIds.length) return [];
  const res = await tx.execute(sql`select x.id, x.qcm_id, x.texte, x.image_chemin is not null as has_image, x.multiple,
      x.eliminatoire, x.points, x.idx,
      coalesce((select json_agg(json_build_object('id', r.id, 'texte', r.texte, 'correcte', r.correcte, 'idx', r.idx)
        order by r.idx, r.id) from qcm_reponse r where r.question_id = x.id and r.deleted_at is null), '[]') as reponses
    from qcm_question x
    where x.entreprise_id = ${entrepriseId} and x.qcm_id = any(${intArray(qcmIds)}) and x.deleted_at is null ${where}
    order by x.qcm_id, x.idx, x.id`);
  return rowsOf<{
    id: number;
    qcm_id: number;
    texte: string;
    has_image: boolean;
    multiple: boolean;
    eliminatoire: boolean;
    points: number;
    idx: number;
    reponses: QuestionRow['reponses'];
  }>(res).map((r) => ({
    id: r.id,
    qcmId: r.qcm_id,
    texte: r.texte,
    image: r.has_image ? questionImagePath(r.id) : null,
    multiple: r.multiple,
    eliminatoire: r.eliminatoire,
    points: Number(r.points),
    idx: r.idx,
    reponses: r.reponses,
  }));
}

/** One question (not withdrawn) of the company, with its answers; its row locked when `lock`. */
export async function findQuestion(tx: Tx, entrepriseId: number, id: number, lock = false): Promise<QuestionRow | null> {
  const res = await tx.execute(sql`select qcm_id from qcm_question where id = ${id} and entreprise_id = ${entrepriseId}
    and deleted_at is null ${lock ? sql`for update` : sql``}`);
  const [r] = rowsOf<{ qcm_id: number }>(res);
  if (!r) return null;
  return (await questionsOf(tx, entrepriseId, [r.qcm_id], sql`and x.id = ${id}`))[0] ?? null;
}

export async function insertQuestion(
  tx: Tx,
  v: { entrepriseId: number; qcmId: number; texte: string; multiple: boolean; eliminatoire: boolean; points: number },
): Promise<number> {
  const res = await tx.execute(sql`insert into qcm_question (entreprise_id, qcm_id, texte, multiple, eliminatoire, points, idx)
    values (${v.entrepriseId}, ${v.qcmId}, ${v.texte}, ${v.multiple}, ${v.eliminatoire}, ${v.points},
      (select coalesce(max(idx), 0) + 1 from qcm_question where qcm_id = ${v.qcmId})) returning id`);
  return rowsOf<{ id: number }>(res)[0].id;
}

export async function updateQuestion(tx: Tx, id: number, v: { texte: string; multiple: boolean; eliminatoire: boolean; points: number }) {
  await tx.execute(sql`update qcm_question set texte = ${v.texte}, multiple = ${v.multiple}, eliminatoire = ${v.eliminatoire},
    points = ${v.points} where id = ${id}`);
}

/**
 * Writes the answers of a question in this order: those with an id are updated, the others inserted, and those left
 * out withdrawn (kept: past attempts name them).
 */
export async function writeReponses(
  tx: Tx,
  entrepriseId: number,
  questionId: number,
  reponses: { id?: number; texte: string; correcte: boolean }[],
): Promise<void> {
  const kept: number[] = [];
  for (const [i, r] of reponses.entries()) {
    if (r.id !== undefined) {
      await tx.execute(sql`update qcm_reponse set texte = ${r.texte}, correcte = ${r.correcte}, idx = ${i + 1}
        where id = ${r.id} and question_id = ${questionId}`);
      kept.push(r.id);
    } else {
      const res = await tx.execute(sql`insert into qcm_reponse (entreprise_id, question_id, texte, correcte, idx)
        values (${entrepriseId}, ${questionId}, ${r.texte}, ${r.correcte}, ${i + 1}) returning id`);
      kept.push(rowsOf<{ id: number }>(res)[0].id);
    }
  }
  await tx.execute(sql`update qcm_reponse set deleted_at = now()
    where question_id = ${questionId} and deleted_at is null and id <> all(${intArray(kept)})`);
}

export async function withdrawQuestion(tx: Tx, id: number): Promise<void> {
  await tx.execute(sql`update qcm_question set deleted_at = now() where id = ${id} and deleted_at is null`);
}

/** Puts the questions of a quiz in this order (idx 1..n). */
export async function arrangeQuestions(tx: Tx, qcmId: number, ids: number[]): Promise<void> {
  await tx.execute(sql`update qcm_question x set idx = o.n
    from unnest(${intArray(ids)}) with ordinality as o(id, n) where x.id = o.id and x.qcm_id = ${qcmId}`);
}

export async function setQuestionImage(tx: Tx, id: number, v: { nom: string; mime: string; taille: number; chemin: string }) {
  await tx.execute(sql`update qcm_question set image_nom = ${v.nom}, image_mime = ${v.mime}, image_taille = ${v.taille},
    image_chemin = ${v.chemin} where id = ${id}`);
}

/** The stored image of a question of the company (withdrawn ones too: a past attempt may show it). */
export async function questionImage(tx: Tx, entrepriseId: number, id: number) {
  const res = await tx.execute(sql`select image_nom as nom, image_mime as mime, image_chemin as chemin from qcm_question
    where id = ${id} and entreprise_id = ${entrepriseId} and image_chemin is not null`);
  return rowsOf<{ nom: string; mime: string; chemin: string }>(res)[0] ?? null;
}

/** Whether a question was drawn in one of this person's attempts (they may then see its image). */
export async function questionDrawnFor(tx: Tx, entrepriseId: number, utilisateurId: number, questionId: number): Promise<boolean> {
  const res = await tx.execute(sql`select 1 from habilitation_evaluation where entreprise_id = ${entrepriseId}
    and utilisateur_id = ${utilisateurId} and ${questionId} = any(question_ids) limit 1`);
  return rowsOf(res).length > 0;
}

// ---------------------------------------------------------------- attempts

export interface EvaluationRow {
  id: number;
  entrepriseId: number;
  qcmId: number;
  qcmLibelle: string;
  utilisateurId: number;
  utilisateurNom: string;
  processId: number | null;
  startedAt: string;
  deadline: string;
  submittedAt: string | null;
  questionIds: number[];
  methodCode: string;
  seuilReussite: number;
  score: number | null;
  max: number | null;
  percent: number | null;
  reussi: boolean | null;
  /** The database's clock when read (ms, clock_timestamp: after any lock wait): deadlines are judged on it, never on the client's. */
  nowMs: number;
}

const EVALUATION_COLUMNS = sql`e.id, e.entreprise_id, e.qcm_id, q.libelle as qcm_libelle, e.utilisateur_id,
  trim(u.prenom || ' ' || u.nom) as utilisateur_nom, e.process_id, e.started_at, e.deadline, e.submitted_at, e.question_ids,
  e.method_code, e.seuil_reussite, e.score, e.max, e.percent, e.reussi, (extract(epoch from clock_timestamp()) * 1000)::float8 as now_ms`;
const EVALUATION_FROM = sql`habilitation_evaluation e join qcm q on q.id = e.qcm_id join utilisateur u on u.id = e.utilisateur_id`;
type RawEvaluation = {
  id: number;
  entreprise_id: number;
  qcm_id: number;
  qcm_libelle: string;
  utilisateur_id: number;
  utilisateur_nom: string;
  process_id: number | null;
  started_at: unknown;
  deadline: unknown;
  submitted_at: unknown;
  question_ids: number[];
  method_code: string;
  seuil_reussite: number;
  score: unknown;
  max: unknown;
  percent: unknown;
  reussi: boolean | null;
  now_ms: number;
};
const toEvaluation = (r: RawEvaluation): EvaluationRow => ({
  id: r.id,
  entrepriseId: r.entreprise_id,
  qcmId: r.qcm_id,
  qcmLibelle: r.qcm_libelle,
  utilisateurId: r.utilisateur_id,
  utilisateurNom: r.utilisateur_nom,
  processId: r.process_id,
  startedAt: iso(r.started_at),
  deadline: iso(r.deadline),
  submittedAt: isoOrNull(r.submitted_at),
  questionIds: r.question_ids,
  methodCode: r.method_code,
  seuilReussite: Number(r.seuil_reussite),
  score: numOrNull(r.score),
  max: numOrNull(r.max),
  percent: numOrNull(r.percent),
  reussi: r.reussi,
  nowMs: Number(r.now_ms),
});

/**
 * One attempt of the company. `lock`: 'share' while an answer is written (answers of one attempt go side by side),
 * 'update' while it is submitted (waits for the answers being written, and they wait for it: they then see it submitted).
 */
export async function findEvaluation(tx: Tx, entrepriseId: number, id: number, lock?: 'share' | 'update'): Promise<EvaluationRow | null> {
  if (lock) {
    const locked = await tx.execute(sql`select id from habilitation_evaluation where id = ${id} and entreprise_id = ${entrepriseId}
      ${lock === 'share' ? sql`for share` : sql`for update`}`);
    if (!rowsOf(locked).length) return null;
  }
  const res = await tx.execute(sql`select ${EVALUATION_COLUMNS} from ${EVALUATION_FROM}
    where e.id = ${id} and e.entreprise_id = ${entrepriseId}`);
  const [r] = rowsOf<RawEvaluation>(res);
  return r ? toEvaluation(r) : null;
}

/** What an attempt was asked (with the right answers: for scoring only). */
export async function sujetOf(tx: Tx, id: number): Promise<Sujet> {
  const res = await tx.execute(sql`select sujet from habilitation_evaluation where id = ${id}`);
  return rowsOf<{ sujet: Sujet }>(res)[0].sujet;
}

/** What these attempts were asked, by attempt id. */
export async function sujetsOf(tx: Tx, ids: number[]): Promise<Map<number, Sujet>> {
  if (!ids.length) return new Map();
  const res = await tx.execute(sql`select id, sujet from habilitation_evaluation where id = any(${intArray(ids)})`);
  return new Map(rowsOf<{ id: number; sujet: Sujet }>(res).map((r) => [r.id, r.sujet]));
}

/** The attempt of this person on this quiz still running (not submitted, deadline not passed with its grace), if any. */
export async function runningEvaluation(tx: Tx, entrepriseId: number, utilisateurId: number, qcmId: number, graceSeconds: number) {
  const res = await tx.execute(sql`select id from habilitation_evaluation where entreprise_id = ${entrepriseId}
    and utilisateur_id = ${utilisateurId} and qcm_id = ${qcmId} and submitted_at is null
    and now() <= deadline + make_interval(secs => ${graceSeconds}) order by id desc limit 1`);
  return rowsOf<{ id: number }>(res)[0]?.id ?? null;
}

/** Serializes the starts of attempts of one person on one quiz (two clicks start one attempt). */
export async function lockStart(tx: Tx, utilisateurId: number, qcmId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('habilitation_evaluation:' || ${utilisateurId}::text), ${qcmId})`);
}

export async function insertEvaluation(
  tx: Tx,
  v: {
    entrepriseId: number;
    qcmId: number;
    utilisateurId: number;
    processId: number | null;
    startedById: number;
    dureeMinutes: number;
    seed: number;
    questionIds: number[];
    sujet: Sujet;
    methodCode: string;
    seuilReussite: number;
  },
): Promise<number> {
  const res = await tx.execute(sql`insert into habilitation_evaluation (entreprise_id, qcm_id, utilisateur_id, process_id,
      started_by_id, started_at, deadline, seed, question_ids, sujet, method_code, seuil_reussite)
    values (${v.entrepriseId}, ${v.qcmId}, ${v.utilisateurId}, ${v.processId}, ${v.startedById}, now(),
      now() + make_interval(mins => ${v.dureeMinutes}), ${v.seed}, ${intArray(v.questionIds)}, ${JSON.stringify(v.sujet)}::jsonb,
      ${v.methodCode}, ${v.seuilReussite})
    returning id`);
  return rowsOf<{ id: number }>(res)[0].id;
}

export interface AnswerRow {
  evaluationId: number;
  questionId: number;
  reponseIds: number[];
  answeredAt: string;
}

/** The answers recorded for these attempts. */
export async function answersOf(tx: Tx, evaluationIds: number[]): Promise<AnswerRow[]> {
  if (!evaluationIds.length) return [];
  const res = await tx.execute(sql`select evaluation_id, question_id, reponse_ids, answered_at from habilitation_evaluation_answer
    where evaluation_id = any(${intArray(evaluationIds)}) order by evaluation_id, answered_at, question_id`);
  return rowsOf<{ evaluation_id: number; question_id: number; reponse_ids: number[]; answered_at: unknown }>(res).map((r) => ({
    evaluationId: r.evaluation_id,
    questionId: r.question_id,
    reponseIds: r.reponse_ids,
    answeredAt: iso(r.answered_at),
  }));
}

/** Records the answer of a question: one row per (attempt, question), the last one sent replaces the previous. */
export async function upsertAnswer(
  tx: Tx,
  v: { entrepriseId: number; evaluationId: number; questionId: number; reponseIds: number[] },
): Promise<AnswerRow> {
  const res =
    await tx.execute(sql`insert into habilitation_evaluation_answer (entreprise_id, evaluation_id, question_id, reponse_ids, answered_at)
    values (${v.entrepriseId}, ${v.evaluationId}, ${v.questionId}, ${intArray(v.reponseIds)}, clock_timestamp())
    on conflict (evaluation_id, question_id) do update set reponse_ids = excluded.reponse_ids, answered_at = excluded.answered_at
    returning evaluation_id, question_id, reponse_ids, answered_at`);
  const [r] = rowsOf<{ evaluation_id: number; question_id: number; reponse_ids: number[]; answered_at: unknown }>(res);
  return { evaluationId: r.evaluation_id, questionId: r.question_id, reponseIds: r.reponse_ids, answeredAt: iso(r.answered_at) };
}

export async function markSubmitted(
  tx: Tx,
  id: number,
  r: { score: number; max: number; percent: number; reussi: boolean; eliminatoireManquee: boolean },
): Promise<void> {
  await tx.execute(sql`update habilitation_evaluation set submitted_at = clock_timestamp(), score = ${r.score}, max = ${r.max},
    percent = ${r.percent}, reussi = ${r.reussi}, eliminatoire_manquee = ${r.eliminatoireManquee} where id = ${id}`);
}

/** A person's attempts, newest first. */
export async function evaluationsOfPerson(tx: Tx, entrepriseId: number, utilisateurId: number, limit = 200): Promise<EvaluationRow[]> {
  const res = await tx.execute(sql`select ${EVALUATION_COLUMNS} from ${EVALUATION_FROM}
    where e.entreprise_id = ${entrepriseId} and e.utilisateur_id = ${utilisateurId}
    order by e.started_at desc, e.id desc limit ${limit}`);
  return rowsOf<RawEvaluation>(res).map(toEvaluation);
}

/** A page of the company's attempts (of one person, of one quiz), newest first, with the total. */
export async function evaluationPage(
  tx: Tx,
  entrepriseId: number,
  q: { offset: number; perPage: number; utilisateurId?: number; qcmId?: number },
): Promise<{ items: EvaluationRow[]; total: number }> {
  const where = sql`e.entreprise_id = ${entrepriseId}
    ${q.utilisateurId ? sql`and e.utilisateur_id = ${q.utilisateurId}` : sql``}
    ${q.qcmId ? sql`and e.qcm_id = ${q.qcmId}` : sql``}`;
  const res = await tx.execute(sql`select ${EVALUATION_COLUMNS} from ${EVALUATION_FROM} where ${where}
    order by e.started_at desc, e.id desc limit ${q.perPage} offset ${q.offset}`);
  const count = await tx.execute(sql`select count(*)::int as n from habilitation_evaluation e where ${where}`);
  return { items: rowsOf<RawEvaluation>(res).map(toEvaluation), total: Number(rowsOf<{ n: number }>(count)[0].n) };
}
