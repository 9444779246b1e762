/** Every form field kind (metrique dataType) of the spec, with its French label and behaviour. */
export const METRIQUE_TYPES = [
  { code: 'text', libelle: 'Texte court', value: 'string' },
  { code: 'textarea', libelle: 'Texte long', value: 'string' },
  { code: 'number', libelle: 'Valeur numérique', value: 'number' },
  { code: 'date', libelle: 'Date', value: 'date' },
  { code: 'hour', libelle: 'Heure', value: 'time' },
  { code: 'checkbox', libelle: 'Case à cocher', value: 'boolean' },
  { code: 'radio', libelle: 'Boutons radio', value: 'option' },
  { code: 'select', libelle: 'Liste déroulante', value: 'option' },
  { code: 'checkbox_options', libelle: 'Cases à cocher (options)', value: 'options' },
  { code: 'file', libelle: 'Dépôt de fichiers', value: 'files' },
  { code: 'signature', libelle: 'Signature', value: 'signature' },
  { code: 'icon', libelle: 'Pictogramme', value: 'none' },
  { code: 'status', libelle: 'Sélecteur de statut', value: 'reference' },
  { code: 'article', libelle: 'Article', value: 'reference' },
  { code: 'article_family', libelle: "Famille d'articles", value: 'reference' },
  { code: 'supplier', libelle: 'Fournisseur', value: 'reference' },
  { code: 'company', libelle: 'Entreprise', value: 'reference' },
  { code: 'service', libelle: 'Service', value: 'reference' },
  { code: 'employee', libelle: 'Personnel', value: 'reference' },
  { code: 'employees', libelle: 'Personnels (plusieurs)', value: 'references' },
  { code: 'equipment', libelle: 'Équipement', value: 'reference' },
  { code: 'risk', libelle: 'Risques', value: 'references' },
  { code: 'gamme', libelle: 'Gamme de relevés', value: 'reference' },
  { code: 'gamme_type', libelle: 'Type de gamme', value: 'reference' },
  { code: 'budget_code', libelle: 'Code budgétaire', value: 'reference' },
  { code: 'location', libelle: 'Localisation', value: 'reference' },
  { code: 'installation_details', libelle: "Détails de l'installation", value: 'none' },
  { code: 'personnel_details', libelle: 'Détails du personnel', value: 'none' },
  { code: 'article_details', libelle: "Détails de l'article", value: 'none' },
  { code: 'last_modified_by', libelle: 'Modifié par', value: 'computed' },
  { code: 'last_modified_date', libelle: 'Date de modification', value: 'computed' },
  { code: 'last_modified_time', libelle: 'Heure de modification', value: 'computed' },
  { code: 'created_by', libelle: 'Créé par', value: 'computed' },
  { code: 'process_number', libelle: 'Numéro du processus', value: 'computed' },
  { code: 'workflow_name', libelle: 'Nom du workflow', value: 'computed' },
  { code: 'group', libelle: 'Groupe', value: 'none' },
  { code: 'button', libelle: 'Bouton', value: 'none' },
  { code: 'action_button', libelle: "Bouton d'action (crée un processus)", value: 'none' },
  { code: 'affectation_workflow', libelle: 'Affectation de workflow', value: 'reference' },
  // The summary of the readings recorded for the process (round-field.ts), built by the server.
  { code: 'gamme_releves', libelle: 'Gamme de relevés (saisie)', value: 'round' },
  { code: 'etape_gamme_releves', libelle: 'Étape de gamme de relevés', value: 'round' },
] as const;
export type MetriqueType = (typeof METRIQUE_TYPES)[number]['code'];
export const METRIQUE_TYPE_CODES = METRIQUE_TYPES.map((t) => t.code) as [MetriqueType, ...MetriqueType[]];

/** Field kinds that hold no value of their own (layout, computed, actions). */
export function holdsValue(type: string): boolean {
  const t = METRIQUE_TYPES.find((x) => x.code === type);
  // A kind the product does not know behaves as text (spec section 5).
  if (!t) return true;
  return t.value !== 'none' && t.value !== 'computed';
}

/** null, '', [] (and undefined) count as empty (spec section 5). */
export function isEmptyValue(v: unknown): boolean {
  return v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);
}
