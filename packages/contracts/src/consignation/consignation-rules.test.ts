import { describe, expect, it } from 'vitest';
import { STATUTS_REGISTRE_CONSIGNATION } from '../common/constants.ts';
import {
  allowedTransitions,
  CODES_REGISTRE_DEFAUT,
  checkTransition,
  codeOfEtat,
  configAvecRole,
  ETATS_CONSIGNATION,
  ETATS_CONSIGNATION_OUVERTS,
  type EtatConsignation,
  estConsignation,
  etatFilleSousEssai,
  filleOuverte,
  operationsManquantes,
  operationsRequises,
  refusCreationFille,
  refusRoleEtape,
  refusSansAttestation,
  TRANSITIONS_CONSIGNATION,
  type TransitionContext,
} from './consignation-rules.ts';

const ONE: TransitionContext = { mode: 'une_etape', avisFinTravail: 1 };
const TWO: TransitionContext = { mode: 'deux_etapes', avisFinTravail: 1 };

// Every (from, to) pair: allowed exactly when listed in the table (with a context that satisfies every guard).
const ALLOWED = new Set(Object.entries(TRANSITIONS_CONSIGNATION).flatMap(([from, tos]) => tos.map((to) => `${from}>${to}`)));
const pairs = ETATS_CONSIGNATION.flatMap((from) => ETATS_CONSIGNATION.filter((to) => to !== from).map((to) => [from, to] as const));

describe('lockout state machine: every pair', () => {
  it.each(pairs)('%s → %s', (from, to) => {
    const ctx = to === 'consignee_etape1' || (from === 'consignee_etape1' && to === 'consignee') ? TWO : ONE;
    const r = checkTransition(from, to, ctx);
    expect(r.ok).toBe(ALLOWED.has(`${from}>${to}`));
    if (!r.ok) expect(r.raison).toMatch(/[a-zé]/);
  });
  it('a state to itself is no move (allowed)', () => {
    for (const e of ETATS_CONSIGNATION) expect(checkTransition(e, e, ONE).ok).toBe(true);
  });
  it('final states have no way out', () => {
    expect(TRANSITIONS_CONSIGNATION.cloturee).toEqual([]);
    expect(TRANSITIONS_CONSIGNATION.annulee).toEqual([]);
  });
  it('cancellation only before anything is padlocked', () => {
    const into = ETATS_CONSIGNATION.filter((e) => TRANSITIONS_CONSIGNATION[e].includes('annulee'));
    expect(into).toEqual(['demande', 'preparee']);
  });
});

describe("open lockouts (the register's « ouvertes »)", () => {
  it.each(ETATS_CONSIGNATION.map((e) => [e, !['deconsignee', 'cloturee', 'annulee'].includes(e)] as const))('%s open: %s', (etat, open) => {
    expect(ETATS_CONSIGNATION_OUVERTS.includes(etat)).toBe(open);
  });
});

describe('guards', () => {
  const cases: [string, EtatConsignation, EtatConsignation, TransitionContext, RegExp | null][] = [
    ['one step: consigned directly', 'preparee', 'consignee', ONE, null],
    ['two steps: not consigned directly', 'preparee', 'consignee', TWO, /première étape/],
    ['one step: no first-step attestation', 'preparee', 'consignee_etape1', ONE, /une étape/],
    ['two steps: first step', 'preparee', 'consignee_etape1', TWO, null],
    ['operations missing', 'preparee', 'consignee', { ...ONE, operationsManquantes: ['VAT'] }, /VAT/],
    ['open daughter blocks the request', 'en_cours', 'deconsignation_demandee', { ...ONE, fillesOuvertes: ['N° 12'] }, /filles.*N° 12/],
    ['open daughter blocks the release', 'deconsignation_demandee', 'deconsignee', { ...ONE, fillesOuvertes: ['N° 12'] }, /filles/],
    ['no avis de fin de travail', 'en_cours', 'deconsignation_demandee', { mode: 'une_etape', avisFinTravail: 0 }, /avis de fin/],
    [
      'padlocks still on block the release',
      'deconsignation_demandee',
      'deconsignee',
      { ...ONE, cadenasPoses: ['Paul Martin'] },
      /Paul Martin/,
    ],
    ['padlocks do not block the request', 'en_cours', 'deconsignation_demandee', { ...ONE, cadenasPoses: ['Paul Martin'] }, null],
    ['another module blocks', 'en_cours', 'deconsignation_demandee', { ...ONE, bloqueurs: ['Permis N° 4 non clos'] }, /Permis N° 4/],
    ['daughter resumes under a consigned mother', 'interrompue', 'en_cours', { ...ONE, etatMere: 'en_cours' }, null],
    ['daughter cannot resume under a mother in test', 'interrompue', 'en_cours', { ...ONE, etatMere: 'deconsignee_essai' }, /mère/],
    [
      'daughter cannot resume during an essai on the mother',
      'interrompue',
      'en_cours',
      { ...ONE, etatMere: 'en_cours', essaiSurMere: true },
      /essai/,
    ],
    [
      'first step only: release without avis',
      'consignee_etape1',
      'deconsignation_demandee',
      { mode: 'deux_etapes', avisFinTravail: 0 },
      null,
    ],
  ];
  it.each(cases)('%s', (_name, from, to, ctx, refused) => {
    const r = checkTransition(from, to, ctx);
    if (refused === null) expect(r).toEqual({ ok: true });
    else expect(r.ok ? '' : r.raison).toMatch(refused);
  });
  it('lists every move out of a state with its reason', () => {
    const moves = allowedTransitions('en_cours', { ...ONE, fillesOuvertes: ['N° 3'] });
    expect(moves.map((m) => m.etat)).toEqual(TRANSITIONS_CONSIGNATION.en_cours);
    expect(moves.find((m) => m.etat === 'deconsignation_demandee')?.result.ok).toBe(false);
    expect(moves.find((m) => m.etat === 'interrompue')?.result.ok).toBe(true);
  });
});

