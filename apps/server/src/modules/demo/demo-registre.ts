import type { LocalisationMarkerInput } from '@app/contracts';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../../platform/db/engine.ts';
import { equipement } from '../equipement/equipement.tables.ts';
import { storePlanBytes } from '../localisation/index.ts';
import { localisation, localisationMarker } from '../localisation/localisation.tables.ts';
import { equipementRisque, risque, risqueFamille } from '../risque/risque.tables.ts';
import { planPng, room, zone } from './demo-plan-png.ts';

// Acme's locations (with a plan image each and their free markers) and its risk catalogue (INRS ED 840 families,
// seeded by migration 0019 for every company); then the demo's equipment placed on the plans and given risks.

const GREY: [number, number, number] = [222, 226, 230];
const BLUE: [number, number, number] = [208, 235, 255];
const ORANGE: [number, number, number] = [255, 232, 204];
const GREEN: [number, number, number] = [211, 249, 216];

const PLANS = [
  {
    libelle: 'Atelier principal',
    description: 'Atelier de maintenance mécanique et électrique, bâtiment A.',
    couleur: '#1c7ed6',
    icon: 'building-factory',
    latitude: 45.7485,
    longitude: 4.8467,
    rects: [
      ...room(0.04, 0.06, 0.92, 0.88),
      ...room(0.04, 0.06, 0.3, 0.4),
      ...room(0.66, 0.06, 0.3, 0.3),
      zone(0.42, 0.2, 0.16, 0.14, GREY),
      zone(0.42, 0.5, 0.16, 0.14, GREY),
      zone(0.1, 0.6, 0.2, 0.25, BLUE),
      zone(0.7, 0.55, 0.2, 0.3, ORANGE),
    ],
    markers: [
      { libelle: 'Point de rassemblement', x: 0.08, y: 0.9, icon: 'users-group', couleur: '#2b8a3e' },
      { libelle: 'Extincteur CO2', x: 0.36, y: 0.1, icon: 'fire-extinguisher', couleur: '#c92a2a' },
      { libelle: 'Extincteur eau pulvérisée', x: 0.62, y: 0.9, icon: 'fire-extinguisher', couleur: '#c92a2a' },
      { libelle: 'Issue de secours', x: 0.96, y: 0.5, icon: 'door-exit', couleur: '#2b8a3e' },
      { libelle: 'Trousse de secours', x: 0.2, y: 0.1, icon: 'first-aid-kit', couleur: '#1c7ed6' },
    ],
  },
  {
    libelle: 'Poste HTA',
    description: 'Poste de livraison 20 kV : cellules, transformateur T1, TGBT.',
    couleur: '#e8590c',
    icon: 'bolt',
    latitude: 45.7481,
    longitude: 4.8479,
    rects: [
      ...room(0.1, 0.1, 0.8, 0.8),
      zone(0.16, 0.18, 0.12, 0.3, ORANGE),
      zone(0.3, 0.18, 0.12, 0.3, ORANGE),
      zone(0.44, 0.18, 0.12, 0.3, ORANGE),
      zone(0.62, 0.2, 0.22, 0.3, GREY),
      zone(0.2, 0.62, 0.6, 0.16, BLUE),
    ],
    markers: [
      { libelle: 'Tapis isolant et perche', x: 0.12, y: 0.55, icon: 'bolt', couleur: '#e8590c' },
      { libelle: 'Extincteur CO2', x: 0.88, y: 0.14, icon: 'fire-extinguisher', couleur: '#c92a2a' },
      { libelle: 'Accès réservé habilités', x: 0.5, y: 0.9, icon: 'alert-triangle', couleur: '#c92a2a' },
    ],
  },
  {
    libelle: 'Local compresseurs',
    description: 'Compresseurs d’air 10 bar, sécheur, réservoirs.',
    couleur: '#0b7285',
    icon: 'wind',
    latitude: null,
    longitude: null,
    rects: [
      ...room(0.15, 0.12, 0.7, 0.76),
      zone(0.22, 0.2, 0.2, 0.25, GREY),
      zone(0.58, 0.2, 0.2, 0.25, GREY),
      zone(0.35, 0.6, 0.3, 0.18, GREEN),
    ],
    markers: [
      { libelle: 'Vanne de coupure générale', x: 0.18, y: 0.5, icon: 'droplet', couleur: '#0b7285' },
      { libelle: 'Extincteur poudre', x: 0.82, y: 0.84, icon: 'fire-extinguisher', couleur: '#c92a2a' },
    ],
  },
] satisfies {
  libelle: string;
  description: string;
  couleur: string;
  icon: string;
  latitude: number | null;
  longitude: number | null;
  rects: unknown[];
  markers: (LocalisationMarkerInput & { icon: string })[];
}[];

