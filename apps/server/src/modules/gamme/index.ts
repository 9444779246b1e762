import type { ServerModule } from '../../platform/module.ts';
import { registerEquipementReferrer } from '../equipement/index.ts';
import { registerRoundSummary } from '../process/index.ts';
import { gammeReferences } from './gamme.references.ts';
import { gammeUsesOf, readingsCountOf } from './gamme.repository.ts';
import { gammeRoutes } from './gamme.routes.ts';
import { roundSummaryOf } from './use-cases/round-summary.ts';

/** For the equipement module: an equipment with readings (cancelled included) is not deleted (409 naming them). */
export { readingsCountOf } from './gamme.repository.ts';

const plural = (n: number, one: string, many: string) => `${n} ${n > 1 ? many : one}`;

// Deleting an equipment is refused while readings, gamme points or manoeuvre lines name it.
registerEquipementReferrer('gamme', async (tx, _entrepriseId, equipementId) => {
  const releves = await readingsCountOf(tx, equipementId);
  const { points, lignes } = await gammeUsesOf(tx, equipementId);
  const parts = [
    releves ? plural(releves, 'relevé', 'relevés') : null,
    points ? plural(points, 'point de gamme', 'points de gamme') : null,
    lignes ? plural(lignes, 'ligne de manœuvre', 'lignes de manœuvre') : null,
  ].filter(Boolean);
  return parts.length ? parts.join(', ') : null;
});

// A process's reading field keeps the summary of the round recorded for it (gamme_releves, etape_gamme_releves).
registerRoundSummary(roundSummaryOf);

export const gammeModule: ServerModule = {
  name: 'gamme',
  routes: gammeRoutes,
  references: gammeReferences,
};