describe('mother and daughters', () => {
  it.each([
    [null, /mère/],
    ['demande', /« Demandée »/],
    ['consignee_etape1', /1re étape/],
    ['consignee', null],
    ['en_cours', null],
    ['interrompue', null],
    ['deconsignee_essai', /essai/],
    ['deconsignee', /Déconsignée/],
  ] as const)('a daughter under a mother %s', (mere, refused) => {
    const r = refusCreationFille(mere);
    if (refused === null) expect(r).toBeNull();
    else expect(r).toMatch(refused);
  });
  it.each([
    ['consignee', 'interrompue'],
    ['travaux_autorises', 'interrompue'],
    ['en_cours', 'interrompue'],
    ['interrompue', 'interrompue'],
    ['suspendue_securite', 'suspendue_securite'],
    ['deconsignee', 'deconsignee'],
  ] as const)('an essai on the mother: a daughter %s becomes %s', (from, to) => expect(etatFilleSousEssai(from)).toBe(to));
  it.each([
    ['en_cours', 0, true],
    ['en_cours', 1, false],
    ['interrompue', 0, true],
    ['annulee', 0, false],
    ['deconsignee', 0, false],
    ['deconsignation_demandee', 0, false],
  ] as const)('a daughter %s with %i avis is open: %s', (etat, avis, open) =>
    expect(filleOuverte({ etat, avisFinTravail: avis })).toBe(open),
  );
});

describe('operations', () => {
  it.each([
    [[], ['separation', 'condamnation', 'identification', 'vat', 'malt_cc']],
    [['electrique'], ['separation', 'condamnation', 'identification', 'vat', 'malt_cc']],
    [['hydraulique'], ['separation', 'purge', 'condamnation', 'verification']],
    [
      ['electrique', 'fluide'],
      ['separation', 'purge', 'condamnation', 'identification', 'vat', 'malt_cc', 'verification'],
    ],
  ] as const)('energies %j need %j', (energies, ops) => expect(operationsRequises(energies)).toEqual(ops));
  it('the first-step attestation needs only séparation, purge, condamnation', () => {
    const req = operationsRequises(['electrique', 'fluide']);
    expect(operationsManquantes(req, ['separation'], 'premiere_etape')).toEqual(['purge', 'condamnation']);
    expect(operationsManquantes(req, ['separation', 'purge', 'condamnation'], 'premiere_etape')).toEqual([]);
    expect(operationsManquantes(req, ['separation', 'purge', 'condamnation'], 'consignation')).toEqual([
      'identification',
      'vat',
      'malt_cc',
      'verification',
    ]);
  });
});

describe('roles and codes', () => {
  it('a role sets its symbols', () => {
    expect(configAvecRole({ a: 1 }, 'charge_consignation')).toEqual({
      a: 1,
      roleConsignation: 'charge_consignation',
      habilitationsRequises: ['BC', 'HC'],
    });
    expect(configAvecRole({ roleConsignation: 'manoeuvre' }, null)).toEqual({});
    expect(configAvecRole({}, 'charge_exploitation')).toEqual({ roleConsignation: 'charge_exploitation' });
  });
  it.each([
    [{}, null],
    [{ roleConsignation: 'charge_travaux', habilitationsRequises: ['B2V'] }, null],
    [{ roleConsignation: 'charge_travaux', habilitationsRequises: ['B0'] }, /B2 ou B2V/],
    [{ roleConsignation: 'charge_consignation' }, /BC ou HC/],
    [{ roleConsignation: 'charge_exploitation' }, null],
  ])('step config %j', (config, refused) => {
    const r = refusRoleEtape(config);
    if (refused === null) expect(r).toBeNull();
    else expect(r).toMatch(refused);
  });
  it('every spec code has a default, stored exactly', () => {
    expect(CODES_REGISTRE_DEFAUT.map((c) => c.code)).toEqual([...STATUTS_REGISTRE_CONSIGNATION]);
    expect(codeOfEtat(CODES_REGISTRE_DEFAUT, 'consignee')?.code).toBe('CS');
    expect(codeOfEtat(CODES_REGISTRE_DEFAUT, 'demande')).toBeNull();
  });
  it.each([
    [{ package: 'mc', typeConsignation: null }, true],
    [{ package: null, typeConsignation: 7 }, true],
    [{ package: 'permis', typeConsignation: null }, false],
    [{ package: null, typeConsignation: 0 }, false],
  ])('%j is a lockout: %s', (p, yes) => expect(estConsignation(p)).toBe(yes));
});

describe('attestations', () => {
  it.each([
    ['consignee', /attestation de consignation/],
    ['consignee_etape1', /première étape/],
    ['en_cours', null],
    ['deconsignee', null],
  ] as const)('a bare change of status to %s', (to, refused) => {
    const r = refusSansAttestation(to);
    if (refused === null) expect(r).toBeNull();
    else expect(r).toMatch(refused);
  });
});
