import { formatDate, formatFull } from '../common/date.ts';

// Pure rules of habilitations (NF C18-510, Code du travail R4544-9 to R4544-11, décret 2025-355): symbol coverage,
// recyclage due dates, expiry states and alert thresholds, and the gate that says whether a person may act under a
// symbol at an instant. The symbols themselves are data (the company's catalogue), never an enum here.

/** Recyclage period when neither the symbol nor the company sets one: NF C18-510 recommends 3 years. */
export const RECYCLAGE_MOIS_DEFAUT = 36;
/** Validity of an attestation de non contre-indication (décret n° 2025-355): 5 years. */
export const ATTESTATION_MEDICALE_MOIS = 60;
/** Days before an expiry when an alert goes out, once each (largest first). */
export const SEUILS_ALERTE_JOURS = [60, 30, 7] as const;
/** Within this many days of its expiry a holding shows as « expire bientôt ». */
export const JOURS_EXPIRE_BIENTOT = 60;

/** A symbol of the catalogue as the rules need it: its code, the codes it directly covers, whether it needs a medical attestation. */
export interface SymboleRegle {
  code: string;
  couvre: readonly string[];
  medicalRequis: boolean;
}

/** Codes compared without case and spacing differences (« BE manœuvre » = « BE Manœuvre »). */
export function normaliserCode(code: string): string {
  return code.trim().replace(/\s+/g, ' ').toLocaleUpperCase('fr-FR');
}

/** Everything a symbol covers, itself included, following the coverage relation transitively (cycles tolerated). */
export function couverture(catalogue: readonly SymboleRegle[], code: string): Set<string> {
  const byCode = new Map(catalogue.map((s) => [normaliserCode(s.code), s]));
  const out = new Set<string>();
  const stack = [normaliserCode(code)];
  while (stack.length) {
    const c = stack.pop() as string;
    if (out.has(c)) continue;
    out.add(c);
    for (const d of byCode.get(c)?.couvre ?? []) stack.push(normaliserCode(d));
  }
  return out;
}

/** Whether holding `detenu` lets its holder act where `requis` is required. */
export function couvre(catalogue: readonly SymboleRegle[], detenu: string, requis: string): boolean {
  return couverture(catalogue, detenu).has(normaliserCode(requis));
}

