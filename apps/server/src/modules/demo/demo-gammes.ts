// Seeding script: writes the gamme module's tables directly (see index.ts for why).
import { randomUUID } from 'node:crypto';
import { DEFAULT_ETATS_MANOEUVRE, type Niveau, niveauOf } from '@app/contracts';
import { and, eq, ilike, isNull } from 'drizzle-orm';
import type { Tx } from '../../platform/db/engine.ts';
import { logiciel } from '../entreprise/entreprise.tables.ts';
import { equipement } from '../equipement/index.ts';
import { etatManoeuvreModele, gamme, gammeModeleMetrique, manoeuvreModele, mmManoeuvre, releve } from '../gamme/gamme.tables.ts';

/** Acme's equipment whose name matches, or a new one (a root, or under `parentId`) when the demo tree has none. */
async function equipmentNamed(
  tx: Tx,
  acme: number,
  like: string,
  fallback: string,
  parentId: number | null = null,
): Promise<{ id: number; name: string }> {
  const [found] = await tx
    .select({ id: equipement.id, name: equipement.name })
    .from(equipement)
    .where(and(eq(equipement.entrepriseId, acme), ilike(equipement.name, like), isNull(equipement.deletedAt)))
    .orderBy(equipement.id)
    .limit(1);
  if (found) return found;
  const parent = parentId ? (await tx.select({ path: equipement.path }).from(equipement).where(eq(equipement.id, parentId)))[0] : null;
  const [row] = await tx
    .insert(equipement)
    .values({ entrepriseId: acme, parentId, path: [], name: fallback })
    .returning({ id: equipement.id });
  await tx
    .update(equipement)
    .set({ path: [...(parent?.path ?? []), row.id] })
    .where(eq(equipement.id, row.id));
  return { id: row.id, name: fallback };
}

/** The compressors of Acme's tree (its first two), or two made for the demo under a « Local compresseurs ». */
async function compressors(tx: Tx, acme: number) {
  const found = await tx
    .select({ id: equipement.id, name: equipement.name })
    .from(equipement)
    .where(and(eq(equipement.entrepriseId, acme), ilike(equipement.name, 'compresseur%'), isNull(equipement.deletedAt)))
    .orderBy(equipement.id)
    .limit(2);
  if (found.length >= 2) return found;
  const local = await equipmentNamed(tx, acme, 'local compresseurs%', 'Local compresseurs');
  return [
    await equipmentNamed(tx, acme, 'compresseur c1%', 'Compresseur C1', local.id),
    await equipmentNamed(tx, acme, 'compresseur c2%', 'Compresseur C2', local.id),
  ];
}

/** A repeatable wobble in [-1, 1] (the demo is the same at each seeding). */
const wobble = (i: number) => Math.sin(i * 12.9898) * 0.5 + Math.sin(i * 4.1414) * 0.5;

/**
 * Acme's gamme de relevés « Ronde compresseurs » (pressure, temperature, hours counter, oil level and vibrations on
 * two compressors, with min/max and warnings), three weeks of daily rounds with a few warnings and alarms, and the
 * fiche de manœuvre « Mise hors tension TGBT atelier » with its default states and ordered lines.
 */
