// Seeding script: writes the consignation and permis modules' tables directly (see index.ts for why).
import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/engine.ts';
import { equipement } from '../equipement/index.ts';
import { permis, permisSignature } from '../permis/permis.tables.ts';
import { process } from '../process/process.tables.ts';
import { seedRecord } from './demo-consignations.ts';
import { fenetre } from './demo-permis.ts';
import { createDemoProcesses, pointDemoProcessesAtRegistry } from './demo-processes.ts';

// Two records made for one Playwright journey each (e2e/specs/lockout-attestation.spec.ts, permis-feu.spec.ts): the
// journey changes (or tries to change) its record, so no other test or journey reads them. Seeded last: the numbers
// of the demo's other processes stay what tests read.

const MIN = 60_000;
const hash = (v: unknown) => createHash('sha256').update(JSON.stringify(v)).digest('hex');

/** The lockout the attestation journey runs: the TGBT's departures D12 and D13, in two steps, prepared, not padlocked. */
export const DEMO_LOCKOUT_ATTESTATION = 'Consignation TGBT atelier — remplacement des départs D12 et D13';
/** The hot-work permit of the closure journey: works ended, its fire watch running, no check signed, at its last step. */
export const DEMO_PERMIS_SURVEILLANCE = 'Soudure d’une bride de la conduite de refoulement — STEP';

interface People {
  admin: number;
  responsable: number;
  technicien: number;
  gamma: number;
}

export async function createDemoJourneyRecords(
  tx: Tx,
  acme: number,
  workflows: { consignation: number; permisDeFeu: number },
  who: People,
  now = new Date(),
): Promise<void> {
  const acteurs = { createur: who.technicien, validateur: who.responsable };
  const idOf = async (nom: string) => {
    const [p] = await tx
      .select({ id: process.id })
      .from(process)
      .where(and(eq(process.entrepriseId, acme), eq(process.nomProcess, nom)));
    return p.id;
  };

  // 1. Asked by the technician and approved by the responsable (chargé d'exploitation, who holds BC and is the chargé
  // de consignation of the journey): prepared, its two points copied from the departures, their padlocks still to set.
  await createDemoProcesses(tx, acme, workflows.consignation, acteurs, [
    { nom: DEMO_LOCKOUT_ATTESTATION, signes: 1, typeConsignation: 1, equipement: 'TGBT atelier' },
  ]);
  const lockout = await idOf(DEMO_LOCKOUT_ATTESTATION);
  const [tgbt] = await tx
    .select({ id: equipement.id, name: equipement.name, number: equipement.number })
    .from(equipement)
    .where(and(eq(equipement.entrepriseId, acme), eq(equipement.name, 'TGBT atelier')));
  if (tgbt)
    await tx
      .update(process)
      .set({ equipement: { id: tgbt.id, libelle: `${tgbt.name} (${tgbt.number})` } })
      .where(eq(process.id, lockout));
  await seedRecord(
    tx,
    acme,
    lockout,
    null,
    {
      etat: 'preparee',
      mode: 'deux_etapes',
      equipements: ['TGBT atelier — départ D12', 'TGBT atelier — départ D13'],
      operations: [],
      status: null,
    },
    { ...who, bernard: who.technicien, faure: who.technicien },
    new Date('2026-11-24T07:45:00Z'),
  );

  // 2. A permis de feu whose works ended 5 minutes before the seeding: its fire watch (120 min, a check every 30) runs
  // with no check signed, and its process waits at its last step, « Clôture », for the responsable.
  const at = (minutes: number) => new Date(now.getTime() + minutes * MIN);
  const [debut, fin] = [at(-240), at(240)];
  // The process's window is the works' (its « Heure de fin des travaux » reads their end); the permit is valid all day.
  await createDemoProcesses(tx, acme, workflows.permisDeFeu, acteurs, [
    {
      nom: DEMO_PERMIS_SURVEILLANCE,
      signes: 5,
      equipement: 'Station de traitement des eaux',
      signataires: [who.technicien, who.technicien, who.responsable, who.technicien, who.admin],
      remplissage: { fenetre: fenetre(debut, at(-5)) },
    },
  ]);
  await pointDemoProcessesAtRegistry(tx, acme);
  const [feu] = await tx
    .insert(permis)
    .values({
      entrepriseId: acme,
      processId: await idOf(DEMO_PERMIS_SURVEILLANCE),
      type: 'feu',
      complements: [],
      modeValidite: 'jour',
      dateDebut: debut,
      dateFin: fin,
      dateFinInitiale: fin,
      etat: 'fin_travaux',
      travaux: 'Soudure à l’arc d’une bride DN 150 sur la conduite de refoulement des pompes de la station.',
      mesures: 'Zone dégagée sur 10 m, bâche ignifugée sur les goulottes, extincteur à poudre sur place, permis affiché.',
      delivreAt: at(-245),
      demarreAt: at(-240),
      finTravauxAt: at(-5),
      surveillanceMinutes: 120,
      controleIntervalleMinutes: 30,
      createdById: who.technicien,
    })
    .returning({ id: permis.id });
  const signers: [string, string, number, Date][] = [
    ['delivrance', 'emetteur', who.responsable, at(-250)],
    ['delivrance', 'executant', who.technicien, at(-248)],
    ['delivrance', 'surveillant', who.admin, at(-245)],
    ['fin_travaux', 'emetteur', who.responsable, at(-6)],
    ['fin_travaux', 'executant', who.technicien, at(-5)],
  ];
  for (const [acte, role, utilisateurId, signedAt] of signers)
    await tx.insert(permisSignature).values({
      entrepriseId: acme,
      permisId: feu.id,
      acte,
      role,
      utilisateurId,
      signedAt,
      hash: hash({ permisId: feu.id, acte, role, utilisateurId, at: signedAt.toISOString() }),
    });
}
