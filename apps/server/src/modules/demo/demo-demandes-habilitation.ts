// Seeding script: the habilitation requests of Acme (software « Mes habilitations », mh), so that the
// MES_HABILITATIONS list shows real levels (`niveaux`, the codes of each request's process habilitations).
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Tx } from '../../platform/db/engine.ts';
import { logiciel } from '../entreprise/entreprise.tables.ts';
import { habilitation, processHabilitation } from '../habilitation/habilitation.tables.ts';
import { process } from '../process/process.tables.ts';
import { utilisateur } from '../utilisateur/utilisateur.tables.ts';
import { entrepriseProcessModele } from '../workflow/workflow.tables.ts';
import { createDemoProcesses } from './demo-processes.ts';
import { createDemoWorkflow } from './demo-workflows.ts';

/** A habilitation request: the person's need, the manager's opinion after training, the employer's decision. */
const DEMANDE_HABILITATION = [
  {
    nom: 'Demande',
    fields: [
      { nom: 'Motif de la demande', dataType: 'textarea', required: true },
      { nom: 'Formation prévue', dataType: 'text' },
      { nom: 'Signature du demandeur', dataType: 'signature', required: true },
    ],
  },
  {
    nom: 'Avis du responsable',
    validateur: true,
    fields: [
      { nom: 'Avis après formation favorable', dataType: 'checkbox', required: true },
      { nom: 'Signature du responsable', dataType: 'signature', required: true },
    ],
  },
  {
    nom: "Décision de l'employeur",
    validateur: true,
    fields: [{ nom: "Signature de l'employeur", dataType: 'signature', required: true }],
  },
];

const REQUESTS: { nom: string; signes: number; personne: string; codes: string[] }[] = [
  {
    nom: 'Habilitation BR — Gilles Bernard (dépannage des armoires)',
    signes: 1,
    personne: 'g.bernard@acme.demo.fr',
    codes: ['BR', 'BE Mesurage'],
  },
  { nom: 'Habilitation B1V — Nadia Haddad (peinture du poste HTA)', signes: 0, personne: 'n.haddad@acme.demo.fr', codes: ['B1V', 'H0V'] },
];

export async function createDemoDemandesHabilitation(tx: Tx, acme: number, acteurs: { createur: number; validateur: number }) {
  const found = await tx
    .select({ id: utilisateur.id, mail: utilisateur.mail })
    .from(utilisateur)
    .where(
      and(
        eq(utilisateur.entrepriseId, acme),
        inArray(
          utilisateur.mail,
          REQUESTS.map((r) => r.personne),
        ),
      ),
    );
  const people = Object.fromEntries(found.map((u) => [u.mail, u.id]));
  const modele = await createDemoWorkflow(tx, acme, "Demande d'habilitation", 'mh', DEMANDE_HABILITATION, acteurs.validateur);
  const [mh] = await tx.select().from(logiciel).where(eq(logiciel.code, 'mh'));
  await tx.insert(entrepriseProcessModele).values({ entrepriseId: acme, logicielId: mh.id, processModeleId: modele });
  await createDemoProcesses(
    tx,
    acme,
    modele,
    acteurs,
    REQUESTS.map((r) => ({ nom: r.nom, signes: r.signes, personneEnCharge: people[r.personne] })),
  );
  const symboles = await tx
    .select({ id: habilitation.id, code: habilitation.code })
    .from(habilitation)
    .where(and(eq(habilitation.entrepriseId, acme), isNull(habilitation.deletedAt)));
  const rows = await tx
    .select({ id: process.id, nom: process.nomProcess })
    .from(process)
    .where(
      and(
        eq(process.entrepriseId, acme),
        inArray(
          process.nomProcess,
          REQUESTS.map((r) => r.nom),
        ),
      ),
    );
  for (const r of REQUESTS) {
    const p = rows.find((x) => x.nom === r.nom);
    if (!p) continue;
    await tx.insert(processHabilitation).values(
      r.codes.map((code) => ({
        entrepriseId: acme,
        processId: p.id,
        habilitationId: symboles.find((s) => s.code === code)?.id as number,
        sens: 'accordee',
        utilisateurId: people[r.personne],
        createdBy: acteurs.validateur,
      })),
    );
  }
}
