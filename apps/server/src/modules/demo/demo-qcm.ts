// Seeding script: writes the qcm and formation modules' tables directly (see index.ts for why).
import { EvaluationSetting, scoreAttempt } from '@app/contracts';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/engine.ts';
import { entreprise } from '../entreprise/entreprise.tables.ts';
import { formation, formationAvis } from '../formation/formation.tables.ts';
import { habilitationEvaluation, habilitationEvaluationAnswer, qcm, qcmQuestion, qcmReponse, type Sujet } from '../qcm/qcm.tables.ts';

type Q = { texte: string; reponses: [string, boolean][]; eliminatoire?: boolean };

/** The quiz « Habilitation B1V/B2V » (NF C18-510, domain.md §4): 20 questions, 4 with several right answers, 2 eliminatory. */
const QUESTIONS: Q[] = [
  {
    texte: 'Quel est le domaine de tension BT en courant alternatif ?',
    reponses: [
      ['50 V < U ≤ 1 000 V', true],
      ['0 < U ≤ 50 V', false],
      ['1 000 V < U ≤ 50 000 V', false],
      ['230 V < U ≤ 400 V', false],
    ],
  },
  {
    texte: 'Jusqu’à quelle tension s’étend la TBT en courant alternatif ?',
    reponses: [
      ['50 V', true],
      ['12 V', false],
      ['120 V', false],
      ['400 V', false],
    ],
  },
  {
    texte: 'En courant continu lisse, le domaine BT s’étend :',
    reponses: [
      ['de 120 V à 1 500 V', true],
      ['de 50 V à 1 000 V', false],
      ['de 1 000 V à 1 500 V', false],
      ['de 0 à 120 V', false],
    ],
  },
  {
    texte: 'Que signifie la lettre V dans le symbole B1V ?',
    reponses: [
      ['Travaux au voisinage de pièces nues sous tension', true],
      ['Vérification', false],
      ['Validation par l’employeur', false],
      ['Ventilation', false],
    ],
  },
  {
    texte: 'Quel symbole désigne un chargé de travaux d’ordre électrique en basse tension ?',
    reponses: [
      ['B2', true],
      ['B1', false],
      ['BC', false],
      ['BR', false],
    ],
  },
  {
    texte: 'Qui délivre le titre d’habilitation électrique ?',
    reponses: [
      ['L’employeur, au vu de l’avis après formation', true],
      ['L’organisme de formation', false],
      ['Le médecin du travail', false],
      ['L’inspection du travail', false],
    ],
  },
  {
    texte: 'Quelles opérations font partie de la consignation électrique d’un ouvrage ?',
    reponses: [
      ['La séparation de l’ouvrage de toute source de tension', true],
      ['La condamnation en position d’ouverture des organes de séparation', true],
      ['La vérification d’absence de tension (VAT)', true],
      ['Une remise sous tension brève pour essai', false],
    ],
  },
  {
    texte: 'Peut-on utiliser un multimètre pour la vérification d’absence de tension (VAT) ?',
    eliminatoire: true,
    reponses: [
      ['Non : uniquement un VAT conforme à la NF EN 61243-3', true],
      ['Oui, s’il est réglé sur le bon calibre', false],
      ['Oui, en basse tension seulement', false],
    ],
  },
  {
    texte: 'Avant et après une VAT, il faut :',
    reponses: [
      ['Vérifier le bon fonctionnement du VAT sur une source connue', true],
      ['Mettre l’installation à la terre', false],
      ['Ouvrir une seconde fois le sectionneur', false],
      ['Rien de particulier', false],
    ],
  },
  {
    texte: 'Quels équipements de protection faut-il porter pour une VAT en basse tension ?',
    reponses: [
      ['Des gants isolants adaptés à la tension', true],
      ['Un écran facial (ou un casque à écran) anti-arc', true],
      ['Des vêtements non propagateurs de flamme', true],
      ['Des gants de manutention en cuir', false],
    ],
  },
  {
    texte: 'Une consignation est signée : peut-on toucher les conducteurs sans vérifier l’absence de tension au point de travail ?',
    eliminatoire: true,
    reponses: [
      ['Non, jamais : la VAT au plus près du point de travail est obligatoire', true],
      ['Oui, si le sectionneur est ouvert', false],
      ['Oui, si l’attestation de consignation est signée', false],
    ],
  },
  {
    texte: 'Qui remet l’attestation de consignation au chargé de travaux ?',
    reponses: [
      ['Le chargé de consignation', true],
      ['L’exécutant', false],
      ['Le médecin du travail', false],
      ['Le chargé d’intervention BS', false],
    ],
  },
  {
    texte: 'Que désigne le symbole BR ?',
    reponses: [
      ['Le chargé d’intervention générale en basse tension', true],
      ['Le chargé de consignation en basse tension', false],
      ['Un exécutant de travaux', false],
      ['Une habilitation en cours de recyclage', false],
    ],
  },
  {
    texte: 'Quelles opérations sont des interventions BT élémentaires (BS) ?',
    reponses: [
      ['Remplacer à l’identique un fusible BT', true],
      ['Remplacer à l’identique une lampe ou un accessoire (prise, interrupteur)', true],
      ['Créer un nouveau circuit dans un tableau', false],
      ['Consigner un TGBT', false],
    ],
  },
  {
    texte: 'Quelle périodicité de recyclage la NF C18-510 recommande-t-elle ?',
    reponses: [
      ['3 ans', true],
      ['1 an', false],
      ['5 ans', false],
      ['10 ans', false],
    ],
  },
  {
    texte: 'En BT, à quelle distance des pièces nues sous tension commence la zone de voisinage renforcé (zone 4) ?',
    reponses: [
      ['0,30 m', true],
      ['1 m', false],
      ['3 m', false],
      ['5 cm', false],
    ],
  },
  {
    texte: 'Un non-électricien habilité B0 peut-il pénétrer dans la zone 4 ?',
    reponses: [
      ['Non', true],
      ['Oui, s’il porte des gants isolants', false],
      ['Oui, s’il est accompagné d’un B1V', false],
    ],
  },
  {
    texte: 'À quoi sert la mise à la terre et en court-circuit (MALT-CC) ?',
    reponses: [
      ['À protéger contre une réalimentation accidentelle ou une tension induite', true],
      ['À vérifier la continuité de la terre', false],
      ['À couper le neutre', false],
    ],
  },
  {
    texte: 'Que comporte une condamnation en position d’ouverture ?',
    reponses: [
      ['Un blocage de l’organe de séparation (cadenas personnel)', true],
      ['Une signalisation (pancarte « Ne pas manœuvrer — travaux en cours »)', true],
      ['Un réarmement automatique', false],
      ['La remise des clés à l’exécutant seulement', false],
    ],
  },
  {
    texte: 'Face à une victime d’un accident d’origine électrique, que faites-vous d’abord ?',
    reponses: [
      ['Couper ou faire couper le courant, sans m’exposer', true],
      ['La saisir pour la dégager', false],
      ['Appeler mon responsable avant toute chose', false],
    ],
  },
];

