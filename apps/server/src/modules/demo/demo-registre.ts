import type { LocalisationMarkerInput } from '@app/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/engine.ts';
import { storePlanBytes } from '../localisation/index.ts';
import { localisation, localisationMarker } from '../localisation/localisation.tables.ts';
import { risque, risqueFamille } from '../risque/risque.tables.ts';
import { planPng, room, zone } from './demo-plan-png.ts';

// Acme's locations (with a plan image each and their free markers) and its risk catalogue (INRS ED 840 families,
// seeded by migration 0018 for every company). Equipment risks are attached once the equipment tree of the demo exists.

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
