import { describe, expect, it } from 'vitest';
import {
  ajouterMois,
  couverture,
  couvre,
  cycleDeCouverture,
  echeanceRecyclage,
  etatEcheance,
  type GateInput,
  gate,
  jourDe,
  joursRestants,
  messageRefus,
  type SymboleRegle,
  seuilAlerte,
  type TitreGate,
  type VisiteGate,
} from './habilitation-rules.ts';

// A catalogue as a company would have it (an extract of the NF C18-510 set seeded by migration 0021).
const CAT: SymboleRegle[] = [
  { code: 'B0', couvre: [], medicalRequis: false },
  { code: 'H0', couvre: [], medicalRequis: false },
  { code: 'H0V', couvre: ['H0'], medicalRequis: false },
  { code: 'B1', couvre: ['B0'], medicalRequis: true },
  { code: 'B1V', couvre: ['B1'], medicalRequis: true },
  { code: 'B2', couvre: ['B1'], medicalRequis: true },
  { code: 'B2V', couvre: ['B2', 'B1V'], medicalRequis: true },
  { code: 'B2V Essai', couvre: ['B2V'], medicalRequis: true },
  { code: 'BS', couvre: ['B0'], medicalRequis: true },
  { code: 'BR', couvre: ['BS', 'BE Mesurage', 'BE Vérification', 'BE Manœuvre'], medicalRequis: true },
  { code: 'BC', couvre: ['BE Manœuvre'], medicalRequis: true },
  { code: 'BE Manœuvre', couvre: ['B0'], medicalRequis: true },
  { code: 'BE Mesurage', couvre: ['B0'], medicalRequis: true },
  { code: 'BE Vérification', couvre: ['B0'], medicalRequis: true },
  { code: 'H1V', couvre: ['H0V'], medicalRequis: true },
  { code: 'H2V', couvre: ['H1V'], medicalRequis: true },
];

describe('couvre (transitive coverage)', () => {
  it.each([
    ['B2V', 'B2', true],
    ['B2V', 'B1V', true],
    ['B2V', 'B1', true],
    ['B2V', 'B0', true],
    ['B2V Essai', 'B0', true],
    ['BR', 'BS', true],
    ['BR', 'BE Manœuvre', true],
    ['BR', 'BC', false],
    ['BC', 'BE Manœuvre', true],
    ['BC', 'BR', false],
    ['H2V', 'H1V', true],
    ['H2V', 'H0', true],
    ['H2V', 'B0', false],
    ['B1', 'B1V', false],
    ['B0', 'B1', false],
    ['b2v', 'b1v', true],
    [' BE  manœuvre ', 'B0', true],
    ['XYZ', 'XYZ', true],
    ['XYZ', 'B0', false],
  ] as const)('%s covers %s: %s', (a, b, r) => expect(couvre(CAT, a, b)).toBe(r));

  it('tolerates a cycle in the data', () => {
    const cyc: SymboleRegle[] = [
      { code: 'A', couvre: ['B'], medicalRequis: true },
      { code: 'B', couvre: ['A'], medicalRequis: true },
    ];
    expect([...couverture(cyc, 'A')].sort()).toEqual(['A', 'B']);
  });

  it.each([
    ['B1', ['B2V'], 'B2V'],
    ['B2V', ['B2V'], 'B2V'],
    ['B2V', ['BR'], null],
    ['B0', ['B1'], 'B1'],
  ] as const)('cycle when %s would cover %j → %s', (code, c, r) => expect(cycleDeCouverture(CAT, code, c)).toBe(r));
});

