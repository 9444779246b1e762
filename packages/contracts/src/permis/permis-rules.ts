// Work permits (Module A, domain.md §2.1–2.2): the permit's lifecycle as a pure state machine, the validity of a
// permis de feu (INRS ED 6030, IGH art. GH 3), the signatures each act needs and the post-work fire watch. No zod
// here: the web's shell reads the labels without loading the schemas.

import { zonedInstant } from '../common/date.ts';

/** Stored states of a permit. `expire` is never stored: it is read from the validity window (etatEffectif). */
export const ETATS_PERMIS = ['demande', 'delivre', 'en_cours', 'suspendu', 'fin_travaux', 'clos', 'annule'] as const;
export type EtatPermis = (typeof ETATS_PERMIS)[number];
/** The state a permit shows: its stored state, or `expire` when its validity ended without extension. */
export const ETATS_PERMIS_AFFICHES = [...ETATS_PERMIS, 'expire'] as const;
export type EtatPermisAffiche = (typeof ETATS_PERMIS_AFFICHES)[number];

export const ETAT_PERMIS_LABELS: Record<EtatPermisAffiche, string> = {
  demande: 'Demandé',
  delivre: 'Délivré',
  en_cours: 'En cours',
  suspendu: 'Suspendu',
  fin_travaux: 'Fin de travaux',
  clos: 'Clos',
  annule: 'Annulé',
  expire: 'Expiré',
};

/** A base permit (permis de travail) or a permis de feu on its own. */
export const TYPES_PERMIS = ['travail', 'feu'] as const;
export type TypePermis = (typeof TYPES_PERMIS)[number];
export const TYPE_PERMIS_LABELS: Record<TypePermis, string> = { travail: 'Permis de travail', feu: 'Permis de feu' };

/** Complementary permits; their codes are the coactivité module's activity codes. */
export const COMPLEMENTS_PERMIS = ['feu', 'espace_confine', 'fouille', 'hauteur', 'levage', 'radiographie'] as const;
export type ComplementPermis = (typeof COMPLEMENTS_PERMIS)[number];
export const COMPLEMENT_LABELS: Record<ComplementPermis, string> = {
  feu: 'Permis de feu',
  espace_confine: 'Pénétration en espace confiné',
  fouille: 'Permis de fouille',
  hauteur: 'Travail en hauteur',
  levage: 'Levage',
  radiographie: 'Radiographie industrielle',
};

/** Validity of a permis de feu: the day (same calendar day in Europe/Paris) or one operation (at most 5 days). */
export const MODES_VALIDITE = ['jour', 'operation'] as const;
export type ModeValidite = (typeof MODES_VALIDITE)[number];
export const MODE_VALIDITE_LABELS: Record<ModeValidite, string> = { jour: 'Une journée', operation: 'Une opération (5 jours au plus)' };
/** IGH art. GH 3: a permis de feu is valid at most 5 days before renewal. */
export const FEU_VALIDITE_MAX_JOURS = 5;

/** Who signs a permit: the issuer (donneur d'ordre, operating side), the receiver (exécutant), the fire watcher. */
export const ROLES_PERMIS = ['emetteur', 'executant', 'surveillant'] as const;
export type RolePermis = (typeof ROLES_PERMIS)[number];
export const ROLE_PERMIS_LABELS: Record<RolePermis, string> = {
  emetteur: 'Émetteur (donneur d’ordre)',
  executant: 'Exécutant',
  surveillant: 'Surveillant',
};

/** The signed acts: issuing the permit, and the end of the works (site handed back). */
export const ACTES_PERMIS = ['delivrance', 'fin_travaux'] as const;
export type ActePermis = (typeof ACTES_PERMIS)[number];
export const ACTE_PERMIS_LABELS: Record<ActePermis, string> = { delivrance: 'Délivrance', fin_travaux: 'Fin de travaux' };

/** Fire watch defaults (SSIAP practice, domain.md §2.2): 120 minutes, a check every 30 minutes. */
export const SURVEILLANCE_DEFAUT = { surveillanceMinutes: 120, controleIntervalleMinutes: 30 } as const;
export const SURVEILLANCE_BORNES = { minMinutes: 30, maxMinutes: 720, minIntervalle: 5, maxIntervalle: 120 } as const;
/** A check may be signed this many minutes before it is due (the watcher's round does not start to the second). */
export const CONTROLE_AVANCE_MINUTES = 5;

/** Default validity of a permit recorded without an end (company setting): hours after its start. */
export const VALIDITE_DEFAUT_HEURES = 8;
export const VALIDITE_BORNES = { minHeures: 1, maxHeures: 72 } as const;

