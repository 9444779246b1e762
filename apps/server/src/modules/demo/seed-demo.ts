// Seeding script: writes other modules' tables directly (see index.ts for why).
import { DEMO_PASSWORD } from '@app/contracts';
import { count, eq } from 'drizzle-orm';
import { hashPassword } from '../../platform/auth/password.ts';
import type { Db, Tx } from '../../platform/db/engine.ts';
import { withSystem } from '../../platform/db/tenant.ts';
import { entreprise, entrepriseLogiciel, entrepriseRelation, logiciel } from '../entreprise/entreprise.tables.ts';
import { seedCompanyMenu } from '../permission/index.ts';
import { messageCollationne } from '../process/process.tables.ts';
import { profilModele } from '../profil/profil.tables.ts';
import { serviceModele } from '../service-modele/service-modele.tables.ts';
import { utilisateur } from '../utilisateur/utilisateur.tables.ts';
import { entrepriseProcessModele } from '../workflow/workflow.tables.ts';
import { createDemoBoard } from './demo-boards.ts';
import { createDemoCoactivite } from './demo-coactivite.ts';
import { createDemoConsignations } from './demo-consignations.ts';
import { createDemoDemandesHabilitation } from './demo-demandes-habilitation.ts';
import { createDemoEquipements } from './demo-equipements.ts';
import { createDemoGammes } from './demo-gammes.ts';
import { createDemoHabilitations } from './demo-habilitations.ts';
import { createDemoJourneyRecords } from './demo-journeys.ts';
import { createDemoPermis } from './demo-permis.ts';
import { createDemoProcesses, demoDay, pointDemoProcessesAtRegistry } from './demo-processes.ts';
import { createDemoQcm } from './demo-qcm.ts';
import { attachDemoRegistre, createDemoRegistre } from './demo-registre.ts';
import { createDemoReleveWorkflows } from './demo-releves.ts';
import { CONSIGNATION_ELECTRIQUE, createDemoWorkflow, PERMIS_DE_FEU, PERMIS_DE_FEU_ENTREPRISE_EXTERIEURE } from './demo-workflows.ts';

const SETTING = { languageCodes: ['fr'], languageCode: 'fr', timezone: 'Europe/Paris', moNumMax: null };

async function company(tx: Tx, nom: string, idx: number, eu: boolean, actifs: string[], extra: object = {}) {
  const [e] = await tx
    .insert(entreprise)
    .values({ nom, idx, eu, setting: { ...SETTING, ...extra } })
    .returning({ id: entreprise.id });
  const logs = await tx.select().from(logiciel);
  await tx
    .insert(entrepriseLogiciel)
    .values(logs.map((l) => ({ entrepriseId: e.id, logicielId: l.id, enable: true, active: actifs.includes(l.code) })));
  return e.id;
}

/**
 * Creates the demo companies and accounts (README) when the database has no company yet. Returns whether it
 * seeded. Runs as the system path: it writes several companies at once.
 */
