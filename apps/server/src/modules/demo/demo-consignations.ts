// Seeding script: writes the consignation module's tables directly (see index.ts for why).
import { createHash } from 'node:crypto';
import type { EtatConsignation, ModeConsignation, OperationConsignation, TypeAttestation } from '@app/contracts';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/engine.ts';
import {
  consignation,
  consignationAttestation,
  consignationAvis,
  consignationCadenas,
  consignationCompteur,
  consignationOperation,
  consignationPoint,
} from '../consignation/consignation.tables.ts';
import { ensureLockoutRecords } from '../consignation/index.ts';
import { equipement, equipementPointIsolement } from '../equipement/index.ts';
import { process } from '../process/process.tables.ts';
import { utilisateur } from '../utilisateur/utilisateur.tables.ts';
import { createDemoProcesses } from './demo-processes.ts';

// Acme's lockout register (ticket 15): a shutdown of production line 1 under a mother lockout with two daughters
// (one at work with its padlocks on, one whose team has finished, a padlock removed by the absent-worker procedure),
// a two-step lockout of a compressor (electrical and pneumatic points) at its first step, a cancelled one; then the
// records of the demo's other lockouts, rebuilt from their signed steps, with their equipment's isolation points.

const hash = (s: string) => createHash('sha256').update(s).digest('hex');
/** The demo's number of the padlock on a lockout's n-th isolation point. */
const padlockNumber = (processId: number, n: number) => `C-${300 + (processId % 100)}-${n}`;

export interface People {
  technicien: number;
  responsable: number;
  admin: number;
  bernard: number;
  faure: number;
  gamma: number;
}

export interface DemoLockout {
  etat: EtatConsignation;
  mode?: ModeConsignation;
  /** Equipment names whose isolation points are copied. */
  equipements: string[];
  operations: OperationConsignation[];
  attestation?: TypeAttestation;
  /** Personal padlocks: worker, number, removed (and how). */
  cadenas?: { utilisateurId: number; numero: string; retire?: 'lui' | 'absent' }[];
  avis?: string;
  status: string | null;
}

async function equipmentByName(tx: Tx, entrepriseId: number, name: string) {
  const [e] = await tx
    .select({ id: equipement.id, name: equipement.name, number: equipement.number })
    .from(equipement)
    .where(and(eq(equipement.entrepriseId, entrepriseId), eq(equipement.name, name), isNull(equipement.deletedAt)))
    .limit(1);
  return e ?? null;
}

/** Writes the lockout record of a demo process: its points (padlocked once the condamnation is signed), operations, attestation, padlocks, avis. */
export async function seedRecord(
  tx: Tx,
  entrepriseId: number,
  processId: number,
  mereId: number | null,
  d: DemoLockout,
  who: People,
  at: Date,
) {
  await tx.insert(consignation).values({
    processId,
    entrepriseId,
    etat: d.etat,
    mode: d.mode ?? 'une_etape',
    mereId,
    consigneeAt: ['consignee', 'en_cours', 'interrompue', 'deconsignation_demandee'].includes(d.etat) ? at : null,
  });
  let n = 0;
  for (const name of d.equipements) {
    const e = await equipmentByName(tx, entrepriseId, name);
    if (!e) continue;
    const points = await tx
      .select()
      .from(equipementPointIsolement)
      .where(and(eq(equipementPointIsolement.equipementId, e.id), isNull(equipementPointIsolement.deletedAt)));
    for (const p of points) {
      n++;
      // A point carries its padlock once the condamnation is done (before it, the lockout's people set it).
      const padlocked = d.operations.includes('condamnation');
      await tx.insert(consignationPoint).values({
        entrepriseId,
        processId,
        equipementPointId: p.id,
        idx: n,
        repere: p.repere,
        energie: p.energie,
        dispositif: p.dispositif,
        positionRequise: p.positionRequise,
        moyenCondamnation: p.moyenCondamnation,
        methodeVerification: p.methodeVerification,
        numeroCadenas: padlocked ? padlockNumber(processId, n) : null,
        poseParId: padlocked ? who.technicien : null,
        poseAt: padlocked ? at : null,
      });
    }
  }
  for (const operation of d.operations)
    await tx.insert(consignationOperation).values({
      entrepriseId,
      processId,
      operation,
      utilisateurId: who.technicien,
      at,
      hash: hash(`${processId}:${operation}:${at.toISOString()}`),
    });
  if (d.attestation) {
    const [c] = await tx
      .insert(consignationCompteur)
      .values({ entrepriseId, last: 1 })
      .onConflictDoUpdate({ target: consignationCompteur.entrepriseId, set: { last: sql`${consignationCompteur.last} + 1` } })
      .returning({ last: consignationCompteur.last });
    await tx.insert(consignationAttestation).values({
      entrepriseId,
      processId,
      numero: c.last,
      type: d.attestation,
      utilisateurId: who.responsable,
      at,
      hash: hash(`${processId}:attestation:${c.last}`),
    });
  }
  for (const c of d.cadenas ?? [])
    await tx.insert(consignationCadenas).values({
      entrepriseId,
      processId,
      utilisateurId: c.utilisateurId,
      numero: c.numero,
      poseParId: c.utilisateurId,
      poseAt: at,
      ...(c.retire === 'lui' ? { retraitParId: c.utilisateurId, retraitAt: new Date(at.getTime() + 6 * 3600_000) } : {}),
      ...(c.retire === 'absent'
        ? {
            retraitParId: who.responsable,
            retraitAt: new Date(at.getTime() + 7 * 3600_000),
            motifAbsence:
              'Intervenant reparti en fin de poste sans retirer son cadenas ; joint par téléphone, il confirme avoir quitté la zone.',
            temoinId: who.admin,
            hash: hash(`${processId}:absent:${c.numero}`),
          }
        : {}),
    });
  if (d.avis)
    await tx.insert(consignationAvis).values({
      entrepriseId,
      processId,
      equipe: d.avis,
      utilisateurId: who.gamma,
      at: new Date(at.getTime() + 6 * 3600_000),
      hash: hash(`${processId}:avis`),
    });
  if (d.status !== null) await tx.update(process).set({ status: d.status }).where(eq(process.id, processId));
}