/** The actions on a permit. */
export const ACTIONS_PERMIS = ['delivrer', 'demarrer', 'suspendre', 'reprendre', 'prolonger', 'terminer', 'clore', 'annuler'] as const;
export type ActionPermis = (typeof ACTIONS_PERMIS)[number];

/** A refused action on a permit, with its French reason (answered 409 by the server). */
export class PermisRuleError extends Error {
  override readonly name = 'PermisRuleError';
}

/** Whether the permit carries hot work: a permis de feu, or a base permit with the feu complement. */
export function estPermisDeFeu(p: { type: TypePermis; complements: readonly string[] }): boolean {
  return p.type === 'feu' || p.complements.includes('feu');
}

/** Whether the permit is past its validity: issued, in progress or suspended, and its end is reached. */
export function estExpire(p: { etat: EtatPermis; dateFin: string | Date }, now: Date): boolean {
  return (p.etat === 'delivre' || p.etat === 'en_cours' || p.etat === 'suspendu') && new Date(p.dateFin).getTime() <= now.getTime();
}

/** The state a permit shows at `now` (`expire` past its validity without extension). */
export function etatEffectif(p: { etat: EtatPermis; dateFin: string | Date }, now: Date): EtatPermisAffiche {
  return estExpire(p, now) ? 'expire' : p.etat;
}

/** Whether the permit is open: it still covers works (or their watch), so its lockouts stay in place. */
export function estOuvert(etat: EtatPermis): boolean {
  return etat !== 'clos' && etat !== 'annule';
}

const TRANSITIONS: Record<ActionPermis, { from: readonly EtatPermis[]; to: EtatPermis | null; whenExpired: boolean }> = {
  delivrer: { from: ['demande'], to: 'delivre', whenExpired: false },
  demarrer: { from: ['delivre'], to: 'en_cours', whenExpired: false },
  suspendre: { from: ['en_cours'], to: 'suspendu', whenExpired: true },
  reprendre: { from: ['suspendu'], to: 'en_cours', whenExpired: false },
  // null: the state stays (a new end of validity).
  prolonger: { from: ['delivre', 'en_cours', 'suspendu'], to: null, whenExpired: true },
  terminer: { from: ['en_cours', 'suspendu'], to: 'fin_travaux', whenExpired: true },
  clore: { from: ['fin_travaux'], to: 'clos', whenExpired: true },
  annuler: { from: ['demande', 'delivre'], to: 'annule', whenExpired: true },
};

const REFUS: Record<ActionPermis, string> = {
  delivrer: 'Seul un permis demandé peut être délivré.',
  demarrer: 'Seul un permis délivré peut passer en cours.',
  suspendre: 'Seul un permis en cours peut être suspendu.',
  reprendre: 'Seul un permis suspendu peut reprendre.',
  prolonger: 'Seul un permis délivré, en cours ou suspendu peut être prolongé.',
  terminer: 'La fin de travaux se signe sur un permis en cours ou suspendu.',
  clore: 'Seul un permis en fin de travaux peut être clos.',
  annuler: 'Seul un permis demandé ou délivré (travaux non commencés) peut être annulé ; sinon, signez la fin de travaux.',
};

const EXPIRE: Partial<Record<ActionPermis, string>> = {
  delivrer: 'La période de validité est déjà passée : modifiez-la avant de délivrer le permis.',
  demarrer: 'Le permis est expiré : prolongez-le avant de commencer les travaux.',
  reprendre: 'Le permis est expiré : prolongez-le avant de reprendre les travaux.',
};

/**
 * The state a permit goes to by an action, or a PermisRuleError with the French reason. `expire`: the permit's
 * validity has ended (estExpire); an expired permit may still be extended, suspended, ended, closed or cancelled.
 */
export function transitionPermis(etat: EtatPermis, action: ActionPermis, o: { expire?: boolean } = {}): EtatPermis {
  const t = TRANSITIONS[action];
  if (!t.from.includes(etat)) {
    if (etat === 'clos') throw new PermisRuleError('Ce permis est clos.');
    if (etat === 'annule') throw new PermisRuleError('Ce permis est annulé.');
    throw new PermisRuleError(REFUS[action]);
  }
  if (o.expire && !t.whenExpired) throw new PermisRuleError(EXPIRE[action] ?? 'Le permis est expiré.');
  return t.to ?? etat;
}

/** The actions allowed now (for the screen's buttons). */
export function actionsPossibles(etat: EtatPermis, expire: boolean): ActionPermis[] {
  return ACTIONS_PERMIS.filter((a) => {
    try {
      transitionPermis(etat, a, { expire });
      return true;
    } catch {
      return false;
    }
  });
}