export async function seedDemoIfEmpty(db: Db, options: { filesDir?: string } = {}): Promise<boolean> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return withSystem(db, 'demo data seeding', async (tx) => {
    const [{ n }] = await tx.select({ n: count() }).from(entreprise);
    if (n > 0) return false;
    const profils = Object.fromEntries((await tx.select().from(profilModele)).map((p) => [p.code, p.id]));
    const support = await company(tx, 'Support plateforme', 0, false, []);
    const acme = await company(tx, 'Acme Énergie', 1, false, ['mc', 'permis', 'pdp', 'mh', 'qcm2', 'mr'], { languageCodes: ['fr', 'en'] });
    const beta = await company(tx, 'Béta Industrie', 2, false, ['mc', 'permis']);
    const gamma = await company(tx, 'Gamma Services', 3, true, ['permis', 'pdp']);
    await tx.insert(entrepriseRelation).values({ entrepriseId: acme, partenaireId: gamma, type: 'prestataire' });
    for (const id of [support, acme, beta, gamma]) await seedCompanyMenu(tx, id);

    const services = await tx
      .insert(serviceModele)
      .values([
        { entrepriseId: acme, libelle: 'Production', type: 'client', idx: 0, couleur: '#1c7ed6' },
        { entrepriseId: acme, libelle: 'Maintenance', type: 'client', idx: 1, couleur: '#f59f00' },
        { entrepriseId: acme, libelle: 'Qualité Sécurité Environnement', type: 'client', idx: 2, couleur: '#2f9e44' },
        { entrepriseId: acme, libelle: 'Entreprises extérieures', type: 'provider', idx: 3, couleur: null },
        { entrepriseId: beta, libelle: 'Atelier', type: 'client', idx: 0, couleur: '#ae3ec9' },
        { entrepriseId: gamma, libelle: 'Interventions', type: 'client', idx: 0, couleur: '#e8590c' },
      ])
      .returning({ id: serviceModele.id, libelle: serviceModele.libelle });
    const svc = (l: string) => services.find((s) => s.libelle === l)?.id ?? null;

    const people = [
      {
        mail: 'superadmin@demo.fr',
        nom: 'Martin',
        prenom: 'Sophie',
        entrepriseId: support,
        profil: 'super_admin',
        isSuperAdmin: true,
        fonction: 'Support éditeur',
      },
      {
        mail: 'admin@acme.demo.fr',
        nom: 'Durand',
        prenom: 'Alice',
        entrepriseId: acme,
        profil: 'admin',
        service: 'Qualité Sécurité Environnement',
        fonction: 'Responsable HSE',
      },
      {
        mail: 'responsable@acme.demo.fr',
        nom: 'Lefèvre',
        prenom: 'Bruno',
        entrepriseId: acme,
        profil: 'responsable',
        service: 'Maintenance',
        fonction: 'Chargé d’exploitation',
      },
      {
        mail: 'technicien@acme.demo.fr',
        nom: 'Moreau',
        prenom: 'Camille',
        entrepriseId: acme,
        profil: 'utilisateur',
        service: 'Maintenance',
        fonction: 'Électrotechnicienne',
      },
      {
        mail: 'admin@beta.demo.fr',
        nom: 'Petit',
        prenom: 'Denis',
        entrepriseId: beta,
        profil: 'admin',
        service: 'Atelier',
        fonction: 'Directeur de site',
      },
      {
        mail: 'intervenant@gamma.demo.fr',
        nom: 'Roux',
        prenom: 'Emma',
        entrepriseId: gamma,
        profil: 'utilisateur',
        service: 'Interventions',
        fonction: 'Intervenante',
      },
    ];
    const ids: Record<string, number> = {};
    for (const p of people) {
      const [u] = await tx
        .insert(utilisateur)
        .values({
          mail: p.mail,
          nom: p.nom,
          prenom: p.prenom,
          entrepriseId: p.entrepriseId,
          passwordHash,
          profilModeleId: profils[p.profil],
          profilIds: [profils[p.profil]],
          isSuperAdmin: p.isSuperAdmin ?? false,
          serviceModeleId: p.service ? svc(p.service) : null,
          fonction: p.fonction,
        })
        .returning({ id: utilisateur.id });
      ids[p.mail] = u.id;
    }
    // The responsable can also act as a plain user (changeRole).
    await tx
      .update(utilisateur)
      .set({ profilIds: [profils.responsable, profils.utilisateur] })
      .where(eq(utilisateur.id, ids['responsable@acme.demo.fr']));

    await tx.insert(messageCollationne).values({
      entrepriseId: acme,
      numero: 1,
      emetteurId: ids['responsable@acme.demo.fr'],
      destinataireId: ids['technicien@acme.demo.fr'],
      objet: 'Consignation du TGBT atelier',
      contenu: 'Le départ D4 du TGBT atelier est consigné. Vous pouvez commencer les travaux.',
      collationneAt: new Date(),
    });
    const [mc] = await tx.select().from(logiciel).where(eq(logiciel.code, 'mc'));
    const consignation = await createDemoWorkflow(
      tx,
      acme,
      'Consignation électrique',
      'mc',
      CONSIGNATION_ELECTRIQUE,
      ids['responsable@acme.demo.fr'],
    );
    const permisDeFeu = await createDemoWorkflow(tx, acme, 'Permis de feu', 'permis', PERMIS_DE_FEU, ids['responsable@acme.demo.fr']);
    const acteurs = { createur: ids['technicien@acme.demo.fr'], validateur: ids['responsable@acme.demo.fr'] };
    await createDemoProcesses(tx, acme, consignation, acteurs, [
      { nom: 'Consignation TGBT atelier — départ D4', signes: 6, typeConsignation: 1, equipement: 'TGBT atelier — départ D4' },
      { nom: 'Consignation pompe de relevage P12', signes: 0, typeConsignation: 1, equipement: 'Pompe de relevage P12' },
      { nom: 'Consignation transformateur T2 (arrêt annuel)', signes: 9, typeConsignation: 2, equipement: 'Transformateur T2' },
    ]);
    await createDemoProcesses(tx, acme, permisDeFeu, acteurs, [
      { nom: 'Soudure de la passerelle du quai 3', signes: 2, equipement: 'Passerelle du quai 3' },
      { nom: 'Meulage garde-corps toiture', signes: 1, inactif: 'ART', equipement: 'Garde-corps de toiture' },
    ]);
    // Gamma Services works on two of Acme's permits: its worker sees them (and nothing else of Acme), and signs the
    // « Travaux réalisés » step of the first, which is current (ticket 12).
    const permisEE = await createDemoWorkflow(
      tx,
      acme,
      'Permis de feu — entreprise extérieure',
      'permis',
      PERMIS_DE_FEU_ENTREPRISE_EXTERIEURE,
      ids['responsable@acme.demo.fr'],
    );
    await createDemoProcesses(tx, acme, permisEE, acteurs, [
      { nom: 'Soudure de la charpente du hangar B', signes: 3, equipement: 'Charpente du hangar B', prestataireIds: [gamma] },
      { nom: 'Découpe de tuyauterie en chaufferie', signes: 1, equipement: 'Chaufferie — collecteur nord', prestataireIds: [gamma] },
    ]);
    // Processes of the day (the day the demo is seeded, Europe/Paris), so that on first start each Acme and Gamma
    // account's home has steps to sign, processes of its own, lockouts and permits of today and changes by someone
    // else. The processes above keep their fixed dates (tests and e2e specs read them).
    const [hier, aujourdhui, demain] = [demoDay(-1), demoDay(0), demoDay(1)];
    const tech = ids['technicien@acme.demo.fr'];
    const resp = ids['responsable@acme.demo.fr'];
    const admin = ids['admin@acme.demo.fr'];
    const worker = ids['intervenant@gamma.demo.fr'];
    const jour = { du: aujourdhui, de: '07:30', au: aujourdhui, a: '17:00' };
    // Asked by the responsable, separated and locked out by the technician (in charge of the works): the certificate
    // awaits the responsable's signature (named validator).
    await createDemoProcesses(tx, acme, consignation, acteurs, [
      {
        nom: 'Consignation armoire de ventilation CTA-2',
        signes: 6,
        typeConsignation: 1,
        equipement: 'Armoire de ventilation CTA-2',
        createur: resp,
        signataires: [resp, tech, tech, tech, tech, tech],
        remplissage: { fenetre: jour, personne: { id: tech, libelle: 'Camille Moreau' } },
      },
    ]);
    // Authorised by the responsable this morning: the works step awaits the technician (in charge) and him. Then a
    // permit the admin prepares for tomorrow, still to be filled.
    await createDemoProcesses(tx, acme, permisDeFeu, acteurs, [
      {
        nom: 'Découpe d’une tôle de bardage — atelier nord',
        signes: 3,
        equipement: 'Bardage de l’atelier nord',
        createur: resp,
        signataires: [resp, resp, resp],
        personneEnCharge: tech,
        remplissage: { fenetre: jour },
      },
      {
        nom: 'Remplacement d’une gouttière du bâtiment C',
        signes: 0,
        equipement: 'Gouttière du bâtiment C',
        createur: admin,
        remplissage: { fenetre: { du: demain, de: '08:00', au: demain, a: '12:00' } },
      },
    ]);
    // Gamma's works of the week, prepared by the admin and authorised by the responsable: the works step is Gamma's
    // worker's (in charge), on his home.
    await createDemoProcesses(tx, acme, permisEE, acteurs, [
      {
        nom: 'Soudure des supports de la mezzanine du magasin',
        signes: 3,
        equipement: 'Mezzanine du magasin',
        createur: admin,
        signataires: [admin, admin, resp],
        personneEnCharge: worker,
        remplissage: { fenetre: { du: hier, de: '07:30', au: demain, a: '17:00' }, entreprise: { id: gamma, libelle: 'Gamma Services' } },
      },
    ]);
    await createDemoBoard(tx, acme, consignation, permisDeFeu);
    await createDemoRegistre(tx, acme, admin, options.filesDir ?? null);
    await createDemoWorkflow(tx, beta, 'Permis de feu', 'permis', PERMIS_DE_FEU, ids['admin@beta.demo.fr']);
    await createDemoWorkflow(tx, beta, 'Consignation électrique', 'mc', CONSIGNATION_ELECTRIQUE, ids['admin@beta.demo.fr']);
    const [permis] = await tx.select().from(logiciel).where(eq(logiciel.code, 'permis'));
    await tx.insert(entrepriseProcessModele).values([
      { entrepriseId: acme, logicielId: mc.id, processModeleId: consignation },
      { entrepriseId: acme, logicielId: permis.id, processModeleId: permisDeFeu },
      { entrepriseId: acme, logicielId: permis.id, processModeleId: permisEE },
    ]);
    await createDemoEquipements(tx, acme, { technicienId: tech, responsableProfilId: profils.responsable, adminId: admin });
    await createDemoGammes(tx, acme, ids['technicien@acme.demo.fr'], ids['responsable@acme.demo.fr']);
    await createDemoReleveWorkflows(tx, acme, {
      technicienId: ids['technicien@acme.demo.fr'],
      responsableId: ids['responsable@acme.demo.fr'],
    });
    await attachDemoRegistre(tx, acme, admin);
    await createDemoHabilitations(tx, {
      acme,
      gamma,
      ids,
      services: { acmeProduction: svc('Production') },
      profilUtilisateur: profils.utilisateur,
      consignation,
    });
    await createDemoDemandesHabilitation(tx, acme, acteurs);
    await createDemoQcm(tx, acme, { technicien: tech, responsable: resp, admin });
    await createDemoConsignations(tx, acme, consignation, {
      technicien: tech,
      responsable: resp,
      admin,
      gamma: worker,
    });
    // Last, so that the numbers of the processes above stay what tests and journeys read.
    await createDemoPermis(tx, acme, permisDeFeu, 'Consignation armoire de ventilation CTA-2', {
      admin,
      responsable: resp,
      technicien: tech,
    });
    // Last: a coactivité conflict between two permits of today on a node of the registry (ticket 15).
    // Every demo process written, each points at its registry equipment by name (or at none), before the conflicts
    // of the coactivity demo are found.
    for (const id of [acme, beta, gamma]) await pointDemoProcessesAtRegistry(tx, id);
    await createDemoCoactivite(tx, acme, { admin, responsable: resp });
    // Very last: the records two e2e journeys change, so that no other process's number moves.
    await createDemoJourneyRecords(tx, acme, { consignation, permisDeFeu }, { admin, responsable: resp, technicien: tech, gamma: worker });
    return true;
  });
}
