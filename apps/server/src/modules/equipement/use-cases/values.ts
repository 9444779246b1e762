import type { EquipementValues } from '../equipement.repository.ts';

/** The properties of an input (create, update, general part) as the table's columns; absent ones stay absent. */
export interface PropertiesInput {
  name?: string;
  number?: string | null;
  type?: string;
  rfid?: string | null;
  unit?: string | null;
  comment?: string | null;
  articleId?: number | null;
  geoData?: { latitude: number | null; longitude: number | null };
  marker?: { localisationId: number | null; x: number | null; y: number | null };
  etatInitial?: string | null;
  etatEnCours?: string | null;
  gammeId?: number | null;
  icon?: string | null;
  color?: string | null;
  text1?: string | null;
  text2?: string | null;
  text3?: string | null;
  text4?: string | null;
  domaineTension?: string | null;
}

/** Empty texts are no value (S 117). */
const text = (v: string | null | undefined) => (v === undefined ? undefined : v === null || v.trim() === '' ? null : v);

export function valuesOf(p: PropertiesInput): EquipementValues {
  return {
    name: p.name,
    number: text(p.number),
    type: p.type,
    rfid: text(p.rfid),
    unit: text(p.unit),
    comment: text(p.comment),
    article_id: p.articleId,
    latitude: p.geoData?.latitude,
    longitude: p.geoData?.longitude,
    localisation_id: p.marker?.localisationId,
    marker_x: p.marker?.x,
    marker_y: p.marker?.y,
    etat_initial: text(p.etatInitial),
    etat_en_cours: text(p.etatEnCours),
    gamme_id: p.gammeId,
    icon: text(p.icon),
    color: p.color,
    text1: text(p.text1),
    text2: text(p.text2),
    text3: text(p.text3),
    text4: text(p.text4),
    domaine_tension: p.domaineTension,
  };
}