/** Creates the demo lockouts on the equipment registry (call after it), then the records of the other demo lockouts. */
export async function createDemoConsignations(tx: Tx, acme: number, modeleId: number, acteurs0: Omit<People, 'bernard' | 'faure'>) {
  // Two electricians of the habilitation demo (created there, found by their mail).
  const byMail = async (mail: string) => {
    const [u] = await tx.select({ id: utilisateur.id }).from(utilisateur).where(eq(utilisateur.mail, mail));
    return u.id;
  };
  const who: People = { ...acteurs0, bernard: await byMail('g.bernard@acme.demo.fr'), faure: await byMail('j.faure@acme.demo.fr') };
  const acteurs = { createur: who.technicien, validateur: who.responsable };
  const at = new Date('2026-11-24T07:45:00Z');
  const label = async (name: string) => {
    const e = await equipmentByName(tx, acme, name);
    return e ? { id: e.id, libelle: e.number ? `${e.name} (${e.number})` : e.name } : null;
  };
  const created = async (nom: string) => {
    const [p] = await tx
      .select({ id: process.id })
      .from(process)
      .where(and(eq(process.entrepriseId, acme), eq(process.nomProcess, nom)));
    return p.id;
  };
  const make = async (
    nom: string,
    signes: number,
    typeConsignation: number,
    equipementName: string,
    parentId: number | null,
    d: DemoLockout,
    inactif?: string,
  ) => {
    await createDemoProcesses(tx, acme, modeleId, acteurs, [{ nom, signes, typeConsignation, equipement: equipementName, inactif }]);
    const id = await created(nom);
    const eq1 = await label(equipementName);
    await tx
      .update(process)
      .set({ parentId, niveau: parentId ? 1 : 0, ...(eq1 ? { equipement: eq1 } : {}) })
      .where(eq(process.id, id));
    await seedRecord(tx, acme, id, parentId, d, who, at);
    return id;
  };
  const cinq: OperationConsignation[] = ['separation', 'condamnation', 'identification', 'vat', 'malt_cc'];
  const mere = await make('Arrêt ligne de production 1 — consignation générale', 7, 2, 'Armoire de commande ligne 1', null, {
    etat: 'en_cours',
    equipements: ['TGBT atelier', 'Armoire de commande ligne 1'],
    operations: cinq,
    attestation: 'consignation',
    cadenas: [
      { utilisateurId: who.technicien, numero: 'P-014' },
      { utilisateurId: who.bernard, numero: 'P-022' },
      { utilisateurId: who.faure, numero: 'P-031', retire: 'lui' },
    ],
    status: 'TS',
  });
  await make('Consignation fille — maintenance de la pompe L1-P1', 7, 7, 'Pompe L1-P1', mere, {
    etat: 'en_cours',
    equipements: ['Pompe L1-P1'],
    operations: ['separation', 'purge', 'condamnation', 'identification', 'vat', 'malt_cc', 'verification'],
    attestation: 'consignation',
    cadenas: [
      { utilisateurId: who.bernard, numero: 'P-023' },
      { utilisateurId: who.faure, numero: 'P-032' },
    ],
    status: 'TS',
  });
  await make('Consignation fille — Gamma Services, convoyeurs ligne 1', 8, 7, 'Convoyeurs ligne 1', mere, {
    etat: 'deconsignation_demandee',
    equipements: [],
    operations: cinq,
    attestation: 'consignation',
    cadenas: [
      { utilisateurId: who.gamma, numero: 'G-101', retire: 'lui' },
      { utilisateurId: who.faure, numero: 'P-033', retire: 'absent' },
    ],
    avis: 'Gamma Services — équipe convoyeurs',
    status: 'DS',
  });
  await make('Consignation compresseur C1 — deux étapes', 3, 1, 'Compresseur d’air C1', null, {
    etat: 'consignee_etape1',
    mode: 'deux_etapes',
    equipements: ['Compresseur d’air C1'],
    operations: ['separation', 'purge', 'condamnation'],
    attestation: 'premiere_etape',
    status: null,
  });
  await make(
    'Consignation sécheur C2 — annulée',
    0,
    1,
    'Sécheur frigorifique C2',
    null,
    { etat: 'annulee', equipements: [], operations: [], status: 'ART' },
    'ART',
  );
  // The demo's other lockouts (written by the seeding script, not the engine): records rebuilt from their steps, then
  // their equipment's isolation points.
  await pointRebuiltLockouts(tx, acme, await ensureLockoutRecords(tx, acme), who);
}

