import type { ReferenceCheckers } from '../../platform/http/references.ts';
import { servicesAmong } from './service-modele.repository.ts';

export const serviceModeleReferences = {
  service: (tx, caller, ids) => servicesAmong(tx, caller.entrepriseId, ids),
} satisfies ReferenceCheckers;
