import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/engine.ts';
import { activiteInstance, equipement, equipementActivite, equipementPointIsolement } from '../equipement/index.ts';

// Acme's registry (ticket 13): the site of Lyon as a tree of about 300 nodes, from the HTA delivery substation down to
// the motors, pumps and compressors, with voltage domains, isolation points, maintenance activities, the company's
// four free fields. The processes of the demo that name an equipment of the tree are linked to it.

type Point = {
  repere: string;
  energie: string;
  dispositif: string;
  positionRequise: string;
  moyenCondamnation?: string;
  methodeVerification?: string;
};
interface Node {
  name: string;
  number?: string;
  domaine?: 'TBT' | 'BT' | 'HTA' | 'HTB';
  icon?: string;
  color?: string;
  text1?: string;
  points?: Point[];
  activites?: {
    libelle: string;
    periodiciteJours: number;
    instances?: { datePrevue: string; progression: number; completed?: boolean; validated?: boolean }[];
  }[];
  children?: Node[];
}

const elec = (repere: string, dispositif: string): Point => ({
  repere,
  energie: 'electrique',
  dispositif,
  positionRequise: 'ouvert',
  moyenCondamnation: 'Cadenas de consignation + étiquette',
  methodeVerification: 'VAT bipolaire aux bornes aval',
});
const fluide = (repere: string, energie: string, dispositif: string): Point => ({
  repere,
  energie,
  dispositif,
  positionRequise: 'fermé',
  moyenCondamnation: 'Condamnation de vanne à câble',
  methodeVerification: 'Manomètre à zéro après purge',
});

function moteur(n: string, depart: string, marque = 'Leroy-Somer'): Node {
  return {
    name: `Moteur ${n}`,
    number: n,
    domaine: 'BT',
    icon: 'engine',
    text1: marque,
    points: [elec(`Q-${n}`, `Sectionneur ${depart} — ${n}`)],
  };
}
function pompe(n: string, depart: string): Node {
  return {
    name: `Pompe ${n}`,
    number: n,
    domaine: 'BT',
    icon: 'droplet',
    text1: 'Grundfos',
    points: [elec(`Q-${n}`, `Sectionneur ${depart} — ${n}`), fluide(`V-${n}`, 'hydraulique', `Vanne d’isolement amont ${n}`)],
    children: [moteur(`${n}-M`, depart)],
  };
}
function compresseur(i: number): Node {
  const n = `C${i}`;
  return {
    name: `Compresseur d’air ${n}`,
    number: n,
    domaine: 'BT',
    icon: 'wind',
    color: '#1c7ed6',
    text1: 'Atlas Copco',
    points: [
      elec(`Q-${n}`, `Disjoncteur ${n} du TGBT utilités`),
      fluide(`V-${n}`, 'pneumatique', `Vanne de sortie ${n} vers le réseau 7 bar`),
    ],
    activites: [
      {
        libelle: 'Vidange et changement du filtre à huile',
        periodiciteJours: 90,
        instances: [
          { datePrevue: '2026-08-20', progression: 100, completed: true, validated: true },
          { datePrevue: '2026-11-20', progression: i === 1 ? 60 : 0 },
        ],
      },
    ],
    children: [
      moteur(`${n}-M1`, `TGBT utilités — ${n}`, 'ABB'),
      { name: `Sécheur frigorifique ${n}`, number: `${n}-S`, domaine: 'BT', points: [elec(`Q-${n}-S`, `Sectionneur sécheur ${n}`)] },
      { name: `Réservoir d’air ${n}`, number: `${n}-R`, points: [fluide(`V-${n}-R`, 'pneumatique', `Vanne de purge du réservoir ${n}`)] },
    ],
  };
}
function ligne(i: number): Node {
  const d = `D${i + 4}`;
  const convoyeurs = Array.from({ length: 6 }, (_, k) => moteur(`L${i}-CV${k + 1}`, `Armoire ligne ${i}`));
  return {
    name: `Ligne de production ${i}`,
    number: `L${i}`,
    icon: 'building-factory',
    children: [
      {
        name: `Armoire de commande ligne ${i}`,
        number: `AC-L${i}`,
        domaine: 'BT',
        points: [elec(`Q-AC-L${i}`, `Départ ${d} du TGBT atelier`)],
        children: [
          { name: `Automate ligne ${i}`, number: `API-L${i}`, domaine: 'TBT' },
          { name: `Variateur convoyeur ligne ${i}`, number: `VAR-L${i}`, domaine: 'BT' },
        ],
      },
      { name: `Convoyeurs ligne ${i}`, children: convoyeurs },
      pompe(`L${i}-P1`, `Armoire ligne ${i}`),
      pompe(`L${i}-P2`, `Armoire ligne ${i}`),
      {
        name: `Presse hydraulique ligne ${i}`,
        number: `PH-L${i}`,
        domaine: 'BT',
        points: [
          elec(`Q-PH-L${i}`, `Sectionneur presse ligne ${i}`),
          fluide(`V-PH-L${i}`, 'hydraulique', `Vanne de décharge de l’accumulateur`),
        ],
        children: [moteur(`PH-L${i}-M`, `Armoire ligne ${i}`)],
      },
    ],
  };
}
const cta = (i: number): Node => ({
  name: `Centrale de traitement d’air CTA-${i}`,
  number: `CTA-${i}`,
  children: [
    {
      name: `Armoire de ventilation CTA-${i}`,
      number: `AV-CTA-${i}`,
      domaine: 'BT',
      points: [elec(`Q-CTA-${i}`, `Départ CTA-${i} du TGBT utilités`)],
    },
    moteur(`CTA-${i}-VS`, `Armoire CTA-${i}`),
    moteur(`CTA-${i}-VR`, `Armoire CTA-${i}`),
  ],
});
const departs = (tgbt: string, from: number, to: number): Node[] =>
  Array.from({ length: to - from + 1 }, (_, k) => ({
    name: `${tgbt} — départ D${from + k}`,
    number: `D${from + k}`,
    domaine: 'BT' as const,
    points: [elec(`Q-D${from + k}`, `Disjoncteur D${from + k} du ${tgbt}`)],
  }));

