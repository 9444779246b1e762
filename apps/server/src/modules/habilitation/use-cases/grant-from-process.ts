import { jourDe } from '@app/contracts';
import type { ProcessEndListener } from '../../process/index.ts';
import { journal } from '../../process/index.ts';
import {
  entrepriseNom,
  insertTitre,
  nextTitreNumero,
  processHabilitations,
  processOf,
  replaceDetentions,
} from '../habilitation.repository.ts';
import { detentionValues } from './save-titre.ts';

/**
 * A habilitation request (software mh) validated: its « accordée » habilitations become holdings on a draft title per
 * person (the one named on the row, else the process's person in charge, else its creator), obtained today, to be
 * signed by the employer and the holder. Journaled on the process. Once per process and person (unique index).
 */
export const grantFromProcess: ProcessEndListener = async (tx, { caller, process }) => {
  const p = await processOf(tx, process.id);
  if (!p?.demandeHabilitation || p.entrepriseId !== caller.entrepriseId) return;
  const accordees = (await processHabilitations(tx, p.id)).filter((h) => h.sens === 'accordee');
  if (!accordees.length) return;
  const fallback = process.personneEnChargeId ?? process.createdById;
  const byPerson = new Map<number, number[]>();
  for (const h of accordees) {
    const who = h.utilisateurId ?? fallback;
    if (who) byPerson.set(who, [...(byPerson.get(who) ?? []), h.habilitationId]);
  }
  const jour = jourDe(new Date());
  const employeur = await entrepriseNom(tx, p.entrepriseId);
  const titres: { id: number; numero: string; utilisateurId: number; codes: string[] }[] = [];
  for (const [utilisateurId, ids] of byPerson) {
    const detentions = await detentionValues(
      { tx, caller },
      [...new Set(ids)].map((habilitationId) => ({ habilitationId, dateObtention: jour })),
    );
    const numero = await nextTitreNumero(tx, p.entrepriseId);
    const id = await insertTitre(tx, p.entrepriseId, {
      numero,
      utilisateurId,
      employeur,
      dateDelivrance: jour,
      dateFinValidite: null,
      formationId: null,
      observations: `Habilitation accordée par la demande « ${p.nom} ».`,
      processId: p.id,
      createdBy: caller.userId,
    });
    await replaceDetentions(tx, p.entrepriseId, id, utilisateurId, detentions);
    titres.push({
      id,
      numero,
      utilisateurId,
      codes: accordees.filter((h) => (h.utilisateurId ?? fallback) === utilisateurId).map((h) => h.code),
    });
  }
  await journal(tx, { id: p.id, entrepriseId: p.entrepriseId }, caller.userId, 'habilitations-accordees', null, null, { titres });
};
