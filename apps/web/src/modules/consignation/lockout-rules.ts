import {
  ETATS_CONSIGNES,
  type EtatConsignation,
  type ModeConsignation,
  OPERATIONS_PREMIERE_ETAPE,
  type OperationConsignation,
  type PointConsignation,
} from '@app/contracts';

// When each act of a lockout is offered on screen: the server's rules (consignation use cases), so that a button is
// shown only when the act may succeed; the server still decides and its refusal is shown if the state moved meanwhile.

/** An operation is signed before its attestation: the first step's before the first, the second step's after it. */
export function operationOpen(etat: EtatConsignation, mode: ModeConsignation, operation: OperationConsignation): boolean {
  const avantAttestation = ['demande', 'preparee', 'deconsignee_essai'].includes(etat);
  if (mode !== 'deux_etapes') return avantAttestation;
  return OPERATIONS_PREMIERE_ETAPE.includes(operation) ? avantAttestation : ['consignee_etape1', 'deconsignee_essai'].includes(etat);
}

/** Personal padlocks go on the lockbox of a consigned ouvrage, before working under it. */
export function padlocksOpen(etat: EtatConsignation): boolean {
  return ETATS_CONSIGNES.includes(etat);
}

/** An avis de fin de travail is signed during the works, on a consigned ouvrage. */
export const avisOpen = padlocksOpen;

/** A point's padlock number is set while the condamnation is being done; once consigned, only a point without one. */
export function pointPadlockEditable(etat: EtatConsignation, p: Pick<PointConsignation, 'numeroCadenas' | 'retrait'>): boolean {
  if (p.retrait) return false;
  return ['demande', 'preparee', 'consignee_etape1', 'deconsignee_essai'].includes(etat) || !p.numeroCadenas;
}

/** A point's padlock comes off at déconsignation, once requested (or after a first step only). */
export function pointPadlockRemovable(etat: EtatConsignation, p: Pick<PointConsignation, 'numeroCadenas' | 'retrait'>): boolean {
  return !p.retrait && Boolean(p.numeroCadenas) && ['deconsignation_demandee', 'consignee_etape1'].includes(etat);
}

/** Points are added until the déconsignation is engaged. */
export function pointsOpen(etat: EtatConsignation): boolean {
  return ['demande', 'preparee', 'consignee_etape1', ...ETATS_CONSIGNES, 'deconsignee_essai'].includes(etat);
}