describe('recyclage', () => {
  it.each([
    ['2024-01-15', 1, '2024-02-15'],
    ['2024-01-31', 1, '2024-02-29'],
    ['2023-01-31', 1, '2023-02-28'],
    ['2024-11-30', 3, '2025-02-28'],
    ['2023-10-12', 36, '2026-10-12'],
    ['2024-02-29', 12, '2025-02-28'],
    ['2024-05-10', -1, '2024-04-10'],
  ] as const)('%s + %d months = %s', (d, m, r) => expect(ajouterMois(d, m)).toBe(r));

  it.each([
    ['2023-10-12', null, null, '2026-10-12'],
    ['2023-10-12', null, 24, '2025-10-12'],
    ['2023-10-12', 12, 24, '2024-10-12'],
    ['2023-10-12', 12, null, '2024-10-12'],
  ] as const)('obtained %s, override %s, company %s → due %s', (d, s, e, r) => expect(echeanceRecyclage(d, s, e)).toBe(r));

  it.each([
    ['2026-10-12', '2026-10-12', 0],
    ['2026-10-12', '2026-10-13', -1],
    ['2026-12-01', '2026-11-01', 30],
    ['2027-03-28', '2027-03-27', 1],
  ] as const)('days from %s to due %s', (e, j, n) => expect(joursRestants(e, j)).toBe(n));

  it.each([
    [null, '2026-01-01', 'valide'],
    ['2026-12-31', '2026-01-01', 'valide'],
    ['2026-03-02', '2026-01-01', 'expire_bientot'],
    ['2026-01-01', '2026-01-01', 'expire_bientot'],
    ['2025-12-31', '2026-01-01', 'expire'],
  ] as const)('due %s on %s → %s', (e, j, r) => expect(etatEcheance(e, j)).toBe(r));

  it.each([
    [90, null],
    [61, null],
    [60, 60],
    [45, 60],
    [30, 30],
    [8, 30],
    [7, 7],
    [0, 7],
    [-1, null],
  ] as const)('alert %d days before → threshold %s', (n, r) => expect(seuilAlerte(n)).toBe(r));

  it('reads the day in Europe/Paris', () => {
    expect(jourDe('2026-10-12T22:30:00Z')).toBe('2026-10-13');
    expect(jourDe('2026-07-01T21:59:00Z')).toBe('2026-07-01');
  });
});

const titre = (over: Partial<TitreGate> & { detentions: TitreGate['detentions'] }): TitreGate => ({
  id: 1,
  numero: 'T-001',
  etat: 'signe',
  signeEmployeurAt: '2024-01-10T09:00:00Z',
  signeTitulaireAt: '2024-01-10T09:05:00Z',
  revoqueAt: null,
  dateFinValidite: null,
  ...over,
});
const det = (code: string, dateEcheance: string | null = '2027-01-10', over: object = {}) => ({
  id: 10,
  code,
  dateObtention: '2024-01-10',
  dateEcheance,
  ...over,
});
const attestation = (validUntil: string | null, over: Partial<VisiteGate> = {}): VisiteGate => ({
  id: 100,
  attestation: true,
  defavorable: false,
  date: '2024-01-05',
  validUntil,
  ...over,
});
const AT = '2026-11-25T10:00:00Z';
const base = (over: Partial<GateInput>): GateInput => ({
  requis: ['BC'],
  at: AT,
  catalogue: CAT,
  titres: [titre({ detentions: [det('BC')] })],
  visites: [attestation('2029-01-05')],
  ...over,
});

