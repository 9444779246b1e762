import { couvre, echeanceRecyclage, type TitreCreate, type TitreUpdate } from '@app/contracts';
import type { z } from 'zod';
import { AppError, foundOrThrow, notFound } from '../../../platform/http/errors.ts';
import type { Ctx } from '../../../platform/http/route.ts';
import { avisOfFormation } from '../../formation/index.ts';
import {
  catalogueOf,
  type DetentionValues,
  entrepriseNom,
  insertTitre,
  listSymboles,
  loadTitres,
  lockTitre,
  nextTitreNumero,
  personOf,
  recyclageDefaut,
  replaceDetentions,
  updateTitreRow,
} from '../habilitation.repository.ts';

type DetentionInput = z.output<typeof TitreCreate>['detentions'][number];

/** The holdings to write: each symbol once, its recyclage due date computed unless given (symbol's period, else the company's). */
export async function detentionValues(ctx: Pick<Ctx, 'tx' | 'caller'>, ds: DetentionInput[]): Promise<DetentionValues[]> {
  const seen = new Set<number>();
  for (const d of ds) {
    if (seen.has(d.habilitationId))
      throw new AppError('VALIDATION', 'Un même symbole figure deux fois sur le titre.', [{ champ: 'detentions' }]);
    seen.add(d.habilitationId);
    if (d.dateEcheance && d.dateEcheance < d.dateObtention)
      throw new AppError('VALIDATION', "L'échéance de recyclage précède la date d'obtention.", [{ champ: 'detentions.dateEcheance' }]);
  }
  const symboles = await listSymboles(ctx.tx, ctx.caller.entrepriseId, { ids: [...seen] });
  const defaut = await recyclageDefaut(ctx.tx, ctx.caller.entrepriseId);
  return ds.map((d) => {
    const s = symboles.find((x) => x.id === d.habilitationId);
    if (!s) throw new AppError('VALIDATION', 'Référence invalide : detentions.habilitationId.');
    return {
      habilitationId: d.habilitationId,
      domaine: d.domaine ?? null,
      equipementId: d.equipementId ?? null,
      localisationId: d.localisationId ?? null,
      dateObtention: d.dateObtention,
      dateEcheance: d.dateEcheance ?? echeanceRecyclage(d.dateObtention, s.recyclageMois, defaut),
      restrictions: d.restrictions ?? null,
    };
  });
}

function assertDates(dateDelivrance: string, dateFinValidite: string | null | undefined) {
  if (dateFinValidite && dateFinValidite < dateDelivrance)
    throw new AppError('VALIDATION', 'La fin de validité du titre précède sa date de délivrance.', [{ champ: 'dateFinValidite' }]);
}

/**
 * A title may name the training it rests on (domain.md §4.1: no habilitation without a favourable avis après
 * formation): that training must be the holder's, and carry a favourable avis covering every symbol of the title.
 */
async function assertFormation(ctx: Pick<Ctx, 'tx' | 'caller'>, formationId: number, utilisateurId: number, habilitationIds: number[]) {
  const f = await avisOfFormation(ctx.tx, ctx.caller.entrepriseId, formationId);
  if (!f || f.utilisateurId !== utilisateurId)
    throw new AppError('VALIDATION', 'Formation introuvable pour cette personne.', [{ champ: 'formationId' }]);
  const catalogue = await catalogueOf(ctx.tx, ctx.caller.entrepriseId);
  const symboles = await listSymboles(ctx.tx, ctx.caller.entrepriseId, { ids: habilitationIds });
  const favorables = f.avis.filter((a) => a.avis === 'favorable').map((a) => a.symbole);
  const sansAvis = symboles.filter((s) => !favorables.some((a) => couvre(catalogue, a, s.code))).map((s) => s.code);
  if (sansAvis.length)
    throw new AppError(
      'CONFLICT',
      `La formation du ${f.date.split('-').reverse().join('/')} ne porte pas d'avis favorable pour ${sansAvis.join(', ')}.`,
      { symboles: sansAvis },
    );
}

export async function titreOrThrow(ctx: Pick<Ctx, 'tx' | 'caller'>, id: number) {
  return foundOrThrow((await loadTitres(ctx.tx, ctx.caller.entrepriseId, { ids: [id] })).items[0], "Titre d'habilitation introuvable.");
}

/** Issues a draft title for a person of the company, numbered TH-0001… unless a number is given. */
export async function createTitre(ctx: Pick<Ctx, 'tx' | 'caller'>, body: z.output<typeof TitreCreate>, extra: { processId?: number } = {}) {
  const { tx, caller } = ctx;
  const person = await personOf(tx, body.utilisateurId);
  if (!person || person.entrepriseId !== caller.entrepriseId) throw notFound('Personne introuvable.');
  assertDates(body.dateDelivrance, body.dateFinValidite);
  const detentions = await detentionValues(ctx, body.detentions);
  if (body.formationId)
    await assertFormation(
      ctx,
      body.formationId,
      person.id,
      detentions.map((d) => d.habilitationId),
    );
  const numero = body.numero ?? (await nextTitreNumero(tx, caller.entrepriseId));
  const id = await insertTitre(tx, caller.entrepriseId, {
    numero,
    utilisateurId: person.id,
    employeur: body.employeur || (await entrepriseNom(tx, caller.entrepriseId)),
    dateDelivrance: body.dateDelivrance,
    dateFinValidite: body.dateFinValidite ?? null,
    formationId: body.formationId ?? null,
    observations: body.observations ?? null,
    processId: extra.processId ?? null,
    createdBy: caller.userId,
  });
  await replaceDetentions(tx, caller.entrepriseId, id, person.id, detentions);
  return titreOrThrow(ctx, id);
}

/** Edits a draft title (a signed one is renewed or revoked: 409); a stale version answers 409. */
export async function updateTitre(ctx: Pick<Ctx, 'tx' | 'caller'>, body: z.output<typeof TitreUpdate>) {
  const { tx, caller } = ctx;
  const t = foundOrThrow(await lockTitre(tx, caller.entrepriseId, body.id), "Titre d'habilitation introuvable.");
  if (t.etat !== 'brouillon') throw new AppError('CONFLICT', 'Un titre signé ne se modifie plus : renouvelez-le ou révoquez-le.');
  if (body.version !== undefined && body.version !== t.version)
    throw new AppError('CONFLICT', 'Ce titre a été modifié entre-temps : rechargez-le.', { version: t.version });
  const current = await titreOrThrow(ctx, t.id);
  assertDates(
    body.dateDelivrance ?? current.dateDelivrance,
    body.dateFinValidite === undefined ? current.dateFinValidite : body.dateFinValidite,
  );
  const { id, version: _v, detentions, ...values } = body;
  const formationId = body.formationId === undefined ? current.formationId : body.formationId;
  if (formationId)
    await assertFormation(
      ctx,
      formationId,
      t.utilisateurId,
      detentions ? detentions.map((d) => d.habilitationId) : current.detentions.map((d) => d.habilitationId),
    );
  if (detentions) await replaceDetentions(tx, caller.entrepriseId, id, t.utilisateurId, await detentionValues(ctx, detentions));
  await updateTitreRow(tx, id, values);
  return titreOrThrow(ctx, id);
}