/** A coverage edge that would make a symbol cover itself through others (refused when editing the catalogue). */
export function cycleDeCouverture(catalogue: readonly SymboleRegle[], code: string, couvreCodes: readonly string[]): string | null {
  const c = normaliserCode(code);
  for (const d of couvreCodes) {
    if (normaliserCode(d) === c) return d;
    if (couverture(catalogue, d).has(c)) return d;
  }
  return null;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Adds months to a day (YYYY-MM-DD), the day clamped to the month's end (31/01 + 1 month = 28 or 29/02). */
export function ajouterMois(jour: string, mois: number): string {
  const m = DAY.exec(jour);
  if (!m) throw new Error(`Date invalide : ${jour}`);
  const total = Number(m[1]) * 12 + Number(m[2]) - 1 + mois;
  const y = Math.floor(total / 12);
  const mo = total - y * 12;
  const last = new Date(Date.UTC(y, mo + 1, 0)).getUTCDate();
  const d = Math.min(Number(m[3]), last);
  return `${String(y).padStart(4, '0')}-${String(mo + 1).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** The recyclage period of a symbol: its own override, else the company's default, else 36 months. */
export function moisDeRecyclage(surchargeSymbole: number | null | undefined, defautEntreprise: number | null | undefined): number {
  return surchargeSymbole ?? defautEntreprise ?? RECYCLAGE_MOIS_DEFAUT;
}

/** Recyclage due date of a holding obtained (or last recycled) on `dateObtention`. */
export function echeanceRecyclage(
  dateObtention: string,
  surchargeSymbole: number | null | undefined,
  defautEntreprise: number | null | undefined,
): string {
  return ajouterMois(dateObtention, moisDeRecyclage(surchargeSymbole, defautEntreprise));
}

/** The calendar day (YYYY-MM-DD, Europe/Paris) of an instant. */
export function jourDe(at: Date | string): string {
  return formatFull(at).slice(0, 10);
}

/** Whole days from `jour` to `echeance` (both YYYY-MM-DD): 0 on the day itself, negative once past. */
export function joursRestants(echeance: string, jour: string): number {
  const a = DAY.exec(echeance);
  const b = DAY.exec(jour);
  if (!a || !b) return Number.NaN;
  return Math.round((Date.UTC(+a[1], +a[2] - 1, +a[3]) - Date.UTC(+b[1], +b[2] - 1, +b[3])) / 86_400_000);
}

export const ETATS_ECHEANCE = ['valide', 'expire_bientot', 'expire'] as const;
export type EtatEcheance = (typeof ETATS_ECHEANCE)[number];

/** State of a dated validity on a day: valid through its last day, « expire bientôt » within 60 days. */
export function etatEcheance(echeance: string | null, jour: string): EtatEcheance {
  if (!echeance) return 'valide';
  const n = joursRestants(echeance, jour);
  if (n < 0) return 'expire';
  return n <= JOURS_EXPIRE_BIENTOT ? 'expire_bientot' : 'valide';
}

/** The alert threshold reached `joursAvant` days before an expiry (the smallest crossed), null outside 0..60. */
export function seuilAlerte(joursAvant: number): number | null {
  if (!Number.isFinite(joursAvant) || joursAvant < 0) return null;
  let out: number | null = null;
  for (const s of SEUILS_ALERTE_JOURS) if (joursAvant <= s) out = s;
  return out;
}

// ---------------------------------------------------------------- the gate

export const ETATS_TITRE = ['brouillon', 'signe', 'revoque', 'remplace'] as const;
export type EtatTitre = (typeof ETATS_TITRE)[number];

/** A holding (symbol of a title) as the gate reads it. */
export interface DetentionGate {
  id: number;
  code: string;
  dateObtention: string | null;
  /** Recyclage due date (YYYY-MM-DD): valid through that day. */
  dateEcheance: string | null;
  /** Scope: an equipment of the registry (its subtree) or a location; null = the title's whole scope. */
  equipementId?: number | null;
  localisationId?: number | null;
}

/** A title as the gate reads it. */
export interface TitreGate {
  id: number;
  numero: string;
  etat: EtatTitre;
  signeEmployeurAt: string | null;
  signeTitulaireAt: string | null;
  revoqueAt?: string | null;
  /** Last day of validity of the title itself, if it has one (live work, a temporary assignment). */
  dateFinValidite?: string | null;
  detentions: readonly DetentionGate[];
}

/** A medical visit as the gate reads it (attestation de non contre-indication, or an earlier fitness certificate). */
export interface VisiteGate {
  id: number;
  /** Counts as a medical attestation (attestation de non contre-indication, or an SIR fitness certificate). */
  attestation: boolean;
  /** Unfavourable (contre-indication, inapte): never counts. */
  defavorable: boolean;
  date: string;
  validUntil: string | null;
}

/** Where the act happens: the equipment path (the equipment and its ancestors) and the location, when known. */
export interface ContexteGate {
  equipementIds?: readonly number[];
  localisationId?: number | null;
}

export interface GateInput {
  /** Codes required: any one suffices. */
  requis: readonly string[];
  at: Date | string;
  catalogue: readonly SymboleRegle[];
  titres: readonly TitreGate[];
  visites: readonly VisiteGate[];
  contexte?: ContexteGate;
}

/** What a signature keeps of the habilitation it was given under. */
export interface GateSnapshot {
  requis: string[];
  titreId: number;
  numero: string;
  detentionId: number;
  code: string;
  dateObtention: string | null;
  dateEcheance: string | null;
  /** The medical attestation relied on (null for a symbol that needs none). */
  visiteId: number | null;
  visiteValidUntil: string | null;
  at: string;
}

export type GateResult = { ok: true; snapshot: GateSnapshot } | { ok: false; raisons: string[] };

const fr = (d: string) => formatDate(d);

function medicalRequis(catalogue: readonly SymboleRegle[], code: string): boolean {
  const s = catalogue.find((x) => normaliserCode(x.code) === normaliserCode(code));
  // A symbol unknown to the catalogue is treated as needing one (the safe side).
  return s ? s.medicalRequis : true;
}

function dansLePerimetre(d: DetentionGate, ctx: ContexteGate | undefined): boolean {
  if (d.equipementId != null && !(ctx?.equipementIds ?? []).includes(d.equipementId)) return false;
  if (d.localisationId != null && ctx?.localisationId !== d.localisationId) return false;
  return true;
}

/** The valid medical attestation with the furthest end on a day, else why none. */
function attestationValide(visites: readonly VisiteGate[], jour: string): { visite: VisiteGate } | { raison: string } {
  const attestations = visites.filter((v) => v.attestation && !v.defavorable && v.date <= jour);
  const valides = attestations.filter((v) => !v.validUntil || v.validUntil >= jour);
  if (valides.length) {
    const best = valides.reduce((a, b) => (!a.validUntil ? a : !b.validUntil || b.validUntil > a.validUntil ? b : a));
    return { visite: best };
  }
  const derniere = attestations
    .filter((v) => v.validUntil)
    .sort((a, b) => ((a.validUntil as string) < (b.validUntil as string) ? 1 : -1))[0];
  if (derniere?.validUntil) return { raison: `Attestation médicale de non contre-indication expirée le ${fr(derniere.validUntil)}.` };
  if (visites.some((v) => v.attestation && v.defavorable && v.date <= jour))
    return { raison: 'Contre-indication médicale : attestation de non contre-indication refusée.' };
  return { raison: 'Aucune attestation médicale de non contre-indication valide.' };
}

/**
 * The gate (NF C18-510, décret 2025-355): may a person act under one of the `requis` symbols at `at`? Yes when a title
 * signed by the employer and by the holder, neither revoked nor past its own end, holds a symbol covering a required
 * one (coverage is transitive), in scope, recycled in time, and — unless that symbol needs none (B0, H0…) — a medical
 * attestation is valid that day. Otherwise the French reasons name what is missing or expired.
 */
export function gate(input: GateInput): GateResult {
  const jour = jourDe(input.at);
  const requis = input.requis.map(normaliserCode);
  const libelleRequis = input.requis.join(' ou ');
  if (!requis.length) return { ok: false, raisons: ['Aucune habilitation requise indiquée.'] };
  // Reasons of holdings on live titles (draft or signed); those of revoked or replaced titles only when no live one holds it.
  const raisons: string[] = [];
  const anciennes: string[] = [];
  const add = (r: string, live: boolean) => {
    const list = live ? raisons : anciennes;
    if (!list.includes(r)) list.push(r);
  };
  let medical: ReturnType<typeof attestationValide> | null = null;
  let candidats = 0;
  // Titles signed most recently first: the snapshot names the current one.
  const titres = [...input.titres].sort((a, b) => ((a.signeEmployeurAt ?? '') < (b.signeEmployeurAt ?? '') ? 1 : -1));
  for (const t of titres) {
    for (const d of t.detentions) {
      const couvert = requis.find((r) => couvre(input.catalogue, d.code, r));
      if (!couvert) continue;
      candidats++;
      const problems: string[] = [];
      if (t.etat === 'revoque' || t.revoqueAt)
        problems.push(`Titre d'habilitation n° ${t.numero} révoqué${t.revoqueAt ? ` le ${fr(t.revoqueAt)}` : ''}.`);
      else if (t.etat === 'remplace') problems.push(`Titre d'habilitation n° ${t.numero} remplacé par un titre plus récent.`);
      else if (!t.signeEmployeurAt || !t.signeTitulaireAt)
        problems.push(
          `Titre d'habilitation n° ${t.numero} non signé par ${!t.signeEmployeurAt && !t.signeTitulaireAt ? "l'employeur et le titulaire" : !t.signeEmployeurAt ? "l'employeur" : 'le titulaire'}.`,
        );
      if (t.dateFinValidite && t.dateFinValidite < jour)
        problems.push(`Titre d'habilitation n° ${t.numero} expiré le ${fr(t.dateFinValidite)}.`);
      if (d.dateObtention && d.dateObtention > jour) problems.push(`Habilitation ${d.code} valable à partir du ${fr(d.dateObtention)}.`);
      if (d.dateEcheance && d.dateEcheance < jour)
        problems.push(`Habilitation ${d.code} expirée le ${fr(d.dateEcheance)} (recyclage dépassé).`);
      if (!dansLePerimetre(d, input.contexte))
        problems.push(`Habilitation ${d.code} limitée à un autre équipement ou une autre localisation.`);
      let visite: VisiteGate | null = null;
      if (medicalRequis(input.catalogue, d.code)) {
        medical ??= attestationValide(input.visites, jour);
        if ('raison' in medical) problems.push(medical.raison);
        else visite = medical.visite;
      }
      if (!problems.length) {
        return {
          ok: true,
          snapshot: {
            requis: [...input.requis],
            titreId: t.id,
            numero: t.numero,
            detentionId: d.id,
            code: d.code,
            dateObtention: d.dateObtention,
            dateEcheance: d.dateEcheance,
            visiteId: visite?.id ?? null,
            visiteValidUntil: visite?.validUntil ?? null,
            at: new Date(input.at).toISOString(),
          },
        };
      }
      const live = (t.etat === 'brouillon' || t.etat === 'signe') && !t.revoqueAt;
      for (const p of problems) add(p, live);
    }
  }
  if (!candidats) add(`Aucune habilitation ${libelleRequis} (ni un symbole qui la couvre) sur un titre d'habilitation.`, true);
  return { ok: false, raisons: raisons.length ? raisons : anciennes };
}

/** The one French message of a refusal: what is required, then each reason. */
export function messageRefus(requis: readonly string[], raisons: readonly string[]): string {
  return `Habilitation requise : ${requis.join(' ou ')}. ${raisons.join(' ')}`;
}