describe('gate', () => {
  const cases: [string, Partial<GateInput>, true | string[]][] = [
    ['a signed title holding BC, recycled, medically fit', {}, true],
    ['a covering symbol (BR covers BE Manœuvre)', { requis: ['BE Manœuvre'], titres: [titre({ detentions: [det('BR')] })] }, true],
    ['any one of the required symbols suffices', { requis: ['HC', 'BC'] }, true],
    [
      'expired recyclage',
      { titres: [titre({ detentions: [det('BC', '2026-10-12')] })] },
      ['Habilitation BC expirée le 12/10/26 (recyclage dépassé).'],
    ],
    ['last day of recyclage still valid', { titres: [titre({ detentions: [det('BC', '2026-11-25')] })] }, true],
    [
      'expired title',
      { titres: [titre({ dateFinValidite: '2026-06-30', detentions: [det('BC')] })] },
      ["Titre d'habilitation n° T-001 expiré le 30/06/26."],
    ],
    [
      'revoked title',
      { titres: [titre({ etat: 'revoque', revoqueAt: '2026-02-01T10:00:00Z', detentions: [det('BC')] })] },
      ["Titre d'habilitation n° T-001 révoqué le 01/02/26."],
    ],
    [
      'title not signed by the holder',
      { titres: [titre({ etat: 'brouillon', signeTitulaireAt: null, detentions: [det('BC')] })] },
      ["Titre d'habilitation n° T-001 non signé par le titulaire."],
    ],
    [
      'expired medical attestation',
      { visites: [attestation('2026-09-30')] },
      ['Attestation médicale de non contre-indication expirée le 30/09/26.'],
    ],
    ['no medical attestation at all', { visites: [] }, ['Aucune attestation médicale de non contre-indication valide.']],
    [
      'an unfavourable opinion is no attestation',
      { visites: [attestation('2029-01-01', { defavorable: true })] },
      ['Contre-indication médicale : attestation de non contre-indication refusée.'],
    ],
    [
      'a non-attestation visit (VIP) does not count',
      { visites: [attestation('2029-01-01', { attestation: false })] },
      ['Aucune attestation médicale de non contre-indication valide.'],
    ],
    ['B0 needs no medical attestation', { requis: ['B0'], titres: [titre({ detentions: [det('B0')] })], visites: [] }, true],
    ['H0V needs none either', { requis: ['H0'], titres: [titre({ detentions: [det('H0V')] })], visites: [] }, true],
    [
      'B2V (needs one) acting as B0 still needs the attestation',
      { requis: ['B0'], titres: [titre({ detentions: [det('B2V')] })], visites: [] },
      ['Aucune attestation médicale de non contre-indication valide.'],
    ],
    [
      'a symbol that does not cover the required one',
      { titres: [titre({ detentions: [det('BR')] })] },
      ["Aucune habilitation BC (ni un symbole qui la couvre) sur un titre d'habilitation."],
    ],
    ['no title', { titres: [] }, ["Aucune habilitation BC (ni un symbole qui la couvre) sur un titre d'habilitation."]],
    [
      'scope: an equipment outside the act',
      { titres: [titre({ detentions: [det('BC', '2027-01-10', { equipementId: 7 })] })], contexte: { equipementIds: [1, 2, 3] } },
      ['Habilitation BC limitée à un autre équipement ou une autre localisation.'],
    ],
    [
      'scope: an ancestor equipment of the act',
      { titres: [titre({ detentions: [det('BC', '2027-01-10', { equipementId: 2 })] })], contexte: { equipementIds: [1, 2, 3] } },
      true,
    ],
    [
      'scope: a location',
      { titres: [titre({ detentions: [det('BC', '2027-01-10', { localisationId: 4 })] })], contexte: { localisationId: 5 } },
      ['Habilitation BC limitée à un autre équipement ou une autre localisation.'],
    ],
    [
      'several problems are all named',
      { titres: [titre({ detentions: [det('BC', '2026-10-12')] })], visites: [attestation('2026-09-30')] },
      ['Habilitation BC expirée le 12/10/26 (recyclage dépassé).', 'Attestation médicale de non contre-indication expirée le 30/09/26.'],
    ],
    [
      'a renewed title passes beside the old expired one',
      {
        titres: [
          titre({ id: 1, etat: 'remplace', detentions: [det('BC', '2026-10-12')] }),
          titre({ id: 2, numero: 'T-002', signeEmployeurAt: '2026-11-20T09:00:00Z', detentions: [det('BC', '2029-11-20', { id: 11 })] }),
        ],
      },
      true,
    ],
    ['nothing required named', { requis: [] }, ['Aucune habilitation requise indiquée.']],
  ];
  it.each(cases)('%s', (_name, over, expected) => {
    const r = gate(base(over));
    if (expected === true) expect(r).toMatchObject({ ok: true });
    else expect(r).toEqual({ ok: false, raisons: expected });
  });

  it('keeps a snapshot of the title, holding and attestation relied on', () => {
    const r = gate(base({}));
    expect(r).toEqual({
      ok: true,
      snapshot: {
        requis: ['BC'],
        titreId: 1,
        numero: 'T-001',
        detentionId: 10,
        code: 'BC',
        dateObtention: '2024-01-10',
        dateEcheance: '2027-01-10',
        visiteId: 100,
        visiteValidUntil: '2029-01-05',
        at: '2026-11-25T10:00:00.000Z',
      },
    });
  });

  it('writes one refusal message', () => {
    expect(messageRefus(['BC', 'HC'], ['Habilitation BC expirée le 12/10/26 (recyclage dépassé).'])).toBe(
      'Habilitation requise : BC ou HC. Habilitation BC expirée le 12/10/26 (recyclage dépassé).',
    );
  });
});

describe('gate reasons with several titles', () => {
  it('names only the live title’s problems when a revoked one also holds the symbol', () => {
    const r = gate(
      base({
        titres: [
          titre({ id: 1, etat: 'revoque', revoqueAt: '2026-11-01T10:00:00Z', detentions: [det('BC')] }),
          titre({ id: 2, numero: 'T-002', detentions: [det('BC', '2025-01-03', { id: 11 })] }),
        ],
      }),
    );
    expect(r).toEqual({ ok: false, raisons: ['Habilitation BC expirée le 03/01/25 (recyclage dépassé).'] });
  });
});
