import type { Utilisateur } from '@app/contracts';
import type { UtilisateurCreateBody } from './utilisateur.queries.ts';

/** Form state of a user: selects hold strings, empty optional fields hold ''. */
export interface UtilisateurFormValues {
  nom: string;
  prenom: string;
  mail: string;
  codeRfid: string;
  telephone: string;
  fonction: string;
  identification: string;
  coutHoraire: number | string;
  couleur: string;
  serviceId: string | null;
  profilId: string | null;
  profilIds: string[];
  dateNaissance: string;
  enable: boolean;
  isTempAccount: boolean;
  isMfa: boolean;
  signature: string | null;
}

export function formValuesOf(u?: Utilisateur | null): UtilisateurFormValues {
  return {
    nom: u?.nom ?? '',
    prenom: u?.prenom ?? '',
    mail: u?.mail ?? '',
    codeRfid: u?.codeRfid ?? '',
    telephone: u?.telephone ?? '',
    fonction: u?.fonction ?? '',
    identification: u?.identification ?? '',
    coutHoraire: u?.coutHoraire ?? '',
    couleur: u?.couleur ?? '',
    serviceId: u?.serviceId ? String(u.serviceId) : null,
    profilId: u?.profilId ? String(u.profilId) : null,
    profilIds: (u?.profilIds ?? []).map(String),
    dateNaissance: u?.dateNaissance?.slice(0, 10) ?? '',
    enable: u?.enable ?? true,
    isTempAccount: u?.isTempAccount ?? false,
    isMfa: u?.isMfa ?? false,
    signature: u?.signature ?? null,
  };
}

const orNull = (v: string) => (v.trim() === '' ? null : v.trim());

/** The API body of the form: every property of the user, empty optional ones as null. */
export function payloadOf(v: UtilisateurFormValues): UtilisateurCreateBody {
  const profilId = Number(v.profilId ?? 0);
  const profilIds = Array.from(new Set([...v.profilIds.map(Number), ...(profilId ? [profilId] : [])]));
  return {
    nom: v.nom.trim(),
    prenom: v.prenom.trim(),
    mail: v.mail.trim(),
    codeRfid: orNull(v.codeRfid),
    telephone: orNull(v.telephone),
    fonction: orNull(v.fonction),
    identification: orNull(v.identification),
    coutHoraire: v.coutHoraire === '' ? null : Number(v.coutHoraire),
    couleur: orNull(v.couleur),
    serviceId: v.serviceId ? Number(v.serviceId) : null,
    profilId,
    profilIds,
    dateNaissance: orNull(v.dateNaissance),
    enable: v.enable,
    isTempAccount: v.isTempAccount,
    isMfa: v.isMfa,
    signature: v.signature,
  };
}