const DAY = 86_400_000;

/**
 * Acme's quiz « Habilitation B1V/B2V » with its evaluation settings (80 %, 20 questions, 30 min, weighted points), a
 * past attempt of the technician (passed), and the trainings of its electricians with their avis après formation.
 */
export async function createDemoQcm(tx: Tx, acme: number, people: { technicien: number; responsable: number; admin: number }) {
  const setting = EvaluationSetting.parse({ seuilReussite: 80, nbQuestions: 20, dureeMinutes: 30, methodCode: 'POINTS' });
  await tx.update(entreprise).set({ evaluationSetting: setting }).where(eq(entreprise.id, acme));

  const [quiz] = await tx
    .insert(qcm)
    .values({ entrepriseId: acme, libelle: 'Habilitation B1V/B2V', symboles: ['B1V', 'B2V'], createdById: people.admin })
    .returning({ id: qcm.id });
  const sujet: Sujet = { questions: [] };
  for (const [i, q] of QUESTIONS.entries()) {
    const multiple = q.reponses.filter(([, ok]) => ok).length > 1;
    const points = q.eliminatoire || multiple ? 2 : 1;
    const [row] = await tx
      .insert(qcmQuestion)
      .values({ entrepriseId: acme, qcmId: quiz.id, texte: q.texte, multiple, eliminatoire: q.eliminatoire ?? false, points, idx: i + 1 })
      .returning({ id: qcmQuestion.id });
    const reponses = await tx
      .insert(qcmReponse)
      .values(q.reponses.map(([texte, correcte], j) => ({ entrepriseId: acme, questionId: row.id, texte, correcte, idx: j + 1 })))
      .returning({ id: qcmReponse.id, texte: qcmReponse.texte, correcte: qcmReponse.correcte });
    sujet.questions.push({ id: row.id, texte: q.texte, image: null, multiple, eliminatoire: q.eliminatoire ?? false, points, reponses });
  }

  // The technician's attempt of ten days ago: all right but one single-answer question and half of a multi-answer one.
  const answers = new Map<number, number[]>();
  for (const [i, q] of sujet.questions.entries()) {
    const right = q.reponses.filter((r) => r.correcte).map((r) => r.id);
    const wrong = q.reponses.filter((r) => !r.correcte).map((r) => r.id);
    answers.set(q.id, i === 2 ? [wrong[0]] : i === 9 ? right.slice(0, 2) : right);
  }
  const result = scoreAttempt('POINTS', sujet.questions, answers, setting.seuilReussite);
  const startedAt = new Date(Date.now() - 10 * DAY);
  const [attempt] = await tx
    .insert(habilitationEvaluation)
    .values({
      entrepriseId: acme,
      qcmId: quiz.id,
      utilisateurId: people.technicien,
      startedById: people.technicien,
      startedAt,
      deadline: new Date(startedAt.getTime() + setting.dureeMinutes * 60_000),
      submittedAt: new Date(startedAt.getTime() + 22 * 60_000),
      seed: 20_260_315,
      questionIds: sujet.questions.map((q) => q.id),
      sujet,
      methodCode: 'POINTS',
      seuilReussite: setting.seuilReussite,
      score: result.score,
      max: result.max,
      percent: result.percent,
      reussi: result.reussi,
      eliminatoireManquee: result.eliminatoireManquee,
    })
    .returning({ id: habilitationEvaluation.id });
  await tx.insert(habilitationEvaluationAnswer).values(
    [...answers].map(([questionId, reponseIds], i) => ({
      entrepriseId: acme,
      evaluationId: attempt.id,
      questionId,
      reponseIds,
      answeredAt: new Date(startedAt.getTime() + (i + 1) * 60_000),
    })),
  );

  const trainings = [
    {
      utilisateurId: people.technicien,
      intitule: 'Habilitation électrique B1V-B2V-BR — formation initiale',
      organisme: 'APAVE Formation',
      date: '2025-03-03',
      validUntil: '2028-03-03',
      avis: [
        ['B1V', 'favorable'],
        ['B2V', 'favorable'],
        ['BR', 'favorable'],
      ],
    },
    {
      utilisateurId: people.responsable,
      intitule: 'Recyclage habilitation électrique BC-B2V-H0V',
      organisme: 'Bureau Veritas Formation',
      date: '2024-08-26',
      validUntil: '2027-08-26',
      avis: [
        ['BC', 'favorable'],
        ['B2V', 'favorable'],
        ['H0V', 'favorable'],
      ],
    },
    {
      utilisateurId: people.technicien,
      intitule: 'Habilitation électrique BC — chargé de consignation',
      organisme: 'APAVE Formation',
      date: '2025-11-17',
      validUntil: null,
      avis: [['BC', 'defavorable']],
    },
  ];
  for (const f of trainings) {
    const [row] = await tx
      .insert(formation)
      .values({
        entrepriseId: acme,
        utilisateurId: f.utilisateurId,
        intitule: f.intitule,
        organisme: f.organisme,
        date: f.date,
        validUntil: f.validUntil,
        createdById: people.admin,
      })
      .returning({ id: formation.id });
    await tx.insert(formationAvis).values(f.avis.map(([symbole, avis]) => ({ entrepriseId: acme, formationId: row.id, symbole, avis })));
  }
}
