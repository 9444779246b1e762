import { etatEcheance, instance, jourDe, type Matrix, type MatrixQuery } from '@app/contracts';
import type { z } from 'zod';
import { notFound } from '../../../platform/http/errors.ts';
import type { Ctx } from '../../../platform/http/route.ts';
import { attestationsOf, listSymboles, matrixCells, matrixEntreprises, matrixPeople } from '../habilitation.repository.ts';

/**
 * People × symbols of the caller's company or of one of its contractors (EE staff, read through the partner policy
 * of migration 0021): per cell the best holding of a live title (a signed one before a draft), its due date and
 * state. The medical column only for those who read medical follow-up.
 */
export async function habilitationMatrix(ctx: Pick<Ctx, 'tx' | 'caller'>, q: z.output<typeof MatrixQuery>): Promise<Matrix> {
  const { tx, caller } = ctx;
  const entreprises = await matrixEntreprises(tx, caller.entrepriseId);
  const entrepriseId = q.entrepriseId ?? caller.entrepriseId;
  if (!entreprises.some((e) => e.id === entrepriseId)) throw notFound('Entreprise introuvable.');
  const symboles = (await listSymboles(tx, entrepriseId)).map((s) => ({ id: s.id, code: s.code, libelle: s.libelle }));
  const { rows, total } = await matrixPeople(tx, {
    entrepriseId,
    serviceId: entrepriseId === caller.entrepriseId ? q.serviceId : undefined,
    search: q.search,
    alerte: q.alerte === 'true',
    offset: q.offset,
    perPage: q.perPage,
  });
  const ids = rows.map((r) => r.utilisateurId);
  const cells = await matrixCells(tx, ids);
  const medicalShown = caller.ability.can('read', instance('SuiviMedical', { entrepriseId: caller.entrepriseId }));
  const attestations = medicalShown ? await attestationsOf(tx, ids) : new Map<number, string | null>();
  const jour = jourDe(new Date());
  const items = rows.map((r) => {
    const mine = cells.filter((c) => c.utilisateurId === r.utilisateurId);
    const best = new Map<number, (typeof mine)[number]>();
    // Rows come signed first, then by due date, furthest first: the first per symbol is the one that counts.
    for (const c of mine) if (!best.has(c.habilitationId)) best.set(c.habilitationId, c);
    const validUntil = attestations.get(r.utilisateurId);
    return {
      ...r,
      medical: medicalShown
        ? { validUntil: validUntil ?? null, etat: validUntil === undefined ? ('absente' as const) : etatEcheance(validUntil, jour) }
        : null,
      cellules: [...best.values()].map(({ utilisateurId: _u, ...c }) => ({ ...c, etat: etatEcheance(c.dateEcheance, jour) })),
    };
  });
  return { symboles, items, total, offset: q.offset, perPage: q.perPage, entreprises };
}
