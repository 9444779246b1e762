import { attestationConsignationDocument } from './builders/attestation-consignation.ts';
import { avisFinTravailDocument } from './builders/avis-fin-travail.ts';
import { permisDocument } from './builders/permis.ts';
import { permisFeuDocument } from './builders/permis-feu.ts';
import { rapportDocument } from './builders/rapport.ts';
import { registerProcessDocument } from './document-registry.ts';

/**
 * The documents of ticket 15, in the order the « Documents » menu offers them. The lockout and permit ones read the
 * engine's steps and values for now; the consignation and permis modules replace them by registering the same kinds
 * with their own data.
 */
export function registerBuiltInDocuments(): void {
  registerProcessDocument('attestation_consignation', attestationConsignationDocument);
  registerProcessDocument('avis_fin_travail', avisFinTravailDocument);
  registerProcessDocument('permis', permisDocument);
  registerProcessDocument('permis_feu', permisFeuDocument);
  registerProcessDocument('rapport', rapportDocument);
}
