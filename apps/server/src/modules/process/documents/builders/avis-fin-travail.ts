import { atText, dateTimeText, keyValues, mention, section, signatureBoxes, tick } from '../document-blocks.ts';
import type { ProcessDocument } from '../document-registry.ts';
import type { Content } from '../pdf-renderer.ts';
import { isLockout, type LockoutData, lockoutFromEngine } from './lockout-data.ts';

/** The avis de fin de travail's body: the ouvrage, the declaration of the chargé de travaux, the hand-back. */
export function avisContent(d: LockoutData, numero: string): Content {
  const f = d.finDeTravail;
  return [
    section('Ouvrage'),
    keyValues([
      ['Ouvrage', d.ouvrage],
      ['Travaux', d.motif],
      [
        'Attestation de consignation',
        d.attestation.done ? `N° ${d.attestationNumero ?? numero}, délivrée ${atText(d.attestation.at)}` : 'Non délivrée',
      ],
      ['Chargé de travaux', d.chargeTravaux],
      ['Chargé de consignation', d.chargeConsignation],
    ]),
    section('Déclaration du chargé de travaux'),
    {
      text: f.done
        ? `Le chargé de travaux déclare ${atText(f.at)} que les travaux sont terminés, que le personnel placé sous sa direction s’est retiré et a été averti que l’ouvrage doit de nouveau être considéré comme sous tension, et que les mises à la terre et en court-circuit qu’il a posées ont été retirées.`
        : 'Fin de travail non déclarée : les travaux sont en cours, l’ouvrage reste consigné.',
      bold: !f.done,
      margin: [0, 0, 0, 4],
    },
    f.confirmations.length ? { ul: f.confirmations.map((c) => `${tick(c.fait)} ${c.libelle}`), margin: [0, 0, 0, 6] } : [],
    signatureBoxes(f.signatures),
    section('Réception et déconsignation'),
    {
      text: d.deconsignation.done ? `Ouvrage déconsigné ${atText(d.deconsignation.at)}.` : 'Déconsignation non encore effectuée.',
      margin: [0, 0, 0, 4],
    },
    d.deconsignation.confirmations.length
      ? { ul: d.deconsignation.confirmations.map((c) => `${tick(c.fait)} ${c.libelle}`), margin: [0, 0, 0, 6] }
      : [],
    signatureBoxes(d.deconsignation.signatures),
    mention(
      `Avis remis au chargé de consignation, associé à l’attestation de consignation N° ${d.attestationNumero ?? numero}. ` +
        'Après cet avis, plus personne ne doit intervenir sur l’ouvrage sans une nouvelle consignation.',
    ),
  ];
}

/** The avis de fin de travail of a lockout. */
export const avisFinTravailDocument: ProcessDocument = {
  libelle: 'Avis de fin de travail',
  fileName: 'avis-de-fin-de-travail',
  applies: isLockout,
  async build(tx, { caller, process, numero }) {
    const d = await lockoutFromEngine(tx, caller, process);
    return {
      content: avisContent(d, numero),
      draft: d.finDeTravail.done ? null : 'NON SIGNÉ',
      keywords: [d.ouvrage, `fin ${dateTimeText(d.finDeTravail.at)}`],
    };
  },
};
