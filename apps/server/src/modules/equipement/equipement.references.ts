import type { ReferenceCheckers } from '../../platform/http/references.ts';
import { readableActiviteIds, readableEquipementIds } from './use-cases/pickers.ts';

/** An equipment: live, of the caller's company, within their rights on the tree; an activity: of such an equipment. */
export const equipementReferences = {
  equipement: (tx, caller, ids) => readableEquipementIds(tx, caller, ids),
  activite: (tx, caller, ids) => readableActiviteIds(tx, caller, ids),
} satisfies ReferenceCheckers;
