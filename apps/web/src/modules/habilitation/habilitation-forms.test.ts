import { TitreCreate, VisiteCreate } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api.ts';
import { symbolePayloadOf } from './components/symbole-form-modal.tsx';
import { computedEcheance, newLigne, payloadOf, valuesOf } from './components/titre-form.tsx';
import { defaultValidUntil, visitePayloadOf } from './components/visite-form-modal.tsx';
import { gateRefusalOf } from './gate-refusal.ts';

describe('the title form', () => {
  it('starts a new title today, for the person it was opened from, with one symbol line', () => {
    const v = valuesOf(null, 42, '2026-11-25');
    expect(v.utilisateurId).toBe('42');
    expect(v.dateDelivrance).toBe('2026-11-25');
    expect(v.detentions).toHaveLength(1);
    expect(v.detentions[0].dateObtention).toBe('2026-11-25');
  });

  it('sends one scope per line: free text, an equipment or a location (the others null)', () => {
    const v = valuesOf(null, 42, '2026-11-25');
    v.detentions = [
      { ...newLigne('2026-11-25'), habilitationId: '7', portee: 'domaine', domaine: ' Postes HTA ', equipementId: 3 },
      { ...newLigne('2026-11-25'), habilitationId: '8', portee: 'equipement', equipementId: 12, domaine: 'ignored' },
      { ...newLigne('2026-11-25'), habilitationId: '9', portee: 'localisation', localisationId: '4', dateEcheance: '2027-06-30' },
      { ...newLigne('2026-11-25'), habilitationId: '10', portee: 'site', restrictions: ' Pas de TST ' },
    ];
    const body = payloadOf(v);
    expect(
      body.detentions.map((d) => [d.habilitationId, d.domaine, d.equipementId, d.localisationId, d.dateEcheance, d.restrictions]),
    ).toEqual([
      [7, 'Postes HTA', null, null, null, null],
      [8, null, 12, null, null, null],
      [9, null, null, 4, '2027-06-30', null],
      [10, null, null, null, null, 'Pas de TST'],
    ]);
    expect(TitreCreate.safeParse(body).success).toBe(true);
  });

  it('is refused with French messages when the holder or the symbol is missing', () => {
    const v = valuesOf(null, null, '2026-11-25');
    const r = TitreCreate.safeParse(payloadOf(v));
    expect(r.success).toBe(false);
  });

  it('reads back a draft title (scope kind from what is set)', () => {
    const titre = {
      id: 5,
      utilisateurId: 42,
      numero: 'TH-5',
      employeur: 'Acme',
      dateDelivrance: '2026-11-25',
      dateFinValidite: null,
      observations: null,
      detentions: [
        {
          id: 1,
          habilitationId: 7,
          domaine: null,
          equipementId: 12,
          equipementLibelle: 'TGBT',
          localisationId: null,
          dateObtention: '2026-11-25',
          dateEcheance: '2029-11-25',
          restrictions: null,
        },
      ],
    } as unknown as Parameters<typeof valuesOf>[0];
    const v = valuesOf(titre, null);
    expect(v.detentions[0]).toMatchObject({
      portee: 'equipement',
      equipementId: 12,
      equipementLibelle: 'TGBT',
      dateEcheance: '2029-11-25',
    });
  });

  it.each([
    ['the symbol period wins', '2026-11-25', 12, 36, '2027-11-25'],
    ['else the company period', '2026-11-25', null, 24, '2028-11-25'],
    ['else 3 years', '2026-11-25', null, undefined, '2029-11-25'],
    ['a month end is clamped', '2024-02-29', 12, 36, '2025-02-28'],
    ['no date, nothing computed', null, 12, 36, null],
  ])('computes the recyclage shown: %s', (_n, date, symbole, entreprise, expected) => {
    expect(computedEcheance(date, symbole === null ? { recyclageMois: null } : { recyclageMois: symbole }, entreprise)).toBe(expected);
  });
});

describe('the medical visit form', () => {
  it('shows an attestation de non contre-indication valid 5 years when no end is typed (décret 2025-355)', () => {
    expect(defaultValidUntil('attestation', '2026-11-25')).toBe('2031-11-25');
    expect(defaultValidUntil('vip', '2026-11-25')).toBeNull();
    expect(defaultValidUntil('attestation', null)).toBeNull();
  });
  it('sends empty fields as null', () => {
    const body = visitePayloadOf({
      utilisateurId: '3',
      type: 'sir',
      date: '2026-11-25',
      resultat: null,
      validUntil: '',
      restrictions: '  ',
    });
    expect(body).toEqual({ utilisateurId: 3, type: 'sir', date: '2026-11-25', resultat: null, validUntil: null, restrictions: null });
    expect(VisiteCreate.safeParse(body).success).toBe(true);
  });
  it('is refused without a type', () => {
    expect(
      VisiteCreate.safeParse(
        visitePayloadOf({ utilisateurId: '3', type: null, date: '2026-11-25', resultat: null, validUntil: null, restrictions: '' }),
      ).success,
    ).toBe(false);
  });
});

describe('the symbol form', () => {
  it('sends the recyclage override as a number, empty as the company default', () => {
    const base = {
      code: ' BC ',
      libelle: 'Chargé de consignation',
      domaine: 'B',
      caractere: 'C',
      nature: null,
      attribut: null,
      medicalRequis: true,
      couvreIds: ['3', '4'],
      actif: true,
    };
    expect(symbolePayloadOf({ ...base, recyclageMois: '' })).toMatchObject({ code: 'BC', recyclageMois: null, couvreIds: [3, 4] });
    expect(symbolePayloadOf({ ...base, recyclageMois: 24 })).toMatchObject({ recyclageMois: 24 });
  });
});

describe('gateRefusalOf (the refusal a step signature shows)', () => {
  it('reads the required symbols and the reasons of a 403 from the gate', () => {
    const e = new ApiError({
      status: 403,
      code: 'FORBIDDEN',
      message: 'Signature refusée',
      detail: { requis: ['BC'], raisons: ['Habilitation BC expirée le 01/10/26 (recyclage dépassé).'] },
    });
    expect(gateRefusalOf(e)).toEqual({ requis: ['BC'], raisons: ['Habilitation BC expirée le 01/10/26 (recyclage dépassé).'] });
  });
  it('ignores other errors', () => {
    expect(gateRefusalOf(new ApiError({ status: 403, code: 'FORBIDDEN', message: 'Non' }))).toBeNull();
    expect(gateRefusalOf(new ApiError({ status: 400, code: 'BAD', message: 'x', detail: { requis: [], raisons: [] } }))).toBeNull();
    expect(gateRefusalOf(new Error('x'))).toBeNull();
  });
});
