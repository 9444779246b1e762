// No zod here: the web's labels and the server's printed report read these without the schemas (issue 16).

/**
 * French names of the actions a process's journal records (the engine's, then those of the modules that work on a
 * process: lockouts, permits, coactivity). The journal screen and the printed report say the same; an action without
 * a name here shows its code.
 */
export const JOURNAL_ACTION_LABELS: Readonly<Record<string, string>> = {
  creation: 'Création',
  modification: 'Modification',
  signature: 'Signature',
  'signature-cloture': 'Signature et clôture',
  renvoi: 'Renvoi',
  saut: 'Étape passée',
  passage: 'Étape passée',
  desactivation: 'Désactivation',
  reactivation: 'Réactivation',
  etat: "Changement d'état",
  statut: 'Changement de statut',
  'signature-champ': "Signature d'un champ",
  'signature-retiree': 'Signature retirée',
  'fichier-depose': 'Fichier déposé',
  'fichier-retire': 'Fichier retiré',
  suppression: 'Suppression',
  'etat-etape': "État d'une étape modifié",
  rattachement: 'Rattachement à un processus parent',
  sequencement: 'Séquencement',
  'sequencement-retire': 'Séquencement retiré',
  // Lockouts (ticket 15).
  'consignation-mode': 'Mode de consignation',
  'operation-consignation': 'Opération de consignation signée',
  'point-isolement': "Point d'isolement ajouté",
  'points-isolement': "Points d'isolement repris de l'équipement",
  'point-cadenas-retrait': "Cadenas retiré d'un point d'isolement",
  'cadenas-pose': 'Cadenas personnel posé',
  'cadenas-retrait': 'Cadenas personnel retiré',
  attestation: 'Attestation de consignation',
  'avis-fin-de-travail': 'Avis de fin de travail',
  // Permits (ticket 15).
  'permis-enregistrement': 'Permis enregistré',
  'permis-modification': 'Permis modifié',
  'permis-signature': 'Signature du permis',
  'permis-etat': 'Changement d’état du permis',
  'permis-reprise': 'Reprise des travaux',
  'permis-surveillance': 'Contrôle de surveillance incendie',
  clos: 'Permis clos',
  // Coactivity (ticket 15).
  coactivite: 'Coactivité constatée',
  'coactivite-cosignature': 'Co-signature de coactivité',
};

/** The French name of a journal action, or its code. */
export function journalActionLabel(action: string): string {
  return Object.hasOwn(JOURNAL_ACTION_LABELS, action) ? JOURNAL_ACTION_LABELS[action] : action;
}