/** Risks of Acme's catalogue by family code: libellé, G, F, existing measures. */
const RISQUES: Record<string, [string, number, number, string][]> = {
  electrique: [
    ['Électrisation par contact direct', 4, 2, 'Consignation, habilitation, EPI isolants'],
    ['Arc électrique lors d’une manœuvre', 4, 1, 'Manœuvre à distance, écran facial, vêtements anti-arc'],
  ],
  'chute-hauteur': [['Chute depuis une nacelle ou un escabeau', 4, 2, 'Nacelle avec garde-corps, harnais, formation']],
  'chute-plain-pied': [['Glissade sur sol gras', 2, 3, 'Nettoyage, chaussures antidérapantes']],
  machines: [['Happement par pièce en mouvement', 3, 2, 'Carters, arrêt d’urgence, consignation mécanique']],
  'activite-physique': [['Manutention manuelle de charges lourdes', 2, 3, 'Aides à la manutention, formation gestes et postures']],
  chimique: [['Projection d’huile ou de solvant', 2, 2, 'Lunettes, gants nitrile, fiches de données de sécurité']],
  'incendie-explosion': [
    ['Incendie lors de travaux par point chaud', 4, 1, 'Permis de feu, surveillance après travaux, extincteurs'],
    ['Explosion de réservoir d’air comprimé', 4, 1, 'Requalification périodique, soupapes'],
  ],
  bruit: [['Exposition au bruit des compresseurs', 2, 4, 'Capotage, protections auditives au-delà de 85 dB(A)']],
  'espace-confine': [['Anoxie en fosse ou cuve', 4, 1, 'Permis d’entrée, détecteur 4 gaz, surveillant extérieur']],
  thermique: [['Brûlure au contact de surfaces chaudes', 2, 2, 'Calorifugeage, gants']],
};

/** Acme's locations with their plans and markers, and its risk catalogue. */
export async function createDemoRegistre(tx: Tx, acme: number, createdById: number, filesDir: string | null): Promise<void> {
  for (const [i, p] of PLANS.entries()) {
    const bytes = planPng(800, 500, p.rects as Parameters<typeof planPng>[2]);
    const image = filesDir ? await storePlanBytes(filesDir, acme, bytes) : null;
    const [l] = await tx
      .insert(localisation)
      .values({
        entrepriseId: acme,
        libelle: p.libelle,
        description: p.description,
        couleur: p.couleur,
        icon: p.icon,
        latitude: p.latitude,
        longitude: p.longitude,
        idx: i,
        createdById,
        ...(image ? { imageNom: `plan-${i + 1}.png`, imageMime: 'image/png', imageTaille: bytes.length, imageChemin: image } : {}),
      })
      .returning({ id: localisation.id });
    await tx.insert(localisationMarker).values(p.markers.map((m, j) => ({ entrepriseId: acme, localisationId: l.id, idx: j, ...m })));
  }
  const familles = await tx
    .select({ id: risqueFamille.id, code: risqueFamille.code })
    .from(risqueFamille)
    .where(eq(risqueFamille.entrepriseId, acme))
    .orderBy(asc(risqueFamille.idx));
  let idx = 0;
  for (const f of familles) {
    for (const [libelle, gravite, frequence, mesures] of RISQUES[f.code ?? ''] ?? [])
      await tx.insert(risque).values({ entrepriseId: acme, familleId: f.id, libelle, gravite, frequence, mesures, idx: idx++ });
  }
}

