import { atText, dateTimeText, grid, keyValues, mention, section, signatureBoxes, tick } from '../document-blocks.ts';
import type { ProcessDocument } from '../document-registry.ts';
import type { Content } from '../pdf-renderer.ts';
import { type Checklist, isPermit, type PermitData, permitFromEngine } from './permit-data.ts';

/** Every choice of a checklist with its box: what was done reads without colour. */
export function checklists(list: Checklist[]): Content {
  return list.map((c) => ({
    stack: [
      { text: c.titre, bold: true, margin: [0, 4, 0, 2] },
      { columns: [0, 1].map((col) => ({ stack: c.items.filter((_, i) => i % 2 === col).map((it) => `${tick(it.fait)} ${it.libelle}`) })) },
    ],
  }));
}

/** The validity and its extensions. */
export function validite(d: PermitData): Content {
  return [
    keyValues([
      ['Valable du', dateTimeText(d.debut)],
      ['au', dateTimeText(d.fin)],
      ...(d.modeValidite ? ([['Validité', d.modeValidite]] as [string, string][]) : []),
      [
        'Délivré',
        d.delivre ? `Oui, ${atText(d.delivreAt)}${d.decision ? ` (${d.decision})` : ''}` : 'Non — le travail ne doit pas commencer',
      ],
    ]),
    d.prolongations.length
      ? grid(
          ['Prolongation jusqu’au', 'Par', 'Signée le'],
          d.prolongations.map((p) => [dateTimeText(p.jusqua), p.par ?? '—', dateTimeText(p.at)]),
        )
      : { text: 'Aucune prolongation.', italics: true, margin: [0, 3, 0, 0] },
    d.suspensions?.length
      ? grid(
          ['Suspendu le', 'Par', 'Motif', 'Repris le', 'Par'],
          d.suspensions.map((x) => [dateTimeText(x.at), x.par, x.motif, dateTimeText(x.reprisAt), x.reprisPar ?? '—']),
          [62, 80, '*', 62, 80],
        )
      : [],
  ];
}

/** The permis de travail: identification, complementary permits, validity, risks and measures, signatures, end of work. */
export function permisContent(d: PermitData): Content {
  return [
    section('Travaux'),
    keyValues([
      ['Nature des travaux', d.nature],
      ['Lieu, installation', d.lieu],
      ['Entreprise intervenante', d.entreprise],
      ['Demandeur', d.demandeur],
      ['Chargé de travaux', d.chargeTravaux],
      ['Permis complémentaires', d.complementaires.length ? d.complementaires.join(', ') : 'Aucun'],
      ...(d.consignations?.length ? ([['Consignations', d.consignations.join(' ; ')]] as [string, string][]) : []),
      ...(d.etat ? ([['État', d.etat]] as [string, string][]) : []),
    ]),
    section('Validité'),
    validite(d),
    section('Analyse des risques et mesures de prévention'),
    d.analyse.length ? keyValues(d.analyse, 190) : { text: 'Aucune analyse enregistrée.', italics: true },
    checklists(d.checklists),
    section('Signatures'),
    signatureBoxes([d.donneurOrdre, d.executant, ...d.autres]),
    section('Fin de travaux'),
    {
      text: d.finDeTravaux.done
        ? `Fin de travaux déclarée ${atText(d.finDeTravaux.at)}${d.finDeTravaux.heure ? ` (travaux terminés à ${d.finDeTravaux.heure})` : ''}.`
        : 'Fin de travaux non déclarée.',
      margin: [0, 0, 0, 3],
    },
    d.finDeTravaux.confirmations.length ? { ul: d.finDeTravaux.confirmations.map((c) => `${tick(c.fait)} ${c.libelle}`) } : [],
    {
      text: d.cloture.done
        ? `Permis clôturé ${atText(d.cloture.at)} : lieux rendus propres, installation restituée.`
        : 'Permis non clôturé.',
      margin: [0, 4, 0, 3],
    },
    d.cloture.confirmations.length ? { ul: d.cloture.confirmations.map((c) => `${tick(c.fait)} ${c.libelle}`) } : [],
    signatureBoxes(d.cloture.signatures),
    mention(
      'Le permis est affiché sur le lieu des travaux pendant toute leur durée. Il est suspendu en cas d’alarme ou de changement des conditions, ' +
        'et clôturé par le donneur d’ordre et l’exécutant avant la levée des consignations qui s’y rapportent.',
    ),
  ];
}

/** The permis de travail of a permit process. */
export const permisDocument: ProcessDocument = {
  libelle: 'Permis de travail',
  fileName: 'permis-de-travail',
  applies: isPermit,
  async build(tx, { caller, process }) {
    const d = await permitFromEngine(tx, caller, process);
    return {
      content: permisContent(d),
      draft: d.delivre ? null : 'NON DÉLIVRÉ',
      keywords: [d.lieu, d.entreprise ?? '', ...d.complementaires],
    };
  },
};