/** The roles that must sign an act: both sides, and for hot work the fire watcher at issue (ED 6030). */
export function rolesRequis(acte: ActePermis, feu: boolean): RolePermis[] {
  if (acte === 'delivrance') return feu ? ['emetteur', 'executant', 'surveillant'] : ['emetteur', 'executant'];
  return ['emetteur', 'executant'];
}

/** The state in which an act is signed. */
export const ETAT_DE_L_ACTE: Record<ActePermis, readonly EtatPermis[]> = {
  delivrance: ['demande'],
  fin_travaux: ['en_cours', 'suspendu'],
};

/**
 * Checks one signature of an act: the permit is in the act's state, the role is one the act needs, not signed yet,
 * and the signer has not signed another role of the same act (each side signs for itself). Returns whether this
 * signature completes the act.
 */
export function verifierSignature(
  a: { etat: EtatPermis; feu: boolean; acte: ActePermis; role: RolePermis; signataireId: number },
  signees: readonly { role: RolePermis; utilisateurId: number }[],
): { complet: boolean } {
  if (!ETAT_DE_L_ACTE[a.acte].includes(a.etat)) {
    throw new PermisRuleError(
      a.acte === 'delivrance'
        ? 'La délivrance se signe sur un permis demandé.'
        : 'La fin de travaux se signe sur un permis en cours ou suspendu.',
    );
  }
  const requis = rolesRequis(a.acte, a.feu);
  if (!requis.includes(a.role)) throw new PermisRuleError(`Cet acte ne se signe pas comme ${ROLE_PERMIS_LABELS[a.role].toLowerCase()}.`);
  if (signees.some((s) => s.role === a.role)) throw new PermisRuleError(`${ROLE_PERMIS_LABELS[a.role]} : déjà signé.`);
  const autre = signees.find((s) => s.utilisateurId === a.signataireId);
  if (autre) {
    throw new PermisRuleError(
      `Vous avez déjà signé comme ${ROLE_PERMIS_LABELS[autre.role].toLowerCase()} : une autre personne doit signer comme ${ROLE_PERMIS_LABELS[a.role].toLowerCase()}.`,
    );
  }
  const roles = new Set([...signees.map((s) => s.role), a.role]);
  return { complet: requis.every((r) => roles.has(r)) };
}

const DAY_MS = 86_400_000;

