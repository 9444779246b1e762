import {
  type Affichage as AffichageSchema,
  abilitiesOn,
  type Critere,
  type EtatProcessCount as EtatProcessCountSchema,
  type Filtre as FiltreSchema,
  PROCESS_ETAT_LABELS,
  PROCESS_ETATS,
  type Tableau,
} from '@app/contracts';
import type { z } from 'zod';
import type { Caller } from '../../platform/auth/caller.ts';
import type { AffichageRow, FiltreRow, TableauRow } from './tableau.repository.ts';

type Filtre = z.infer<typeof FiltreSchema>;
type Affichage = z.infer<typeof AffichageSchema>;
type EtatProcessCount = z.infer<typeof EtatProcessCountSchema>;

/** A board as the API gives it, with what the caller may do on it. */
export const presentTableau =
  (caller: Pick<Caller, 'ability'>) =>
  (r: TableauRow): Tableau => ({
    id: r.id,
    nom: r.nom,
    icon: r.icon,
    logicielId: r.logicielId,
    config: r.config as Record<string, unknown>,
    workflows: r.workflows,
    metriques: r.metriques,
    gamme_modele_id: r.gammeModeleId,
    isEE: r.isEe,
    idx: r.idx,
    abilities: abilitiesOn(caller.ability, 'Tableau', { id: r.id, entrepriseId: r.entrepriseId }),
  });

export const presentFiltre = (f: FiltreRow): Filtre => ({
  id: f.id,
  tableauId: f.tableauId,
  nom: f.nom,
  criteres: f.criteres as Critere[],
  idx: f.idx,
});

export const presentAffichage = (a: AffichageRow): Affichage => ({
  id: a.id,
  tableauId: a.tableauId,
  nom: a.nom,
  colonnes: a.colonnes as Affichage['colonnes'],
  tri: (a.tri ?? null) as Affichage['tri'],
  personnel: a.utilisateurId !== null,
  idx: a.idx,
});

/** Every state with its French label and its count (0 when absent). */
export const presentEtatCounts = (rows: { etat: string; count: number }[]): EtatProcessCount[] =>
  PROCESS_ETATS.map((etat) => ({ etat, libelle: PROCESS_ETAT_LABELS[etat], count: rows.find((r) => r.etat === etat)?.count ?? 0 }));
