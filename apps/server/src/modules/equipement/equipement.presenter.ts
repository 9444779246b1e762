import type {
  Activite,
  ActiviteInstance,
  CrudRights,
  DomaineTension,
  Energie,
  Equipement,
  EquipementNode,
  EquipementStatus,
  EquipementType,
  PointIsolement,
} from '@app/contracts';
import type { ActiviteRow, EquipementRow, InstanceRow, NodeRow, PointRow } from './equipement.repository.ts';

const n = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const iso = (v: string | Date | null) => (v === null ? null : new Date(v).toISOString());

export function presentNode(r: NodeRow, childCount: number): EquipementNode {
  return {
    id: Number(r.id),
    parentId: n(r.parent_id),
    idx: Number(r.idx),
    name: r.name,
    number: r.number,
    type: r.type as EquipementType,
    status: r.status as EquipementStatus,
    icon: r.icon,
    color: r.color,
    childCount,
  };
}

export function presentPoint(p: PointRow): PointIsolement {
  return {
    id: Number(p.id),
    equipementId: Number(p.equipement_id),
    idx: Number(p.idx),
    repere: p.repere,
    energie: p.energie as Energie,
    dispositif: p.dispositif,
    positionRequise: p.position_requise,
    moyenCondamnation: p.moyen_condamnation,
    methodeVerification: p.methode_verification,
  };
}

export function presentEquipement(
  r: EquipementRow,
  more: { childCount: number; ancestors: { id: number; name: string }[]; points: PointRow[]; rights: CrudRights },
): Equipement {
  return {
    ...presentNode(r, more.childCount),
    rfid: r.rfid,
    unit: r.unit,
    comment: r.comment,
    articleId: n(r.article_id),
    geoData: { latitude: n(r.latitude), longitude: n(r.longitude) },
    marker: { localisationId: n(r.localisation_id), x: n(r.marker_x), y: n(r.marker_y) },
    etatInitial: r.etat_initial,
    etatEnCours: r.etat_en_cours,
    gammeId: n(r.gamme_id),
    text1: r.text1,
    text2: r.text2,
    text3: r.text3,
    text4: r.text4,
    domaineTension: r.domaine_tension as DomaineTension | null,
    hideRisquesParent: r.hide_risques_parent,
    displayPrevious: r.display_previous,
    version: Number(r.version),
    path: r.path.map(Number),
    ancestors: more.ancestors,
    pointsIsolement: more.points.map(presentPoint),
    abilities: more.rights,
  };
}

export function presentInstance(i: InstanceRow): ActiviteInstance {
  return {
    id: Number(i.id),
    objectActiviteId: Number(i.object_activite_id),
    equipementId: Number(i.equipement_id),
    datePrevue: i.date_prevue,
    progression: Number(i.progression),
    completed: i.completed,
    validated: i.validated,
    commentaire: i.commentaire,
    completedAt: iso(i.completed_at),
    validatedAt: iso(i.validated_at),
    version: Number(i.version),
  };
}

export function presentActivite(a: ActiviteRow, instances: InstanceRow[]): Activite {
  return {
    id: Number(a.id),
    equipementId: Number(a.equipement_id),
    libelle: a.libelle,
    description: a.description,
    periodiciteJours: n(a.periodicite_jours),
    idx: Number(a.idx),
    instances: instances.filter((i) => Number(i.object_activite_id) === Number(a.id)).map(presentInstance),
  };
}
