import {
  type ActePermis,
  actionsPossibles,
  type ComplementPermis,
  type EtatPermis,
  estExpire,
  estPermisDeFeu,
  etatEffectif,
  etatSurveillance,
  type ModeValidite,
  type Permis,
  type RolePermis,
  rolesRequis,
  type TypePermis,
} from '@app/contracts';
import type { PermisRow } from './permis.repository.ts';

// Rows → the Permis of the contracts. Pure: the reads are the use case's (use-cases/get-permis.ts).

const iso = (d: Date | string) => new Date(d).toISOString();
const isoOrNull = (d: Date | string | null) => (d ? iso(d) : null);

export interface PermisData {
  row: PermisRow;
  process: { id: number; numero: number; nomProcess: string };
  consignations: {
    processId: number;
    numero: number;
    nomProcess: string;
    etat: string;
    status: string | null;
    equipementLibelle: string | null;
    etatConsignation: string | null;
  }[];
  signatures: { id: number; acte: string; role: string; utilisateurId: number; nom: string; at: Date; hash: string }[];
  prolongations: {
    id: number;
    ancienneFin: Date;
    nouvelleFin: Date;
    motif: string;
    utilisateurId: number;
    nom: string;
    at: Date;
    hash: string;
  }[];
  suspensions: {
    id: number;
    motif: string;
    suspenduPar: number;
    suspenduNom: string;
    suspenduAt: Date;
    reprisPar: number | null;
    reprisNom: string | null;
    reprisAt: Date | null;
    observationReprise: string | null;
  }[];
  controles: { numero: number; utilisateurId: number; nom: string; at: Date; observation: string | null; hash: string }[];
  names: Map<number, string>;
  now: Date;
  abilities?: Permis['abilities'];
}

/** The act whose signatures are awaited in a state (none outside demande and en cours/suspendu). */
export function acteCourant(etat: EtatPermis): ActePermis | null {
  if (etat === 'demande') return 'delivrance';
  if (etat === 'en_cours' || etat === 'suspendu') return 'fin_travaux';
  return null;
}

/** The fire watch of a permit at `now`, or null before its fin de travaux (or without hot work). */
export function surveillanceOf(row: PermisRow, controles: PermisData['controles'], now: Date) {
  if (!row.finTravauxAt || !row.surveillanceMinutes || !row.controleIntervalleMinutes) return null;
  const w = {
    debut: row.finTravauxAt,
    surveillanceMinutes: row.surveillanceMinutes,
    controleIntervalleMinutes: row.controleIntervalleMinutes,
    controles: controles.map((c) => ({ numero: c.numero, at: c.at })),
  };
  return { w, etat: etatSurveillance(w, now) };
}

export function presentPermis(d: PermisData): Permis {
  const { row, now } = d;
  const feu = estPermisDeFeu({ type: row.type as TypePermis, complements: row.complements });
  const etat = row.etat as EtatPermis;
  const expire = estExpire({ etat, dateFin: row.dateFin }, now);
  const acte = acteCourant(etat);
  const signees = new Set(d.signatures.filter((s) => s.acte === acte).map((s) => s.role));
  const watch = surveillanceOf(row, d.controles, now);
  const person = (id: number | null, nom?: string | null) => (id ? { id, nom: nom ?? d.names.get(id) ?? '' } : null);
  return {
    id: row.id,
    processId: row.processId,
    numero: d.process.numero / 100,
    nomProcess: d.process.nomProcess,
    type: row.type as TypePermis,
    complements: row.complements as ComplementPermis[],
    feu,
    modeValidite: (row.modeValidite as ModeValidite | null) ?? null,
    dateDebut: iso(row.dateDebut),
    dateFin: iso(row.dateFin),
    dateFinInitiale: iso(row.dateFinInitiale),
    etat,
    etatEffectif: etatEffectif({ etat, dateFin: row.dateFin }, now),
    actions: actionsPossibles(etat, expire),
    travaux: row.travaux,
    mesures: row.mesures,
    consignations: d.consignations.map((c) => ({ ...c, numero: c.numero / 100 })),
    signatures: d.signatures.map((s) => ({
      id: s.id,
      acte: s.acte as ActePermis,
      role: s.role as RolePermis,
      utilisateur: { id: s.utilisateurId, nom: s.nom },
      at: iso(s.at),
      hash: s.hash,
    })),
    signaturesAttendues: acte ? rolesRequis(acte, feu).filter((r) => !signees.has(r)) : [],
    prolongations: d.prolongations.map((p) => ({
      id: p.id,
      ancienneFin: iso(p.ancienneFin),
      nouvelleFin: iso(p.nouvelleFin),
      motif: p.motif,
      utilisateur: { id: p.utilisateurId, nom: p.nom },
      at: iso(p.at),
      hash: p.hash,
    })),
    suspensions: d.suspensions.map((s) => ({
      id: s.id,
      motif: s.motif,
      suspenduPar: { id: s.suspenduPar, nom: s.suspenduNom },
      suspenduAt: iso(s.suspenduAt),
      reprisPar: person(s.reprisPar, s.reprisNom),
      reprisAt: isoOrNull(s.reprisAt),
      observationReprise: s.observationReprise,
    })),
    delivreAt: isoOrNull(row.delivreAt),
    demarreAt: isoOrNull(row.demarreAt),
    finTravauxAt: isoOrNull(row.finTravauxAt),
    surveillance: watch
      ? {
          debut: watch.etat.debut,
          fin: watch.etat.fin,
          surveillanceMinutes: watch.w.surveillanceMinutes,
          controleIntervalleMinutes: watch.w.controleIntervalleMinutes,
          controles: watch.etat.echeances.map((dueAt, i) => {
            const c = d.controles.find((x) => x.numero === i + 1);
            return {
              numero: i + 1,
              dueAt,
              signedAt: c ? iso(c.at) : null,
              utilisateur: c ? { id: c.utilisateurId, nom: c.nom } : null,
              observation: c?.observation ?? null,
              hash: c?.hash ?? null,
            };
          }),
          prochain: watch.etat.prochain,
          terminee: watch.etat.terminee,
          raisons: watch.etat.raisons,
        }
      : null,
    closAt: isoOrNull(row.closAt),
    closPar: person(row.closPar),
    annulation:
      row.annuleAt && row.annulePar
        ? {
            motif: row.motifAnnulation ?? '',
            utilisateur: { id: row.annulePar, nom: d.names.get(row.annulePar) ?? '' },
            at: iso(row.annuleAt),
          }
        : null,
    version: row.version,
    now: now.toISOString(),
    abilities: d.abilities,
  };
}