const TREE: Node = {
  name: 'Site de Lyon — Acme Énergie',
  icon: 'map-pin',
  children: [
    {
      name: 'Poste de livraison HTA 20 kV',
      number: 'PDL',
      domaine: 'HTA',
      icon: 'bolt',
      color: '#e03131',
      points: [
        {
          repere: 'IM-ARR',
          energie: 'electrique',
          dispositif: 'Interrupteur-sectionneur de la cellule arrivée',
          positionRequise: 'ouvert et verrouillé',
          moyenCondamnation: 'Serrure à clé prisonnière',
          methodeVerification: 'VAT HTA sur la cellule',
        },
        {
          repere: 'ST-ARR',
          energie: 'electrique',
          dispositif: 'Sectionneur de mise à la terre',
          positionRequise: 'à la terre',
          moyenCondamnation: 'Cadenas sur la commande',
        },
      ],
      children: [
        { name: 'Cellule arrivée réseau', number: 'CA', domaine: 'HTA' },
        { name: 'Cellule de comptage', number: 'CC', domaine: 'HTA' },
        ...[1, 2].map(
          (i): Node => ({
            name: `Cellule protection transformateur T${i}`,
            number: `CP-T${i}`,
            domaine: 'HTA',
            points: [elec(`DJ-T${i}`, `Disjoncteur HTA de T${i}`)],
          }),
        ),
        ...[1, 2].map(
          (i): Node => ({
            name: `Transformateur T${i}`,
            number: `T${i}`,
            domaine: 'HTA',
            text1: 'Schneider Electric',
            points: [elec(`DJ-T${i}`, `Disjoncteur HTA de T${i}`), elec(`Q0-T${i}`, `Disjoncteur général BT aval de T${i}`)],
            activites: [
              {
                libelle: 'Analyse d’huile du transformateur',
                periodiciteJours: 365,
                instances: [{ datePrevue: '2026-06-15', progression: 100, completed: true, validated: true }],
              },
            ],
          }),
        ),
      ],
    },
    {
      name: 'TGBT atelier',
      number: 'TGBT-A',
      domaine: 'BT',
      icon: 'bolt',
      text1: 'Schneider Electric',
      points: [elec('Q0-A', 'Disjoncteur général du TGBT atelier')],
      activites: [
        { libelle: 'Thermographie infrarouge', periodiciteJours: 365, instances: [{ datePrevue: '2026-12-10', progression: 0 }] },
      ],
      children: departs('TGBT atelier', 1, 24),
    },
    {
      name: 'TGBT utilités',
      number: 'TGBT-U',
      domaine: 'BT',
      icon: 'bolt',
      text1: 'ABB',
      points: [elec('Q0-U', 'Disjoncteur général du TGBT utilités')],
      children: departs('TGBT utilités', 30, 37),
    },
    {
      name: 'TGBT bureaux',
      number: 'TGBT-B',
      domaine: 'BT',
      icon: 'bolt',
      text1: 'Siemens',
      points: [elec('Q0-B', 'Disjoncteur général du TGBT bureaux')],
      children: departs('TGBT bureaux', 50, 65),
    },
    { name: 'Atelier de production', icon: 'building-factory', children: [1, 2, 3, 4, 5, 6, 7, 8].map(ligne) },
    {
      name: 'Utilités',
      icon: 'settings',
      children: [
        { name: 'Salle des compresseurs', children: [1, 2, 3, 4, 5, 6].map(compresseur) },
        {
          name: 'Chaufferie',
          children: [
            {
              name: 'Chaufferie — collecteur nord',
              number: 'COL-N',
              points: [fluide('V-COL-N', 'thermique', 'Vanne d’arrêt du collecteur nord')],
            },
            ...[1, 2].map(
              (i): Node => ({
                name: `Chaudière gaz CH${i}`,
                number: `CH${i}`,
                points: [fluide(`V-GAZ-${i}`, 'fluide', `Vanne gaz de la chaudière ${i}`)],
              }),
            ),
            ...['P10', 'P11', 'P12'].map((n) => pompe(n, 'Armoire chaufferie')),
          ],
        },
        { name: 'Ventilation', children: [1, 2, 3, 4, 5, 6, 7, 8].map(cta) },
        {
          name: 'Station de traitement des eaux',
          number: 'STEP',
          children: ['P20', 'P21', 'P22', 'P23', 'P24', 'P25'].map((n) => pompe(n, 'Armoire STEP')),
        },
        {
          name: 'Eaux pluviales et relevage',
          children: [{ ...pompe('P13', 'Armoire de relevage'), name: 'Pompe de relevage P12' }, pompe('P14', 'Armoire de relevage')],
        },
      ],
    },
    {
      name: 'Bâtiments',
      icon: 'building',
      children: [
        { name: 'Charpente du hangar B' },
        { name: 'Bardage de l’atelier nord' },
        { name: 'Garde-corps de toiture' },
        { name: 'Gouttière du bâtiment C' },
        { name: 'Mezzanine du magasin' },
        { name: 'Passerelle du quai 3' },
      ],
    },
  ],
};

