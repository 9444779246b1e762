import { describe, expect, it } from 'vitest';
import {
  type ActionPermis,
  actionsPossibles,
  ETATS_PERMIS,
  type EtatPermis,
  estExpire,
  estPermisDeFeu,
  etatEffectif,
  etatSurveillance,
  finDeValiditeParDefaut,
  PermisRuleError,
  refusProlongation,
  refusValidite,
  rolesRequis,
  transitionPermis,
  verifierControle,
  verifierSignature,
} from './permis-rules.ts';

// Every (state, action) pair: the state it leads to, or null when refused. Not expired.
const ALLOWED: Record<ActionPermis, Partial<Record<EtatPermis, EtatPermis>>> = {
  delivrer: { demande: 'delivre' },
  demarrer: { delivre: 'en_cours' },
  suspendre: { en_cours: 'suspendu' },
  reprendre: { suspendu: 'en_cours' },
  prolonger: { delivre: 'delivre', en_cours: 'en_cours', suspendu: 'suspendu' },
  terminer: { en_cours: 'fin_travaux', suspendu: 'fin_travaux' },
  clore: { fin_travaux: 'clos' },
  annuler: { demande: 'annule', delivre: 'annule' },
};
const CASES = (Object.keys(ALLOWED) as ActionPermis[]).flatMap((action) =>
  ETATS_PERMIS.map((etat) => [etat, action, ALLOWED[action][etat] ?? null] as const),
);

describe('transitionPermis (every state × action, not expired)', () => {
  it.each(CASES)('%s + %s → %s', (etat, action, to) => {
    if (to === null) expect(() => transitionPermis(etat, action)).toThrow(PermisRuleError);
    else expect(transitionPermis(etat, action)).toBe(to);
  });

  it.each([
    ['clos', 'Ce permis est clos.'],
    ['annule', 'Ce permis est annulé.'],
  ] as const)('a %s permit refuses everything in French', (etat, message) => {
    for (const a of Object.keys(ALLOWED) as ActionPermis[]) expect(() => transitionPermis(etat, a)).toThrow(message);
  });
});

describe('transitionPermis when expired', () => {
  it.each([
    ['delivre', 'demarrer', null],
    ['suspendu', 'reprendre', null],
    ['delivre', 'prolonger', 'delivre'],
    ['en_cours', 'prolonger', 'en_cours'],
    ['en_cours', 'suspendre', 'suspendu'],
    ['en_cours', 'terminer', 'fin_travaux'],
    ['suspendu', 'terminer', 'fin_travaux'],
    ['delivre', 'annuler', 'annule'],
    ['demande', 'delivrer', null],
  ] as const)('%s + %s → %s', (etat, action, to) => {
    if (to === null) expect(() => transitionPermis(etat, action, { expire: true })).toThrow(/expiré|passée/);
    else expect(transitionPermis(etat, action, { expire: true })).toBe(to);
  });

  it('lists the actions allowed', () => {
    expect(actionsPossibles('en_cours', false)).toEqual(['suspendre', 'prolonger', 'terminer']);
    expect(actionsPossibles('suspendu', true)).toEqual(['prolonger', 'terminer']);
    expect(actionsPossibles('clos', false)).toEqual([]);
  });
});

describe('expiry', () => {
  const now = new Date('2026-11-25T12:00:00Z');
  it.each([
    ['delivre', '2026-11-25T12:00:00Z', true],
    ['en_cours', '2026-11-25T11:59:00Z', true],
    ['suspendu', '2026-11-25T11:00:00Z', true],
    ['en_cours', '2026-11-25T12:01:00Z', false],
    ['demande', '2026-11-24T12:00:00Z', false],
    ['fin_travaux', '2026-11-24T12:00:00Z', false],
    ['clos', '2026-11-24T12:00:00Z', false],
  ] as const)('%s ending %s expired: %s', (etat, dateFin, expected) => {
    expect(estExpire({ etat, dateFin }, now)).toBe(expected);
    expect(etatEffectif({ etat, dateFin }, now)).toBe(expected ? 'expire' : etat);
  });
});