/** A risk of Acme's demo catalogue by its libellé (to attach it to the demo's equipment). */
export async function demoRisque(tx: Tx, acme: number, libelle: string): Promise<number | null> {
  const [r] = await tx
    .select({ id: risque.id })
    .from(risque)
    .where(and(eq(risque.entrepriseId, acme), eq(risque.libelle, libelle)));
  return r?.id ?? null;
}

/** Where the demo's equipment stands (by name): its location and marker; the first children of a node are spread. */
const PLACES: { equipement: string; localisation: string; x: number; y: number; children?: [number, number][] }[] = [
  {
    equipement: 'Poste de livraison HTA 20 kV',
    localisation: 'Poste HTA',
    x: 0.73,
    y: 0.35,
    children: [
      [0.22, 0.33],
      [0.36, 0.33],
      [0.5, 0.33],
    ],
  },
  {
    equipement: 'Salle des compresseurs',
    localisation: 'Local compresseurs',
    x: 0.5,
    y: 0.5,
    children: [
      [0.32, 0.32],
      [0.68, 0.32],
    ],
  },
  {
    equipement: 'Atelier de production',
    localisation: 'Atelier principal',
    x: 0.5,
    y: 0.42,
    children: [
      [0.5, 0.27],
      [0.5, 0.57],
    ],
  },
];

/** Risks of the catalogue attached to the demo's equipment (their subtrees inherit them). */
const EQUIPEMENT_RISQUES: { equipement: string; risques: string[] }[] = [
  { equipement: 'Poste de livraison HTA 20 kV', risques: ['Électrisation par contact direct', 'Arc électrique lors d’une manœuvre'] },
  { equipement: 'Salle des compresseurs', risques: ['Exposition au bruit des compresseurs', 'Explosion de réservoir d’air comprimé'] },
  { equipement: 'Atelier de production', risques: ['Happement par pièce en mouvement', 'Glissade sur sol gras'] },
  { equipement: 'Chaufferie', risques: ['Brûlure au contact de surfaces chaudes', 'Incendie lors de travaux par point chaud'] },
];

/**
 * After the equipment tree of the demo exists (createDemoEquipements): places some of it on Acme's location plans and
 * attaches risks of the catalogue to it (an equipment of the tree that is missing is skipped).
 */
export async function attachDemoRegistre(tx: Tx, acme: number, createdById: number): Promise<void> {
  const find = async (name: string) => {
    const [e] = await tx
      .select({ id: equipement.id })
      .from(equipement)
      .where(and(eq(equipement.entrepriseId, acme), eq(equipement.name, name), isNull(equipement.deletedAt)));
    return e?.id ?? null;
  };
  for (const p of PLACES) {
    const id = await find(p.equipement);
    const [l] = await tx
      .select({ id: localisation.id })
      .from(localisation)
      .where(and(eq(localisation.entrepriseId, acme), eq(localisation.libelle, p.localisation)));
    if (!id || !l) continue;
    await tx.update(equipement).set({ localisationId: l.id, markerX: p.x, markerY: p.y }).where(eq(equipement.id, id));
    const children = await tx
      .select({ id: equipement.id })
      .from(equipement)
      .where(and(eq(equipement.parentId, id), isNull(equipement.deletedAt)))
      .orderBy(asc(equipement.idx), asc(equipement.id));
    for (const [i, [x, y]] of (p.children ?? []).entries()) {
      const c = children[i];
      if (c) await tx.update(equipement).set({ localisationId: l.id, markerX: x, markerY: y }).where(eq(equipement.id, c.id));
    }
  }
  for (const er of EQUIPEMENT_RISQUES) {
    const id = await find(er.equipement);
    if (!id) continue;
    for (const libelle of er.risques) {
      const r = await demoRisque(tx, acme, libelle);
      if (r) await tx.insert(equipementRisque).values({ entrepriseId: acme, equipementId: id, risqueId: r, createdById });
    }
  }
}
