import { atText, dateTimeText, grid, keyValues, mention, section, signatureBoxes, tick } from '../document-blocks.ts';
import type { ProcessDocument } from '../document-registry.ts';
import type { Content } from '../pdf-renderer.ts';
import { isLockout, type LockoutData, lockoutFromEngine } from './lockout-data.ts';

/** The two numbered copies of an attestation (NF C18-510): one kept, one handed over against signature. */
export const ATTESTATION_COPIES = [
  'Exemplaire n° 1/2 — conservé par le chargé de consignation',
  'Exemplaire n° 2/2 — remis au chargé de travaux contre signature',
];

/** The attestation's body, from the lockout's data (the same for both numbered copies). */
export function attestationContent(d: LockoutData): Content {
  return [
    section('Ouvrage consigné'),
    keyValues([
      ['Ouvrage', d.ouvrage],
      ['Motif des travaux', d.motif],
      ...(d.attestationNumero ? ([['Attestation', `N° ${d.attestationNumero}`]] as [string, string][]) : []),
      ...(d.type ? ([['Type', d.type]] as [string, string][]) : []),
      ...(d.mode ? ([['Consignation', d.mode]] as [string, string][]) : []),
      ['Chargé de consignation', d.chargeConsignation],
      ['Chargé de travaux', d.chargeTravaux],
      ['Période prévue', `du ${dateTimeText(d.debut)} au ${dateTimeText(d.fin)}`],
    ]),
    section('Points d’isolement et cadenas'),
    d.points.length
      ? grid(
          ['Point d’isolement (organe)', 'Énergie', 'Cadenas n°'],
          d.points.map((p) => [p.repere, p.energie ?? '—', p.cadenas ?? '—']),
          ['*', 90, 110],
        )
      : { text: 'Aucun point d’isolement enregistré.', italics: true },
    ...(d.cadenas?.length
      ? [
          section('Cadenas personnels (boîte de consignation)'),
          grid(
            ['Intervenant', 'Cadenas n°', 'Posé le', 'Retiré le'],
            d.cadenas.map((c) => [c.nom, c.numero, dateTimeText(c.pose), dateTimeText(c.retrait)]),
            ['*', 90, 80, 80],
          ),
        ]
      : []),
    section('Opérations de consignation (NF C18-510)'),
    grid(
      ['Opération', 'Faite', 'Par', 'Date et heure', 'Relevé'],
      d.operations.map((o) => [
        { text: o.libelle, bold: true },
        { text: o.faite ? `${tick(true)} Oui` : `${tick(false)} Non`, noWrap: true },
        o.par ?? '—',
        o.at ? dateTimeText(o.at) : '—',
        o.detail || '—',
      ]),
      [120, 42, 85, 62, '*'],
    ),
    section('Attestation'),
    {
      text: d.attestation.done
        ? `Le chargé de consignation atteste que l’ouvrage désigné ci-dessus est consigné : séparé de toutes ses sources, condamné en position d’ouverture, identifié, vérifié hors tension, mis à la terre et en court-circuit. Attestation délivrée ${atText(d.attestation.at)}.`
        : 'Attestation non délivrée : l’ouvrage doit être considéré comme sous tension.',
      bold: !d.attestation.done,
      margin: [0, 0, 0, 6],
    },
    signatureBoxes(d.attestation.signatures),
    mention(
      'Attestation établie en deux exemplaires numérotés : l’un conservé par le chargé de consignation, l’autre remis au chargé de travaux. ' +
        'Tout ouvrage pour lequel l’attestation de consignation n’a pas été délivrée doit être considéré comme sous tension. ' +
        'La déconsignation n’a lieu qu’après réception de l’avis de fin de travail.',
    ),
  ];
}

/** The attestation de consignation: two numbered copies of the same body, each on its own pages. */
export const attestationConsignationDocument: ProcessDocument = {
  libelle: 'Attestation de consignation',
  fileName: 'attestation-consignation',
  applies: isLockout,
  async build(tx, { caller, process }) {
    const d = await lockoutFromEngine(tx, caller, process);
    return {
      content: attestationContent(d),
      copies: ATTESTATION_COPIES,
      draft: d.attestation.done ? null : 'NON SIGNÉE',
      keywords: [d.ouvrage, ...d.points.map((p) => p.repere), ...d.points.flatMap((p) => (p.cadenas ? [`cadenas ${p.cadenas}`] : []))],
    };
  },
};
