import type { ReferenceCheckers } from '../../platform/http/references.ts';
import { profilsAmong } from './profil.repository.ts';

export const profilReferences = {
  profil: (tx, _caller, ids) => profilsAmong(tx, ids),
} satisfies ReferenceCheckers;