describe('signatures of an act', () => {
  it.each([
    ['delivrance', false, ['emetteur', 'executant']],
    ['delivrance', true, ['emetteur', 'executant', 'surveillant']],
    ['fin_travaux', false, ['emetteur', 'executant']],
    ['fin_travaux', true, ['emetteur', 'executant']],
  ] as const)('%s (feu %s) needs %j', (acte, feu, roles) => {
    expect(rolesRequis(acte, feu)).toEqual(roles);
  });

  it('hot work: a permis de feu, or the feu complement', () => {
    expect(estPermisDeFeu({ type: 'feu', complements: [] })).toBe(true);
    expect(estPermisDeFeu({ type: 'travail', complements: ['hauteur', 'feu'] })).toBe(true);
    expect(estPermisDeFeu({ type: 'travail', complements: ['hauteur'] })).toBe(false);
  });

  const base = { etat: 'demande' as const, feu: true, acte: 'delivrance' as const };
  it.each([
    ['first of three', { ...base, role: 'emetteur', signataireId: 1 }, [], { complet: false }],
    ['second', { ...base, role: 'executant', signataireId: 2 }, [{ role: 'emetteur', utilisateurId: 1 }], { complet: false }],
    [
      'third completes',
      { ...base, role: 'surveillant', signataireId: 3 },
      [
        { role: 'emetteur', utilisateurId: 1 },
        { role: 'executant', utilisateurId: 2 },
      ],
      { complet: true },
    ],
    [
      'two roles complete a base permit',
      { ...base, feu: false, role: 'executant', signataireId: 2 },
      [{ role: 'emetteur', utilisateurId: 1 }],
      { complet: true },
    ],
    ['role signed twice', { ...base, role: 'emetteur', signataireId: 2 }, [{ role: 'emetteur', utilisateurId: 1 }], /déjà signé/],
    ['same person two roles', { ...base, role: 'executant', signataireId: 1 }, [{ role: 'emetteur', utilisateurId: 1 }], /autre personne/],
    ['surveillant on a base permit', { ...base, feu: false, role: 'surveillant', signataireId: 3 }, [], /ne se signe pas/],
    [
      'surveillant at the end of works',
      { ...base, acte: 'fin_travaux', etat: 'en_cours', role: 'surveillant', signataireId: 3 },
      [],
      /ne se signe pas/,
    ],
    ['issue of an issued permit', { ...base, etat: 'delivre', role: 'emetteur', signataireId: 1 }, [], /permis demandé/],
    ['end of works of a requested permit', { ...base, acte: 'fin_travaux', role: 'emetteur', signataireId: 1 }, [], /en cours ou suspendu/],
    [
      'end of works while suspended',
      { ...base, acte: 'fin_travaux', etat: 'suspendu', role: 'executant', signataireId: 2 },
      [],
      { complet: false },
    ],
  ] as const)('%s', (_, a, signees, expected) => {
    const run = () => verifierSignature(a as Parameters<typeof verifierSignature>[0], signees as never);
    if (expected instanceof RegExp) expect(run).toThrow(expected);
    else expect(run()).toEqual(expected);
  });
});

