import { journalActionLabel, PROCESS_ETAT_LABELS, registerStatusLabel, typeConsignationLabel } from '@app/contracts';
import { dateTimeText, grid, keyValues, section, signatureBoxes } from '../document-blocks.ts';
import type { ProcessDocument } from '../document-registry.ts';
import type { Content } from '../pdf-renderer.ts';
import { type ProcessSheet, processSheet } from '../process-sheet.ts';

/** The journal lines printed at most (the newest): a long-lived process keeps a readable report. */
const JOURNAL_MAX = 300;

const person = (p: { nom: string; prenom: string } | null | undefined) => (p ? `${p.prenom} ${p.nom}` : '');

function header(sheet: ProcessSheet): Content {
  const v = sheet.view;
  const type = v.typeConsignation ? typeConsignationLabel(v.typeConsignation) : null;
  return keyValues([
    ['État', `${PROCESS_ETAT_LABELS[v.etat]}${v.latestStatus && v.etat === 'en_cours' ? ` — étape en cours : ${v.latestStatus}` : ''}`],
    ...(v.status ? ([['Statut du registre', registerStatusLabel(v.status)]] as [string, string][]) : []),
    ...(type ? ([['Type de consignation', type]] as [string, string][]) : []),
    ['Équipement', v.equipement?.libelle],
    ['Début', dateTimeText(v.dateDebut)],
    ['Fin', dateTimeText(v.dateFin)],
    ['Personne en charge', person(v.personneEnCharge)],
    ['Créé par', person(v.createdBy)],
    ['Dernière modification', `${dateTimeText(v.lastModifyAt)}${v.lastModifyBy ? ` par ${person(v.lastModifyBy)}` : ''}`],
  ]);
}

function steps(sheet: ProcessSheet): Content[] {
  return sheet.steps.map((s) => {
    const state = s.isValid
      ? `Validée ${s.validation ? `le ${dateTimeText(s.validation.at)} par ${s.validation.par}` : s.dateRealise ? `le ${dateTimeText(s.dateRealise)}` : ''}`
      : sheet.view.currentEtapeOrdre === s.ordre && sheet.view.etat === 'en_cours'
        ? 'Étape en cours, non validée'
        : 'Non validée';
    return [
      section(`Étape ${s.ordre} — ${s.nom}`),
      { text: state, bold: true, margin: [0, 0, 0, 4] },
      s.fields.length
        ? grid(
            ['Champ', 'Valeur'],
            s.fields.map((f) => [f.nom, f.text || '—']),
            [190, '*'],
          )
        : [],
      ...(s.signatures.length
        ? [{ text: 'Signatures', bold: true, margin: [0, 6, 0, 3] }, signatureBoxes(s.signatures.map((x) => ({ role: x.champ, ...x })))]
        : []),
    ];
  });
}

function journal(sheet: ProcessSheet): Content {
  const rows = sheet.journal.slice(-JOURNAL_MAX);
  const lines = rows.map((j) => [
    dateTimeText(j.at),
    person(j.utilisateur) || '—',
    journalActionLabel(j.action),
    j.etapeOrdre ? String(j.etapeOrdre) : '—',
  ]);
  return [
    section('Journal'),
    ...(sheet.journal.length > rows.length
      ? [{ text: `Les ${rows.length} dernières entrées sur ${sheet.journal.length}.`, italics: true, margin: [0, 0, 0, 3] }]
      : []),
    lines.length ? grid(['Date', 'Personne', 'Action', 'Étape'], lines, [70, 130, '*', 40]) : { text: 'Aucune entrée.', italics: true },
  ];
}

/** The report of any process: its header, every step with its values and signatures, and its journal. */
export const rapportDocument: ProcessDocument = {
  libelle: 'Rapport du processus',
  fileName: 'rapport',
  applies: () => true,
  async build(tx, { caller, process }) {
    const sheet = await processSheet(tx, caller, process);
    return {
      content: [section('Processus'), header(sheet), ...steps(sheet), journal(sheet)],
      keywords: [sheet.view.equipement?.libelle ?? ''],
    };
  },
};