/**
 * Whether a rebuilt lockout's isolation points carry their padlocks: on from the condamnation (signed before the
 * attestation, which needs every point padlocked) and while consigned, taken off again once released; none before.
 */
function padlocksOf(etat: EtatConsignation, condamnee: boolean): 'aucun' | 'poses' | 'retires' {
  if (etat === 'deconsignee' || etat === 'cloturee') return 'retires';
  if (etat === 'annulee') return condamnee ? 'retires' : 'aucun';
  if (etat === 'demande' || etat === 'preparee') return condamnee ? 'poses' : 'aucun';
  return 'poses';
}

/** When and by whom a lockout's step with this config was validated (its first signature), if it was. */
async function stepAct(tx: Tx, processId: number, key: string, value: string): Promise<{ at: Date | null; by: number | null } | null> {
  const res = await tx.execute(sql`select pe.date_realise as at,
      (select s.utilisateur_id from signature s where s.process_id = pe.process_id and s.etape_id = pe.etape_id
        order by s.id limit 1) as signer
    from process_etape pe join etape e on e.id = pe.etape_id
    where pe.process_id = ${processId} and pe.is_valid and not pe.obsolete and e.config ->> ${key} = ${value}
    order by pe.ordre limit 1`);
  const [r] = (res as unknown as { rows: { at: string | Date | null; signer: number | null }[] }).rows;
  return r ? { at: r.at ? new Date(r.at) : null, by: r.signer ?? null } : null;
}

/**
 * The lockouts whose records were rebuilt from their signed steps get their equipment's isolation points (as a new
 * lockout copies them), padlocked as their state has them: by the condamnation step's signer, taken off by the
 * déconsignation step's. A point already there is left as it is (a second run adds nothing).
 */
async function pointRebuiltLockouts(tx: Tx, entrepriseId: number, processIds: number[], who: People) {
  for (const processId of processIds) {
    const [row] = await tx
      .select({ etat: consignation.etat, equipement: process.equipement, dateDebut: process.dateDebut, dateFin: process.dateFin })
      .from(consignation)
      .innerJoin(process, eq(process.id, consignation.processId))
      .where(eq(consignation.processId, processId));
    const equipementId = Number((row?.equipement as { id?: unknown } | null)?.id);
    if (!row || !Number.isInteger(equipementId) || equipementId <= 0) continue;
    const points = await tx
      .select()
      .from(equipementPointIsolement)
      .where(
        and(
          eq(equipementPointIsolement.equipementId, equipementId),
          eq(equipementPointIsolement.entrepriseId, entrepriseId),
          isNull(equipementPointIsolement.deletedAt),
        ),
      )
      .orderBy(asc(equipementPointIsolement.idx), asc(equipementPointIsolement.id));
    if (!points.length) continue;
    const [condamnation] = await tx
      .select({ id: consignationOperation.id })
      .from(consignationOperation)
      .where(and(eq(consignationOperation.processId, processId), eq(consignationOperation.operation, 'condamnation')));
    const padlocks = padlocksOf(row.etat as EtatConsignation, Boolean(condamnation));
    const start = row.dateDebut ?? new Date('2026-11-24T07:45:00Z');
    const pose = padlocks === 'aucun' ? null : await stepAct(tx, processId, 'operationConsignation', 'condamnation');
    const retrait = padlocks === 'retires' ? await stepAct(tx, processId, 'transitionConsignation', 'deconsignee') : null;
    await tx
      .insert(consignationPoint)
      .values(
        points.map((p, k) => ({
          entrepriseId,
          processId,
          equipementPointId: p.id,
          idx: k,
          repere: p.repere,
          energie: p.energie,
          dispositif: p.dispositif,
          positionRequise: p.positionRequise,
          moyenCondamnation: p.moyenCondamnation,
          methodeVerification: p.methodeVerification,
          ...(padlocks === 'aucun'
            ? {}
            : { numeroCadenas: padlockNumber(processId, k + 1), poseParId: pose?.by ?? who.technicien, poseAt: pose?.at ?? start }),
          ...(padlocks === 'retires'
            ? { retraitParId: retrait?.by ?? who.responsable, retraitAt: retrait?.at ?? row.dateFin ?? start }
            : {}),
        })),
      )
      .onConflictDoNothing();
  }
}