describe('validity window', () => {
  it.each([
    ['base permit over a week', false, null, '2026-11-25T07:00:00Z', '2026-12-02T07:00:00Z', null],
    ['end before start', false, null, '2026-11-25T07:00:00Z', '2026-11-25T06:00:00Z', /suivre le début/],
    ['hot work, the day', true, 'jour', '2026-11-25T07:00:00Z', '2026-11-25T16:00:00Z', null],
    // 23:30 UTC on the 25th is 00:30 in Paris on the 26th.
    ['hot work, the day, past midnight in Paris', true, 'jour', '2026-11-25T07:00:00Z', '2026-11-25T23:30:00Z', /jour même/],
    ['hot work, one operation, 5 days', true, 'operation', '2026-11-25T07:00:00Z', '2026-11-30T07:00:00Z', null],
    ['hot work, one operation, over 5 days', true, 'operation', '2026-11-25T07:00:00Z', '2026-11-30T07:01:00Z', /GH 3/],
    ['hot work without a mode, over 5 days', true, null, '2026-11-25T07:00:00Z', '2026-12-01T07:00:00Z', /GH 3/],
  ] as const)('%s', (_, feu, modeValidite, dateDebut, dateFin, expected) => {
    const r = refusValidite({ feu, modeValidite, dateDebut, dateFin });
    if (expected === null) expect(r).toBeNull();
    else expect(r).toMatch(expected);
  });

  const p = { feu: true, modeValidite: 'operation' as const, dateDebut: '2026-11-25T07:00:00Z', dateFin: '2026-11-26T07:00:00Z' };
  const now = new Date('2026-11-25T12:00:00Z');
  it.each([
    ['a later end', '2026-11-27T07:00:00Z', null],
    ['an earlier end', '2026-11-26T06:00:00Z', /suivre la fin actuelle/],
    ['beyond 5 days', '2026-12-01T07:00:00Z', /GH 3/],
  ] as const)('extension to %s', (_, fin, expected) => {
    const r = refusProlongation(p, fin, now);
    if (expected === null) expect(r).toBeNull();
    else expect(r).toMatch(expected);
  });
  it('an extension of an expired permit must end in the future', () => {
    expect(refusProlongation({ ...p, feu: false }, '2026-11-25T11:00:00Z', new Date('2026-11-27T00:00:00Z'))).toMatch(
      /suivre la fin actuelle/,
    );
    expect(refusProlongation({ ...p, feu: false }, '2026-11-26T08:00:00Z', new Date('2026-11-27T00:00:00Z'))).toMatch(/déjà passée/);
  });
});

describe('default end of validity (company setting, permit recorded without an end)', () => {
  // Paris is UTC+1 in winter, UTC+2 in summer: 23:59 in Paris is 22:59Z on 25/11, 21:59Z on 15/07.
  it.each([
    ['base permit, 8 h', false, null, 8, '2026-11-25T07:00:00Z', '2026-11-25T15:00:00.000Z'],
    ['base permit, 1 h (lower bound)', false, null, 1, '2026-11-25T07:00:00Z', '2026-11-25T08:00:00.000Z'],
    ['base permit, 72 h across days (upper bound)', false, null, 72, '2026-11-25T07:00:00Z', '2026-11-28T07:00:00.000Z'],
    ['base permit: the hot-work mode is ignored', false, 'jour', 24, '2026-11-25T07:00:00Z', '2026-11-26T07:00:00.000Z'],
    ['hot work, the day, within the day', true, 'jour', 8, '2026-11-25T07:00:00Z', '2026-11-25T15:00:00.000Z'],
    ['hot work, the day, capped at 23:59 in Paris (winter)', true, 'jour', 24, '2026-11-25T07:00:00Z', '2026-11-25T22:59:00.000Z'],
    ['hot work, the day, capped at 23:59 in Paris (summer)', true, 'jour', 12, '2026-07-15T12:00:00Z', '2026-07-15T21:59:00.000Z'],
    ['hot work without a mode lasts the day', true, null, 72, '2026-11-25T07:00:00Z', '2026-11-25T22:59:00.000Z'],
    // 23:30Z on the 25th is already the 26th in Paris: its day ends at 22:59Z on the 26th.
    ['hot work, the day, started after midnight in Paris', true, 'jour', 8, '2026-11-25T23:30:00Z', '2026-11-26T07:30:00.000Z'],
    ['hot work, one operation, 72 h (within 5 days)', true, 'operation', 72, '2026-11-25T07:00:00Z', '2026-11-28T07:00:00.000Z'],
  ] as const)('%s', (_, feu, modeValidite, heures, dateDebut, expected) => {
    const fin = finDeValiditeParDefaut({ dateDebut, heures, feu, modeValidite });
    expect(fin.toISOString()).toBe(expected);
    // The default end is always a valid one for the permit's own rules.
    expect(refusValidite({ feu, modeValidite, dateDebut, dateFin: fin })).toBeNull();
  });

  it('a hot-work permit « à la journée » starting at 23:59:30 in Paris gets no valid end: the window is refused', () => {
    const dateDebut = '2026-11-25T22:59:30Z';
    const fin = finDeValiditeParDefaut({ dateDebut, heures: 8, feu: true, modeValidite: 'jour' });
    expect(refusValidite({ feu: true, modeValidite: 'jour', dateDebut, dateFin: fin })).toMatch(/suivre le début/);
  });
});

