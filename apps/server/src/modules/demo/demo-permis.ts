// Seeding script: writes the permis module's tables directly (see index.ts for why).
import { createHash } from 'node:crypto';
import { DEFAULT_TIMEZONE } from '@app/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../platform/db/engine.ts';
import { permis, permisConsignation, permisControle, permisSignature, permisSuspension } from '../permis/permis.tables.ts';
import { process } from '../process/process.tables.ts';
import { createDemoProcesses, type DemoWindow } from './demo-processes.ts';

// Acme's permits on first start (ticket 15), on processes of its « Permis de feu » workflow, dated from the seeding
// time so that they mean something whenever the demo starts: a base permit in progress with its complementary
// permits relying on a lockout, a permis de feu whose fire watch is under way (checks partly done), a suspended
// permit and a closed one. New processes: the demo records that tests and e2e journeys read are left as they are.

const MIN = 60_000;
const hash = (v: unknown) => createHash('sha256').update(JSON.stringify(v)).digest('hex');

/** Day and time (Europe/Paris) of an instant, as a process's fields hold them. */
function wall(d: Date): { day: string; time: string } {
  const f = new Intl.DateTimeFormat('en-CA', {
    timeZone: DEFAULT_TIMEZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const p = Object.fromEntries(f.formatToParts(d).map((x) => [x.type, x.value]));
  return { day: `${p.year}-${p.month}-${p.day}`, time: `${p.hour}:${p.minute}` };
}
export const fenetre = (debut: Date, fin: Date): DemoWindow => ({
  du: wall(debut).day,
  de: wall(debut).time,
  au: wall(fin).day,
  a: wall(fin).time,
});

export interface DemoPermisActors {
  admin: number;
  responsable: number;
  technicien: number;
}

export async function createDemoPermis(
  tx: Tx,
  entrepriseId: number,
  workflowId: number,
  consignationName: string,
  who: DemoPermisActors,
  now = new Date(),
): Promise<void> {
  const at = (minutes: number) => new Date(now.getTime() + minutes * MIN);
  const acteurs = { createur: who.technicien, validateur: who.responsable };
  const list = [
    {
      nom: 'Remplacement du moteur de la CTA-2 (hauteur, levage)',
      signes: 3,
      equipement: 'Armoire de ventilation CTA-2',
      debut: at(-120),
      fin: at(480),
    },
    {
      nom: 'Soudure d’un support de gaine — chaufferie',
      signes: 4,
      equipement: 'Chaufferie — collecteur nord',
      debut: at(-240),
      fin: at(240),
    },
    { nom: 'Meulage de la rampe du quai 2', signes: 3, equipement: 'Rampe du quai 2', debut: at(-60), fin: at(420) },
    { nom: 'Fouille pour le câble d’éclairage du parking', signes: 6, equipement: 'Parking visiteurs', debut: at(-1500), fin: at(-960) },
  ];
  await createDemoProcesses(
    tx,
    entrepriseId,
    workflowId,
    acteurs,
    list.map((d) => ({
      nom: d.nom,
      signes: d.signes,
      equipement: d.equipement,
      signataires: [who.technicien, who.technicien, who.responsable, who.technicien, who.responsable, who.responsable],
      remplissage: { fenetre: fenetre(d.debut, d.fin) },
    })),
  );
  const rows = await tx
    .select({ id: process.id, nom: process.nomProcess })
    .from(process)
    .where(and(eq(process.entrepriseId, entrepriseId), inArray(process.nomProcess, [...list.map((d) => d.nom), consignationName])));
  const id = (nom: string) => rows.find((r) => r.nom === nom)?.id as number;

  const insert = async (
    nom: string,
    v: Omit<typeof permis.$inferInsert, 'entrepriseId' | 'processId' | 'dateDebut' | 'dateFin' | 'dateFinInitiale'>,
  ) => {
    const d = list.find((x) => x.nom === nom) as (typeof list)[number];
    const [row] = await tx
      .insert(permis)
      .values({
        ...v,
        entrepriseId,
        processId: id(nom),
        dateDebut: d.debut,
        dateFin: d.fin,
        dateFinInitiale: d.fin,
        createdById: who.technicien,
      })
      .returning();
    return row;
  };
  const sign = async (permisId: number, acte: string, signers: [string, number, Date][]) => {
    for (const [role, utilisateurId, signedAt] of signers) {
      await tx.insert(permisSignature).values({
        entrepriseId,
        permisId,
        acte,
        role,
        utilisateurId,
        signedAt,
        hash: hash({ permisId, acte, role, utilisateurId, at: signedAt.toISOString() }),
      });
    }
  };

  // 1. In progress: a base permit with its complementary permits (height, lifting), relying on a lockout.
  const cta = await insert(list[0].nom, {
    type: 'travail',
    complements: ['hauteur', 'levage'],
    etat: 'en_cours',
    travaux: 'Dépose du moteur du ventilateur de soufflage et pose du moteur neuf (nacelle, palan de 500 kg).',
    mesures: 'Consignation électrique de la CTA-2, balisage au sol, nacelle vérifiée, harnais attaché.',
    delivreAt: at(-130),
    demarreAt: at(-120),
  });
  await sign(cta.id, 'delivrance', [
    ['emetteur', who.responsable, at(-135)],
    ['executant', who.technicien, at(-130)],
  ]);
  const lockout = id(consignationName);
  if (lockout) await tx.insert(permisConsignation).values({ entrepriseId, permisId: cta.id, consignationId: lockout });

  // 2. A permis de feu ended 50 minutes ago: its fire watch runs (120 min, a check every 30), the first check signed.
  const feu = await insert(list[1].nom, {
    type: 'feu',
    complements: [],
    modeValidite: 'jour',
    etat: 'fin_travaux',
    travaux: 'Soudure à l’arc d’un support de gaine sur la charpente métallique.',
    mesures: 'Combustibles éloignés à plus de 10 m, bâches ignifugées, extincteur CO2 sur place, détection de la zone surveillée.',
    delivreAt: at(-245),
    demarreAt: at(-240),
    finTravauxAt: at(-50),
    surveillanceMinutes: 120,
    controleIntervalleMinutes: 30,
  });
  await sign(feu.id, 'delivrance', [
    ['emetteur', who.responsable, at(-250)],
    ['executant', who.technicien, at(-248)],
    ['surveillant', who.admin, at(-245)],
  ]);
  await sign(feu.id, 'fin_travaux', [
    ['emetteur', who.responsable, at(-52)],
    ['executant', who.technicien, at(-50)],
  ]);
  await tx.insert(permisControle).values({
    entrepriseId,
    permisId: feu.id,
    numero: 1,
    utilisateurId: who.admin,
    signedAt: at(-20),
    observation: 'Aucune fumée ni point chaud à la caméra thermique.',
    hash: hash({ permisId: feu.id, numero: 1, at: at(-20).toISOString() }),
  });

  // 3. Suspended on the fire alarm: a base permit with a hot-work complement.
  const quai = await insert(list[2].nom, {
    type: 'travail',
    complements: ['feu'],
    modeValidite: 'jour',
    etat: 'suspendu',
    travaux: 'Meulage et reprise de soudure de la rampe d’accès.',
    delivreAt: at(-70),
    demarreAt: at(-60),
  });
  await sign(quai.id, 'delivrance', [
    ['emetteur', who.responsable, at(-75)],
    ['executant', who.technicien, at(-72)],
    ['surveillant', who.admin, at(-70)],
  ]);
  await tx.insert(permisSuspension).values({
    entrepriseId,
    permisId: quai.id,
    motif: 'Déclenchement de l’alarme incendie du bâtiment : évacuation, travaux arrêtés.',
    suspenduPar: who.responsable,
    suspenduAt: at(-15),
  });

  // 4. Closed yesterday: an excavation permit, ended by both sides.
  const fouille = await insert(list[3].nom, {
    type: 'travail',
    complements: ['fouille'],
    etat: 'clos',
    travaux: 'Tranchée de 40 m pour le câble d’éclairage, après DT-DICT.',
    delivreAt: at(-1510),
    demarreAt: at(-1500),
    finTravauxAt: at(-1000),
    closAt: at(-990),
    closPar: who.responsable,
  });
  await sign(fouille.id, 'delivrance', [
    ['emetteur', who.responsable, at(-1515)],
    ['executant', who.technicien, at(-1510)],
  ]);
  await sign(fouille.id, 'fin_travaux', [
    ['emetteur', who.responsable, at(-1005)],
    ['executant', who.technicien, at(-1000)],
  ]);
}