export async function createDemoGammes(tx: Tx, acme: number, technicienId: number, responsableId: number): Promise<void> {
  const logs = await tx.select().from(logiciel);
  const idOf = (code: string) => logs.find((l) => l.code === code)?.id as number;
  const [ronde] = await tx
    .insert(gamme)
    .values({
      entrepriseId: acme,
      logicielId: idOf('mr'),
      libelle: 'Ronde compresseurs',
      client: 'Atelier de production',
      duree: 40,
      createdById: responsableId,
    })
    .returning({ id: gamme.id });
  await tx.insert(manoeuvreModele).values({ entrepriseId: acme, gammeId: ronde.id });

  const machines = await compressors(tx, acme);
  await tx.update(equipement).set({ displayPrevious: true }).where(eq(equipement.id, machines[0].id));
  type PointDef = {
    nom: string;
    dataType: 'number' | 'checkbox';
    unite?: string;
    min?: number;
    lowWarning?: number;
    highWarning?: number;
    max?: number;
  };
  const defs: PointDef[] = [
    { nom: 'Pression de refoulement', dataType: 'number', unite: 'bar', min: 6, lowWarning: 7, highWarning: 9.5, max: 10 },
    { nom: 'Température de refoulement', dataType: 'number', unite: '°C', lowWarning: 40, highWarning: 95, max: 110 },
    { nom: 'Compteur horaire', dataType: 'number', unite: 'h' },
    { nom: "Niveau d'huile correct", dataType: 'checkbox' },
    { nom: 'Vibrations palier moteur', dataType: 'number', unite: 'mm/s', highWarning: 4.5, max: 7.1 },
  ];
  let idx = 1;
  const points: { id: number; def: PointDef; equipementId: number; machine: number }[] = [];
  for (const [m, machine] of machines.entries()) {
    for (const def of defs) {
      const [p] = await tx
        .insert(gammeModeleMetrique)
        .values({
          entrepriseId: acme,
          gammeId: ronde.id,
          nom: `${def.nom} — ${machine.name}`,
          dataType: def.dataType,
          idx: idx++,
          equipementId: machine.id,
          unite: def.unite ?? null,
          min: def.min ?? null,
          max: def.max ?? null,
          lowWarning: def.lowWarning ?? null,
          highWarning: def.highWarning ?? null,
          obligatoire: def.dataType === 'number',
        })
        .returning({ id: gammeModeleMetrique.id });
      points.push({ id: p.id, def, equipementId: machine.id, machine: m });
    }
  }

  // 21 daily rounds at about 7:30 (Europe/Paris), the last one yesterday.
  const rows: (typeof releve.$inferInsert)[] = [];
  const today = new Date();
  today.setUTCHours(6, 30, 0, 0);
  let n = 0;
  for (let day = 21; day >= 1; day--) {
    const at = new Date(today.getTime() - day * 86_400_000);
    for (const p of points) {
      n++;
      const w = wobble(n);
      let value: string;
      let num: number | null = null;
      let comment: string | null = null;
      let niveau: Niveau = 'ok';
      switch (p.def.nom) {
        case 'Pression de refoulement':
          num = Math.round((8.3 + w * 0.6 + (p.machine === 1 && day === 9 ? 1.5 : 0) + (p.machine === 0 && day === 3 ? 2.4 : 0)) * 10) / 10;
          break;
        case 'Température de refoulement':
          num = Math.round(78 + w * 6 + (p.machine === 1 && day <= 5 ? 20 - day : 0));
          break;
        case 'Compteur horaire':
          num = (p.machine === 0 ? 12_450 : 8_930) + (21 - day) * 16 + Math.round(w * 2);
          break;
        case 'Vibrations palier moteur':
          num = Math.round((2.6 + w * 0.5 + (p.machine === 0 && day === 12 ? 2.2 : 0)) * 10) / 10;
          break;
        default:
          num = null;
      }
      if (p.def.dataType === 'checkbox') {
        const nok = p.machine === 1 && day === 15;
        value = nok ? 'NOK' : 'OK';
        niveau = nok ? 'alarm' : 'ok';
        if (nok) comment = "Niveau sous le repère mini : appoint d'huile fait (2 l).";
      } else {
        value = String(num);
        niveau = niveauOf(num as number, p.def);
        if (niveau === 'warning') comment = 'Valeur à surveiller, signalée au chef d’équipe.';
        if (niveau === 'alarm') comment = 'Hors limite : machine arrêtée, demande d’intervention faite.';
      }
      rows.push({
        entrepriseId: acme,
        clientId: randomUUID(),
        gammeId: ronde.id,
        metriqueId: p.id,
        equipementId: p.equipementId,
        value,
        valeurNumerique: num,
        niveau,
        comment,
        capturedAt: new Date(at.getTime() + p.machine * 6 * 60_000),
        capturedById: technicienId,
      });
    }
  }
  await tx.insert(releve).values(rows);

  // The fiche de manœuvre, with the company's default states.
  const etats = await tx
    .insert(etatManoeuvreModele)
    .values(DEFAULT_ETATS_MANOEUVRE.map((e, i) => ({ entrepriseId: acme, libelle: e.libelle, couleur: e.couleur, idx: i })))
    .returning({ id: etatManoeuvreModele.id, libelle: etatManoeuvreModele.libelle });
  const etat = (l: string) => etats.find((e) => e.libelle === l)?.id ?? null;
  const [fiche] = await tx
    .insert(gamme)
    .values({
      entrepriseId: acme,
      logicielId: idOf('mc'),
      libelle: 'Mise hors tension TGBT atelier',
      client: 'Atelier de production',
      duree: 30,
      createdById: responsableId,
    })
    .returning({ id: gamme.id });
  await tx.insert(manoeuvreModele).values({
    entrepriseId: acme,
    gammeId: fiche.id,
    typeManoeuvre: 'consignation',
    consignes:
      "Exécuter les lignes dans l'ordre, sans en sauter aucune. Tout écart arrête la séquence et est signalé au chargé d'exploitation. Habilitation BC ou B2V requise ; EPI arc électrique et VAT contrôlé avant et après usage.",
  });
  const tgbt = await equipmentNamed(tx, acme, 'tgbt%atelier%', 'TGBT atelier');
  const lines: { poste: string; appareil: string; operation: string; etat: string | null; observations?: string }[] = [
    { poste: 'Atelier', appareil: 'Machines alimentées', operation: "Arrêter les machines et prévenir le chef d'atelier", etat: null },
    { poste: 'TGBT atelier', appareil: 'Q11 à Q18 (départs)', operation: 'Ouvrir les départs', etat: 'Ouvert' },
    { poste: 'TGBT atelier', appareil: 'Q1 (disjoncteur général)', operation: 'Ouvrir le disjoncteur général', etat: 'Ouvert' },
    { poste: 'TGBT atelier', appareil: 'Q1 (disjoncteur général)', operation: 'Débrocher le disjoncteur', etat: 'Débroché' },
    {
      poste: 'TGBT atelier',
      appareil: 'Q1 (disjoncteur général)',
      operation: 'Poser cadenas de consignation et pancarte « Ne pas manœuvrer »',
      etat: 'Condamné',
      observations: 'Clé du cadenas remise au chargé de consignation.',
    },
    {
      poste: 'TGBT atelier',
      appareil: 'Jeu de barres aval Q1',
      operation: "Vérifier l'absence de tension (VAT) sur chaque phase et le neutre",
      etat: null,
      observations: 'VAT contrôlé sur une source connue avant et après.',
    },
    { poste: 'TGBT atelier', appareil: 'Jeu de barres aval Q1', operation: 'Mettre à la terre et en court-circuit', etat: 'À la terre' },
  ];
  await tx.insert(mmManoeuvre).values(
    lines.map((l, i) => ({
      entrepriseId: acme,
      gammeId: fiche.id,
      numero: i + 1,
      poste: l.poste,
      equipementId: l.poste === 'TGBT atelier' ? tgbt.id : null,
      appareil: l.appareil,
      operation: l.operation,
      etatManoeuvreId: l.etat ? etat(l.etat) : null,
      observations: l.observations ?? null,
    })),
  );
}