describe('fire watch', () => {
  const debut = '2026-11-25T14:00:00Z';
  const w = (controles: { numero: number; at: string }[], minutes = 120, intervalle = 30) => ({
    debut,
    surveillanceMinutes: minutes,
    controleIntervalleMinutes: intervalle,
    controles,
  });
  const at = (min: number) => new Date(new Date(debut).getTime() + min * 60_000);

  it('default: four checks every 30 minutes, the last at the end', () => {
    const s = etatSurveillance(w([]), at(0));
    expect(s.nombre).toBe(4);
    expect(s.echeances).toEqual([
      '2026-11-25T14:30:00.000Z',
      '2026-11-25T15:00:00.000Z',
      '2026-11-25T15:30:00.000Z',
      '2026-11-25T16:00:00.000Z',
    ]);
    expect(s.fin).toBe('2026-11-25T16:00:00.000Z');
    expect(s.prochain).toBe(1);
    expect(s.terminee).toBe(false);
  });

  it('a duration not a multiple of the interval: the last check at the end', () => {
    expect(etatSurveillance(w([], 100, 30), at(0)).echeances.at(-1)).toBe('2026-11-25T15:40:00.000Z');
    expect(etatSurveillance(w([], 100, 30), at(0)).nombre).toBe(4);
  });

  const all = [1, 2, 3, 4].map((numero) => ({ numero, at: at(numero * 30).toISOString() }));
  it.each([
    ['nothing signed, time not elapsed', [], 10, false, 2],
    ['all signed, time elapsed', all, 120, true, 0],
    ['all signed, one minute before the end', all.slice(0, 3).concat([{ numero: 4, at: at(116).toISOString() }]), 119, false, 1],
    ['time elapsed, last check missing', all.slice(0, 3), 130, false, 1],
    ['time elapsed, nothing signed', [], 200, false, 1],
  ] as const)('%s: closable %s', (_, controles, minute, terminee, reasons) => {
    const s = etatSurveillance(w([...controles]), at(minute));
    expect(s.terminee).toBe(terminee);
    expect(s.raisons).toHaveLength(reasons);
  });

  it('explains in French', () => {
    expect(etatSurveillance(w([]), at(60)).raisons).toEqual([
      'La surveillance après travaux n’est pas finie : encore 60 min (jusqu’à 17:00).',
      'Contrôles de surveillance à signer : 4 sur 4 (prochain : n° 1).',
    ]);
    expect(etatSurveillance(w(all.slice(0, 3)), at(121)).raisons).toEqual([
      'Le dernier contrôle de la surveillance (n° 4) n’est pas signé.',
    ]);
  });

  it.each([
    ['the first at its time', [], 1, 30, null],
    ['the first 5 minutes early', [], 1, 25, null],
    ['the first too early', [], 1, 24, /trop tôt/],
    ['out of order', [], 2, 60, /d’abord le contrôle n° 1/],
    ['again', all.slice(0, 1), 1, 60, /déjà signé/],
    ['after all', all, 4, 130, /déjà signé/],
    ['beyond the count', [], 5, 200, /n’existe pas/],
    ['late is fine', all.slice(0, 1), 2, 200, null],
  ] as const)('check: %s', (_, controles, numero, minute, expected) => {
    const s = etatSurveillance(w([...controles]), at(minute));
    const run = () => verifierControle(s, numero, at(minute));
    if (expected === null) expect(run).not.toThrow();
    else expect(run).toThrow(expected);
  });
});
