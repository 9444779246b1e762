import { ATTESTATION_MEDICALE_MOIS, ajouterMois, echeanceRecyclage } from '@app/contracts';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/engine.ts';
import { habilitation, titreHabilitation, utilisateurHabilitation, visiteMedicale } from '../habilitation/habilitation.tables.ts';
import { utilisateur } from '../utilisateur/utilisateur.tables.ts';
import { etape } from '../workflow/workflow.tables.ts';
import { demoDay } from './demo-processes.ts';

// Habilitations of the demo (ticket 14): Acme's electricians with realistic titles (one holding expiring within 30
// days, one expired), the technician's and the responsable's valid titles (they sign the consignation steps, which
// require BC), Gamma's contractor worker with her title, and medical attestations (décret 2025-355, 5 years).

interface Personne {
  mail: string;
  nom: string;
  prenom: string;
  fonction: string;
}
interface Detention {
  code: string;
  /** Obtained (or last recycled) on this day. */
  obtenu: string;
  domaine?: string;
}
interface Titre {
  numero: string;
  titulaire: string;
  delivre: string;
  /** Draft: not signed by the holder yet. */
  brouillon?: boolean;
  detentions: Detention[];
  observations?: string;
}

/** People who do not sign in (no password): the electricians of the matrix. */
const ACME_ELECTRICIENS: Personne[] = [
  { mail: 'g.bernard@acme.demo.fr', nom: 'Bernard', prenom: 'Gilles', fonction: 'Électricien de maintenance' },
  { mail: 'j.faure@acme.demo.fr', nom: 'Faure', prenom: 'Julien', fonction: 'Électrotechnicien HTA' },
  { mail: 'n.haddad@acme.demo.fr', nom: 'Haddad', prenom: 'Nadia', fonction: 'Peintre en bâtiment' },
];

/** The Acme steps signed by the chargé de consignation: their signer must hold BC (or a symbol covering it). */
const STEPS_REQUIRING_BC = ['Attestation de consignation', 'Déconsignation'];

async function addPeople(tx: Tx, entrepriseId: number, serviceId: number | null, profilId: number, people: Personne[]) {
  const rows = await tx
    .insert(utilisateur)
    .values(people.map((p) => ({ ...p, entrepriseId, serviceModeleId: serviceId, profilModeleId: profilId, profilIds: [profilId] })))
    .returning({ id: utilisateur.id, mail: utilisateur.mail });
  return Object.fromEntries(rows.map((r) => [r.mail, r.id]));
}

async function addTitres(
  tx: Tx,
  entrepriseId: number,
  employeur: string,
  signataire: { id: number | null; nom: string },
  ids: Record<string, number>,
  titres: Titre[],
) {
  const codes = [...new Set(titres.flatMap((t) => t.detentions.map((d) => d.code)))];
  const symboles = await tx
    .select({ id: habilitation.id, code: habilitation.code, recyclageMois: habilitation.recyclageMois })
    .from(habilitation)
    .where(and(eq(habilitation.entrepriseId, entrepriseId), inArray(habilitation.code, codes), isNull(habilitation.deletedAt)));
  for (const t of titres) {
    const signe = new Date(`${t.delivre}T09:00:00Z`);
    const [row] = await tx
      .insert(titreHabilitation)
      .values({
        entrepriseId,
        numero: t.numero,
        utilisateurId: ids[t.titulaire],
        employeur,
        dateDelivrance: t.delivre,
        observations: t.observations ?? null,
        etat: t.brouillon ? 'brouillon' : 'signe',
        signeEmployeurPar: signataire.id,
        signeEmployeurNom: signataire.nom,
        signeEmployeurAt: signe,
        signeTitulaireAt: t.brouillon ? null : new Date(signe.getTime() + 15 * 60_000),
        createdBy: signataire.id,
      })
      .returning({ id: titreHabilitation.id });
    await tx.insert(utilisateurHabilitation).values(
      t.detentions.map((d) => {
        const s = symboles.find((x) => x.code === d.code);
        if (!s) throw new Error(`Symbole absent du catalogue de démonstration : ${d.code}`);
        return {
          entrepriseId,
          utilisateurId: ids[t.titulaire],
          habilitationId: s.id,
          titreId: row.id,
          domaine: d.domaine ?? null,
          dateObtention: d.obtenu,
          dateExpiration: echeanceRecyclage(d.obtenu, s.recyclageMois, 36),
        };
      }),
    );
  }
}

/** An attestation de non contre-indication of `date`, valid 5 years. */
const attestation = (entrepriseId: number, utilisateurId: number, date: string) => ({
  entrepriseId,
  utilisateurId,
  type: 'attestation',
  date,
  resultat: 'favorable',
  validUntil: ajouterMois(date, ATTESTATION_MEDICALE_MOIS),
});

