import { createHash } from 'node:crypto';
import type { CosignBody } from '@app/contracts';
import type { z } from 'zod';
import { AppError, assertCan } from '../../../platform/http/errors.ts';
import type { Ctx } from '../../../platform/http/route.ts';
import { journal, sharedProcessOrThrow } from '../../process/index.ts';
import { lockCoactivite, lockConflit, nameOf, recordConflit, saveCosignature } from '../coactivite.repository.ts';
import { inCompanyOf } from './check-coactivite.ts';
import { conflictsOf } from './find-conflicts.ts';
import { processConflicts } from './process-conflicts.ts';

/**
 * Co-signs the conflict of two processes whose matrix cell asks a co-signature: the later one may then be signed.
 * The co-signer's name, the time and the hash of what was co-signed are kept, and both processes' journals say it.
 * Idempotent: a conflict already co-signed answers as it is.
 */
export async function cosignConflict(ctx: Pick<Ctx, 'tx' | 'caller'>, body: z.output<typeof CosignBody>) {
  const { tx, caller } = ctx;
  const p = await sharedProcessOrThrow(tx, caller, body.processId);
  assertCan(caller.ability, 'update', 'Process', { id: p.id, entrepriseId: p.entrepriseId });
  // A contractor signs its steps of a client's process; the coactivité of the client's site is the client's.
  if (caller.partner) throw new AppError('FORBIDDEN', 'Seule l’entreprise cliente co-signe une coactivité sur son site.');
  if (body.autreProcessId === p.id) throw new AppError('VALIDATION', 'Un processus n’est pas en conflit avec lui-même.');
  await inCompanyOf(tx, caller, p.entrepriseId, async () => {
    await lockCoactivite(tx, p.entrepriseId);
    // The pair is recorded on the later process, its « pourquoi » naming the earlier one.
    const [later, earlier] = p.id > body.autreProcessId ? [p.id, body.autreProcessId] : [body.autreProcessId, p.id];
    const { conflits } = await conflictsOf(tx, p.entrepriseId, later, { against: 'all' });
    const c = conflits.find((x) => x.autreId === earlier);
    if (!c) throw new AppError('CONFLICT', 'Aucun conflit de coactivité en cours entre ces deux processus.');
    if (c.decision !== 'cosignature')
      throw new AppError(
        'CONFLICT',
        c.decision === 'refus'
          ? 'Cette coactivité est interdite : une co-signature ne la lève pas.'
          : 'Cette coactivité se règle par un séquencement, pas par une co-signature.',
      );
    const existing = await lockConflit(tx, later, earlier);
    if (existing?.cosigneAt) return;
    const rec =
      existing ??
      (await recordConflit(tx, {
        entrepriseId: p.entrepriseId,
        processId: later,
        autreProcessId: earlier,
        decision: c.decision,
        paires: c.paires,
        lieu: c.lieu,
        debut: c.debut ? new Date(c.debut) : null,
        fin: c.fin ? new Date(c.fin) : null,
        pourquoi: c.pourquoi,
      }));
    const at = new Date();
    const nom = await nameOf(tx, caller.userId);
    const hash = createHash('sha256')
      .update(
        JSON.stringify({
          processId: later,
          autreProcessId: earlier,
          decision: c.decision,
          paires: c.paires,
          debut: c.debut,
          fin: c.fin,
          pourquoi: c.pourquoi,
          utilisateurId: caller.userId,
          at: at.toISOString(),
        }),
      )
      .digest('hex');
    const commentaire = body.commentaire?.length ? body.commentaire : null;
    await saveCosignature(tx, rec.id, { par: caller.userId, nom, at, hash, commentaire });
    const after = { nom, at: at.toISOString(), hash, pourquoi: c.pourquoi, ...(commentaire ? { commentaire } : {}) };
    await journal(tx, { id: later, entrepriseId: p.entrepriseId }, caller.userId, 'coactivite-cosignature', null, null, {
      autreProcessId: earlier,
      ...after,
    });
    await journal(tx, { id: earlier, entrepriseId: p.entrepriseId }, caller.userId, 'coactivite-cosignature', null, null, {
      autreProcessId: later,
      ...after,
    });
  });
  return processConflicts(ctx, p.id);
}