function jourParis(d: Date): string {
  return new Intl.DateTimeFormat('fr-CA', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit', day: '2-digit' }).format(d);
}

/**
 * The French reason a validity window is refused, or null: the end follows the start; a permis de feu lasts the day
 * (same calendar day in Europe/Paris) or one operation of at most 5 days (IGH art. GH 3), extensions included.
 */
export function refusValidite(p: { feu: boolean; modeValidite: ModeValidite | null; dateDebut: string | Date; dateFin: string | Date }) {
  const debut = new Date(p.dateDebut);
  const fin = new Date(p.dateFin);
  if (Number.isNaN(debut.getTime()) || Number.isNaN(fin.getTime())) return 'Période de validité invalide.';
  if (fin.getTime() <= debut.getTime()) return 'La fin de validité doit suivre le début.';
  if (!p.feu) return null;
  if (p.modeValidite === 'jour' && jourParis(debut) !== jourParis(fin)) {
    return 'Un permis de feu « à la journée » finit le jour même : pour continuer demain, établissez un nouveau permis.';
  }
  if (fin.getTime() - debut.getTime() > FEU_VALIDITE_MAX_JOURS * DAY_MS) {
    return 'Un permis de feu vaut au plus 5 jours (IGH, art. GH 3) : au-delà, établissez un nouveau permis.';
  }
  return null;
}

/**
 * The end of validity of a permit recorded without one: its start plus the company's default hours. A permis de feu
 * keeps its own rule: « à la journée » (its default mode) ends the same day in Europe/Paris, at 23:59 at the latest;
 * « une opération » within 5 days (IGH art. GH 3). The result is then checked by refusValidite like any other end.
 */
export function finDeValiditeParDefaut(p: {
  dateDebut: string | Date;
  heures: number;
  feu: boolean;
  modeValidite: ModeValidite | null;
}): Date {
  const debut = new Date(p.dateDebut);
  const fin = debut.getTime() + p.heures * 3_600_000;
  if (!p.feu || Number.isNaN(fin)) return new Date(fin);
  if (p.modeValidite === 'operation') return new Date(Math.min(fin, debut.getTime() + FEU_VALIDITE_MAX_JOURS * DAY_MS));
  const finDuJour = zonedInstant(jourParis(debut), '23:59');
  return new Date(finDuJour ? Math.min(fin, Date.parse(finDuJour)) : fin);
}

/** The French reason an extension is refused, or null: a later end, within the permit's own validity rules. */
export function refusProlongation(
  p: { feu: boolean; modeValidite: ModeValidite | null; dateDebut: string | Date; dateFin: string | Date },
  nouvelleFin: string | Date,
  now: Date,
) {
  const fin = new Date(nouvelleFin);
  if (fin.getTime() <= new Date(p.dateFin).getTime()) return 'La nouvelle fin de validité doit suivre la fin actuelle.';
  if (fin.getTime() <= now.getTime()) return 'La nouvelle fin de validité est déjà passée.';
  return refusValidite({ ...p, dateFin: fin });
}

// ---------------------------------------------------------------- fire watch (surveillance après travaux)

export interface ControleFait {
  numero: number;
  at: string | Date;
}

export interface EtatSurveillance {
  /** Number of checks the watch needs (ceil(duration / interval)). */
  nombre: number;
  debut: string;
  fin: string;
  /** When each check is due (the last one at the end of the watch). */
  echeances: string[];
  /** The next check to sign, or null when all are signed. */
  prochain: number | null;
  /** The watch is finished: its duration has elapsed and its last check is signed. */
  terminee: boolean;
  /** Why the permit cannot be closed yet (French), empty when it can. */
  raisons: string[];
}

function hhmm(d: Date): string {
  return new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(d);
}

/**
 * The fire watch at `now`: it starts at the fin de travaux and lasts `surveillanceMinutes`, with a check every
 * `controleIntervalleMinutes` (check k due at start + min(k × interval, duration)). Closure waits for both the
 * duration and the last check.
 */
export function etatSurveillance(
  w: { debut: string | Date; surveillanceMinutes: number; controleIntervalleMinutes: number; controles: readonly ControleFait[] },
  now: Date,
): EtatSurveillance {
  const debut = new Date(w.debut).getTime();
  const nombre = Math.max(1, Math.ceil(w.surveillanceMinutes / w.controleIntervalleMinutes));
  const fin = debut + w.surveillanceMinutes * 60_000;
  const echeances = Array.from({ length: nombre }, (_, i) =>
    new Date(debut + Math.min((i + 1) * w.controleIntervalleMinutes, w.surveillanceMinutes) * 60_000).toISOString(),
  );
  const faits = new Set(w.controles.map((c) => c.numero));
  let prochain: number | null = null;
  for (let k = 1; k <= nombre; k++) {
    if (!faits.has(k)) {
      prochain = k;
      break;
    }
  }
  const raisons: string[] = [];
  if (now.getTime() < fin) {
    const reste = Math.ceil((fin - now.getTime()) / 60_000);
    raisons.push(`La surveillance après travaux n’est pas finie : encore ${reste} min (jusqu’à ${hhmm(new Date(fin))}).`);
  }
  if (prochain !== null) {
    raisons.push(
      prochain === nombre
        ? `Le dernier contrôle de la surveillance (n° ${nombre}) n’est pas signé.`
        : `Contrôles de surveillance à signer : ${nombre - prochain + 1} sur ${nombre} (prochain : n° ${prochain}).`,
    );
  }
  return {
    nombre,
    debut: new Date(debut).toISOString(),
    fin: new Date(fin).toISOString(),
    echeances,
    prochain,
    terminee: !raisons.length,
    raisons,
  };
}

/**
 * Checks the signing of check `numero` at `now`: the checks are signed in order, once each, and not before they are
 * due (CONTROLE_AVANCE_MINUTES early at most).
 */
export function verifierControle(s: EtatSurveillance, numero: number, now: Date): void {
  if (numero < 1 || numero > s.nombre)
    throw new PermisRuleError(`La surveillance compte ${s.nombre} contrôles : le n° ${numero} n’existe pas.`);
  if (s.prochain === null || numero < s.prochain) throw new PermisRuleError(`Le contrôle n° ${numero} est déjà signé.`);
  if (numero > s.prochain) throw new PermisRuleError(`Signez d’abord le contrôle n° ${s.prochain}.`);
  const due = new Date(s.echeances[numero - 1]).getTime();
  if (now.getTime() < due - CONTROLE_AVANCE_MINUTES * 60_000) {
    throw new PermisRuleError(`Le contrôle n° ${numero} est prévu à ${hhmm(new Date(due))} : trop tôt pour le signer.`);
  }
}