export async function createDemoHabilitations(
  tx: Tx,
  a: {
    acme: number;
    gamma: number;
    ids: Record<string, number>;
    services: { acmeProduction: number | null };
    profilUtilisateur: number;
    consignation: number;
  },
) {
  const { acme, gamma } = a;
  const ids = {
    ...a.ids,
    ...(await addPeople(tx, acme, a.services.acmeProduction, a.profilUtilisateur, ACME_ELECTRICIENS)),
  };
  // Relative to the seeding day: Gilles's B2V recyclage falls due in 20 days, Julien's BC 40 days ago.
  const in20Days = ajouterMois(demoDay(20), -36);
  const expired40DaysAgo = ajouterMois(demoDay(-40), -36);
  const admin = { id: ids['admin@acme.demo.fr'], nom: 'Alice Durand' };
  await addTitres(tx, acme, 'Acme Énergie', admin, ids, [
    {
      numero: 'TH-0001',
      titulaire: 'technicien@acme.demo.fr',
      delivre: '2025-03-10',
      detentions: [
        { code: 'B2V', obtenu: '2025-03-10', domaine: 'Installations BT du site' },
        { code: 'BR', obtenu: '2025-03-10' },
        { code: 'BC', obtenu: '2025-03-10', domaine: 'TGBT et armoires divisionnaires' },
      ],
    },
    {
      numero: 'TH-0002',
      titulaire: 'responsable@acme.demo.fr',
      delivre: '2024-09-02',
      detentions: [
        { code: 'BC', obtenu: '2024-09-02' },
        { code: 'HC', obtenu: '2024-09-02', domaine: 'Poste de livraison HTA' },
        { code: 'H0V', obtenu: '2024-09-02' },
      ],
    },
    { numero: 'TH-0003', titulaire: 'admin@acme.demo.fr', delivre: '2024-01-15', detentions: [{ code: 'B0', obtenu: '2024-01-15' }] },
    {
      numero: 'TH-0004',
      titulaire: 'g.bernard@acme.demo.fr',
      delivre: in20Days,
      detentions: [
        { code: 'B2V', obtenu: in20Days },
        { code: 'BR', obtenu: in20Days },
        { code: 'BE Manœuvre', obtenu: in20Days },
      ],
    },
    {
      numero: 'TH-0005',
      titulaire: 'j.faure@acme.demo.fr',
      delivre: expired40DaysAgo,
      observations: 'Recyclage BC à planifier.',
      detentions: [
        { code: 'BC', obtenu: expired40DaysAgo },
        { code: 'H2V', obtenu: '2025-06-02' },
        { code: 'HE Manœuvre', obtenu: '2025-06-02' },
      ],
    },
    {
      numero: 'TH-0006',
      titulaire: 'n.haddad@acme.demo.fr',
      delivre: demoDay(-2),
      brouillon: true,
      observations: 'Travaux de peinture dans les locaux électriques.',
      detentions: [
        { code: 'B0 Chargé de chantier', obtenu: demoDay(-2) },
        { code: 'H0V', obtenu: demoDay(-2) },
      ],
    },
  ]);
  // Gamma Services issues its own staff's titles (the employer does, NF C18-510); Acme reads them (its contractor).
  await addTitres(tx, gamma, 'Gamma Services', { id: null, nom: 'Gamma Services (direction)' }, ids, [
    {
      numero: 'TH-0001',
      titulaire: 'intervenant@gamma.demo.fr',
      delivre: '2025-05-12',
      detentions: [
        { code: 'B1V', obtenu: '2025-05-12' },
        { code: 'BS', obtenu: '2025-05-12' },
        { code: 'H0V', obtenu: '2025-05-12' },
      ],
    },
  ]);
  await tx.insert(visiteMedicale).values([
    attestation(acme, ids['technicien@acme.demo.fr'], '2025-02-24'),
    attestation(acme, ids['responsable@acme.demo.fr'], '2025-10-06'),
    attestation(acme, ids['g.bernard@acme.demo.fr'], '2025-11-17'),
    attestation(acme, ids['j.faure@acme.demo.fr'], '2025-10-20'),
    { entrepriseId: acme, utilisateurId: ids['n.haddad@acme.demo.fr'], type: 'vip', date: demoDay(-30), resultat: 'favorable' },
    // An SIR fitness certificate from before the décret (it counts as an attestation while valid, 4 years).
    {
      entrepriseId: gamma,
      utilisateurId: ids['intervenant@gamma.demo.fr'],
      type: 'sir',
      date: '2023-06-19',
      resultat: 'favorable',
      validUntil: '2027-06-19',
    },
  ]);
  await tx
    .update(etape)
    .set({ config: sql`${etape.config} || '{"habilitationsRequises":["BC"]}'::jsonb` })
    .where(and(eq(etape.processModeleId, a.consignation), inArray(etape.nom, STEPS_REQUIRING_BC)));
}
