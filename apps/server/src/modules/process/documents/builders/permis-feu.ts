import { atText, dateTimeText, grid, keyValues, mention, section, signatureBoxes, tick } from '../document-blocks.ts';
import type { ProcessDocument } from '../document-registry.ts';
import type { Content } from '../pdf-renderer.ts';
import { checklists, validite } from './permis.ts';
import { isHotWork, type PermitData, permitFromEngine } from './permit-data.ts';

/** The permis de feu (INRS ED 6030): the work, validity, risks and measures, three signatures, the fire watch. */
export function permisFeuContent(d: PermitData): Content {
  return [
    section('Travaux par point chaud'),
    keyValues([
      ['Nature du travail', d.nature],
      ['Lieu', d.lieu],
      ['Entreprise intervenante', d.entreprise],
      ['Demandeur', d.demandeur],
    ]),
    section('Validité (une journée ou une opération)'),
    validite(d),
    section('Analyse des risques et mesures'),
    d.analyse.length ? keyValues(d.analyse, 190) : { text: 'Aucune analyse enregistrée.', italics: true },
    checklists(d.checklists),
    section('Signatures'),
    signatureBoxes([d.donneurOrdre, d.executant, d.surveillant]),
    section('Fin des travaux et surveillance après travaux'),
    {
      text: d.finDeTravaux.done
        ? `Travaux terminés${d.finDeTravaux.heure ? ` à ${d.finDeTravaux.heure}` : ''}, déclaré ${atText(d.finDeTravaux.at)}.`
        : 'Travaux non terminés.',
      margin: [0, 0, 0, 4],
    },
    ...(d.surveillanceRegle ? [{ text: `Surveillance après travaux : ${d.surveillanceRegle}.`, margin: [0, 0, 0, 4] }] : []),
    d.surveillance.length
      ? grid(
          ['Contrôle', 'Fait', 'Heure', 'Observations', 'Par', 'Signé le'],
          d.surveillance.map((c) => [
            c.libelle,
            `${tick(c.fait)} ${c.fait ? 'Oui' : 'Non'}`,
            c.heure ?? '—',
            c.observations ?? '—',
            c.par ?? '—',
            dateTimeText(c.at),
          ]),
          ['*', 40, 36, 110, 80, 62],
        )
      : { text: 'Aucun contrôle de surveillance enregistré.', italics: true },
    {
      text: d.cloture.done
        ? `Permis clôturé ${atText(d.cloture.at)}.`
        : 'Permis non clôturé : la surveillance après travaux doit être achevée avant la clôture.',
      bold: !d.cloture.done,
      margin: [0, 6, 0, 3],
    },
    d.cloture.confirmations.length ? { ul: d.cloture.confirmations.map((c) => `${tick(c.fait)} ${c.libelle}`) } : [],
    signatureBoxes(d.cloture.signatures),
    mention(
      'Permis de feu établi selon le modèle de l’INRS (ED 6030). Après les travaux, le surveillant contrôle la zone et ses abords ' +
        '(réglage de l’entreprise : par défaut 2 heures, un contrôle toutes les 30 minutes) ; la clôture n’intervient qu’après le dernier contrôle.',
    ),
  ];
}

/** The permis de feu of a hot-work permit. */
export const permisFeuDocument: ProcessDocument = {
  libelle: 'Permis de feu',
  fileName: 'permis-de-feu',
  applies: isHotWork,
  async build(tx, { caller, process }) {
    const d = await permitFromEngine(tx, caller, process);
    return {
      content: permisFeuContent(d),
      draft: d.delivre ? null : 'NON DÉLIVRÉ',
      keywords: [d.lieu, d.entreprise ?? '', 'permis de feu'],
    };
  },
};