function flatten(n: Node, parent: number | null, out: { node: Node; parent: number | null; idx: number }[], idx = 0) {
  const at = out.length;
  out.push({ node: n, parent, idx });
  for (const [i, c] of (n.children ?? []).entries()) flatten(c, at, out, i);
}

/**
 * Seeds Acme's registry; returns the number of nodes. `technicienId`: given rights on the « Utilités » subtree only,
 * with the company's specific equipment rights on (the responsable's profile reads and edits the whole tree).
 */
export async function createDemoEquipements(
  tx: Tx,
  entrepriseId: number,
  people: { technicienId: number; responsableProfilId: number; adminId: number },
): Promise<number> {
  const list: { node: Node; parent: number | null; idx: number }[] = [];
  flatten(TREE, null, list);
  const ids = (
    (await tx.execute(
      sql`select nextval(pg_get_serial_sequence('equipement', 'id'))::int as id from generate_series(1, ${list.length})`,
    )) as unknown as {
      rows: { id: number }[];
    }
  ).rows.map((r) => Number(r.id));
  const paths: number[][] = [];
  for (const [i, x] of list.entries()) paths[i] = [...(x.parent === null ? [] : paths[x.parent]), ids[i]];
  await tx.insert(equipement).values(
    list.map((x, i) => ({
      id: ids[i],
      entrepriseId,
      parentId: x.parent === null ? null : ids[x.parent],
      path: paths[i],
      idx: x.idx,
      name: x.node.name,
      number: x.node.number ?? null,
      domaineTension: x.node.domaine ?? null,
      icon: x.node.icon ?? null,
      color: x.node.color ?? null,
      text1: x.node.text1 ?? null,
      text2: x.node.domaine ? `2019-0${(i % 9) + 1}-15` : null,
      createdById: people.adminId,
    })),
  );
  const points = list.flatMap((x, i) =>
    (x.node.points ?? []).map((p, k) => ({
      entrepriseId,
      equipementId: ids[i],
      idx: k,
      repere: p.repere,
      energie: p.energie,
      dispositif: p.dispositif,
      positionRequise: p.positionRequise,
      moyenCondamnation: p.moyenCondamnation ?? null,
      methodeVerification: p.methodeVerification ?? null,
    })),
  );
  if (points.length) await tx.insert(equipementPointIsolement).values(points);
  for (const [i, x] of list.entries()) {
    for (const [k, a] of (x.node.activites ?? []).entries()) {
      const [act] = await tx
        .insert(equipementActivite)
        .values({ entrepriseId, equipementId: ids[i], libelle: a.libelle, periodiciteJours: a.periodiciteJours, idx: k })
        .returning({ id: equipementActivite.id });
      for (const inst of a.instances ?? [])
        await tx.insert(activiteInstance).values({
          entrepriseId,
          objectActiviteId: act.id,
          equipementId: ids[i],
          datePrevue: inst.datePrevue,
          progression: inst.progression,
          completed: Boolean(inst.completed),
          validated: Boolean(inst.validated),
          completedAt: inst.completed ? new Date(`${inst.datePrevue}T15:00:00+02:00`) : null,
          validatedAt: inst.validated ? new Date(`${inst.datePrevue}T17:00:00+02:00`) : null,
          validatedById: inst.validated ? people.adminId : null,
        });
    }
  }
  // The four free fields.
  await tx.execute(sql`insert into equipement_champ (entreprise_id, code, libelle, data_type, options) values
    (${entrepriseId}, 'text1', 'Fabricant', 'select', '["Schneider Electric", "ABB", "Siemens", "Leroy-Somer", "Atlas Copco", "Grundfos"]'::jsonb),
    (${entrepriseId}, 'text2', 'Date de mise en service', 'date', '[]'::jsonb),
    (${entrepriseId}, 'text3', 'Responsable d’exploitation', 'personal', '[]'::jsonb),
    (${entrepriseId}, 'text4', 'Mainteneur', 'company', '[]'::jsonb)`);
  // The demo processes naming an equipment of the tree are linked to it (process.equipement = {id, libelle}).
  const byName = new Map(list.map((x, i) => [x.node.name, ids[i]]));
  await tx.execute(sql`update process p set equipement = jsonb_build_object('id', e.id, 'libelle', e.name)
    from equipement e where p.entreprise_id = ${entrepriseId} and e.entreprise_id = ${entrepriseId}
      and e.name = p.equipement ->> 'libelle' and e.deleted_at is null`);
  // Specific rights: the technician works on the utilities only; the responsable's profile on the whole tree.
  const utilites = byName.get('Utilités') as number;
  await tx.execute(sql`update entreprise_logiciel set setting = coalesce(setting, '{}'::jsonb) || jsonb_build_object('display',
      coalesce(setting -> 'display', '{}'::jsonb) || '{"equipment": {"specificRights": true, "customName": null, "filter": false}}'::jsonb)
    where entreprise_id = ${entrepriseId}`);
  await tx.execute(sql`insert into equipment_permission (entreprise_id, equipement_id, profil_modele_id, utilisateur_id, is_ee, permissions, idx) values
    (${entrepriseId}, null, ${people.responsableProfilId}, null, false, '{"read": true, "create": true, "update": true}'::jsonb, 0),
    (${entrepriseId}, ${utilites}, null, ${people.technicienId}, false, '{"read": true, "update": true}'::jsonb, 1)`);
  return list.length;
}
