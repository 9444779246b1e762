import { abilitiesOn, type Metrique } from '@app/contracts';
import type { Caller } from '../../platform/auth/caller.ts';
import type { AutorisationRow, MetriqueRow } from './etape.repository.ts';

export function presentMetrique(m: MetriqueRow, ordre: number): Metrique {
  return {
    id: m.id,
    nom: m.nom,
    dataType: m.dataType,
    etape_id: m.etapeId,
    etape_ordre: ordre,
    processModeleId: m.processModeleId,
    parentId: m.parentId,
    idx: m.idx,
    idxLargeFormat: m.idxLargeFormat,
    hidden: m.hidden,
    required: m.required,
    propertyValues: (m.propertyValues ?? {}) as Metrique['propertyValues'],
    conditions: (m.conditions ?? []) as Metrique['conditions'],
    references: (m.references ?? null) as Metrique['references'],
  };
}

/** Groups hold their children; the rest stay flat, in idx order. */
export function metriqueTree(list: Metrique[]): Metrique[] {
  const byParent = new Map<number | null, Metrique[]>();
  for (const m of list) byParent.set(m.parentId, [...(byParent.get(m.parentId) ?? []), m]);
  const build = (parent: number | null): Metrique[] =>
    (byParent.get(parent) ?? []).map((m) => (m.dataType === 'group' ? { ...m, children: build(m.id) } : m));
  return build(null);
}

export const presentAutorisation = (a: AutorisationRow) => ({
  id: a.id,
  etapeId: a.etapeId,
  type: a.type as 'validateur' | 'utilisateur' | 'profil' | 'service' | 'prestataire' | 'condition',
  utilisateurId: a.utilisateurId,
  profilId: a.profilModeleId,
  serviceId: a.serviceModeleId,
  test: (a.test ?? null) as { metriqueId: number; operator: 'equals'; value?: unknown } | null,
});

/** What the caller may do with a model, on the model (the editor and the lists show or hide actions by it). */
export const withAbilities =
  (caller: Caller) =>
  <M extends { id: number }>(m: M) => ({
    ...m,
    abilities: abilitiesOn(caller.ability, 'ProcessModele', { id: m.id, entrepriseId: caller.entrepriseId }),
  });
