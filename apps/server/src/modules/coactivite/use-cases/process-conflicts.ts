import { type CoactiviteProcessVue, type ConflitVue, instance } from '@app/contracts';
import type { Ctx } from '../../../platform/http/route.ts';
import { sharedProcessOrThrow } from '../../process/index.ts';
import { type ConflitRow, conflitsOfProcess, isSequencedAfter, PACKAGES, subjectsByIds } from '../coactivite.repository.ts';
import { inCompanyOf } from './check-coactivite.ts';
import { conflictsOf } from './find-conflicts.ts';

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());
const cosignatureOf = (r: ConflitRow | undefined): ConflitVue['cosignature'] =>
  r?.cosigneAt
    ? {
        utilisateurId: r.cosigneParId ?? 0,
        nom: r.cosigneNom ?? '',
        at: new Date(r.cosigneAt).toISOString(),
        hash: r.cosigneHash ?? '',
        commentaire: r.commentaire,
      }
    : null;

/**
 * The coactivité of a process as its screen shows it: the conflicts found now with the lockouts and permits in
 * progress (either side), with their co-signature or sequencing, then those recorded earlier and no longer found.
 */
export async function processConflicts(ctx: Pick<Ctx, 'tx' | 'caller'>, processId: number): Promise<CoactiviteProcessVue> {
  const { tx, caller } = ctx;
  const p = await sharedProcessOrThrow(tx, caller, processId);
  const peutCosigner = caller.ability.can('update', instance('Process', { id: p.id, entrepriseId: p.entrepriseId }));
  const concerne = (PACKAGES as readonly string[]).includes(p.package ?? '');
  if (!concerne) return { processId: p.id, concerne, activites: [], conflits: [], peutCosigner };
  return inCompanyOf(tx, caller, p.entrepriseId, async () => {
    const found = await conflictsOf(tx, p.entrepriseId, p.id, { against: 'all' });
    const records = await conflitsOfProcess(tx, p.id);
    const recordWith = (autre: number) => records.find((r) => r.processId === autre || r.autreProcessId === autre);
    const conflits: ConflitVue[] = [];
    for (const c of found.conflits) {
      const rec = recordWith(c.autreId);
      const bloque = p.id > c.autreId;
      const [later, earlier] = bloque ? [p.id, c.autreId] : [c.autreId, p.id];
      const etat = rec?.cosigneAt
        ? 'cosigne'
        : c.decision === 'sequencement' && (await isSequencedAfter(tx, later, earlier))
          ? 'sequence'
          : 'ouvert';
      conflits.push({
        ...c,
        autreEtat: found.others.get(c.autreId)?.etat ?? 'en_cours',
        bloque,
        etat,
        cosignature: cosignatureOf(rec),
      });
    }
    const live = new Set(found.conflits.map((c) => c.autreId));
    const gone = records.filter((r) => !live.has(r.processId === p.id ? r.autreProcessId : r.processId));
    const others = new Map(
      (
        await subjectsByIds(
          tx,
          p.entrepriseId,
          gone.map((r) => (r.processId === p.id ? r.autreProcessId : r.processId)),
        )
      ).map((o) => [o.id, o]),
    );
    for (const r of gone) {
      const autre = others.get(r.processId === p.id ? r.autreProcessId : r.processId);
      if (!autre) continue;
      conflits.push({
        autreId: autre.id,
        autreNumero: autre.numero / 100,
        autreNom: autre.nom,
        autreEtat: autre.etat,
        decision: r.decision as ConflitVue['decision'],
        paires: r.paires as ConflitVue['paires'],
        lieu: r.lieu as ConflitVue['lieu'],
        debut: iso(r.debut),
        fin: iso(r.fin),
        pourquoi: r.pourquoi,
        bloque: r.processId === p.id,
        etat: 'leve',
        cosignature: cosignatureOf(r),
      });
    }
    return { processId: p.id, concerne, activites: found.activites, conflits, peutCosigner };
  });
}
