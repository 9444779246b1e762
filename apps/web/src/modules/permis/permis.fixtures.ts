import type { Permis } from '@app/contracts';

/** The instant the tests read (the server's clock too: no gap between them). */
export const NOW = Date.parse('2026-11-25T10:00:00.000Z');
export const iso = (minutesFromNow: number) => new Date(NOW + minutesFromNow * 60_000).toISOString();

const person = (id: number, nom: string) => ({ id, nom });

/** A hot-work permit in progress, issued with its three signatures, valid 08:00–18:00 (Paris) today. */
export function permisFixture(overrides: Partial<Permis> = {}): Permis {
  return {
    id: 3,
    processId: 42,
    numero: 17,
    nomProcess: 'Soudure de la tuyauterie vapeur',
    type: 'travail',
    complements: ['feu', 'hauteur'],
    feu: true,
    modeValidite: 'jour',
    dateDebut: iso(-180),
    dateFin: iso(420),
    dateFinInitiale: iso(420),
    etat: 'en_cours',
    etatEffectif: 'en_cours',
    actions: ['suspendre', 'prolonger', 'terminer'],
    travaux: 'Soudure à l’arc sur la ligne V12',
    mesures: 'Extincteur CO2 à proximité',
    consignations: [
      {
        processId: 9,
        numero: 12,
        nomProcess: 'Consignation vapeur V12',
        etat: 'en_cours',
        status: 'CS',
        equipementLibelle: 'Chaudière CH1',
        etatConsignation: 'consignee',
      },
    ],
    signatures: [
      { id: 1, acte: 'delivrance', role: 'emetteur', utilisateur: person(1, 'Claire Martin'), at: iso(-200), hash: 'a1' },
      { id: 2, acte: 'delivrance', role: 'executant', utilisateur: person(5, 'Jean Dupont'), at: iso(-195), hash: 'a2' },
      { id: 3, acte: 'delivrance', role: 'surveillant', utilisateur: person(6, 'Lina Robert'), at: iso(-190), hash: 'a3' },
    ],
    signaturesAttendues: ['emetteur', 'executant'],
    prolongations: [],
    suspensions: [],
    delivreAt: iso(-190),
    demarreAt: iso(-180),
    finTravauxAt: null,
    surveillance: null,
    closAt: null,
    closPar: null,
    annulation: null,
    version: 4,
    now: new Date(NOW).toISOString(),
    abilities: { read: true, create: true, update: true, delete: true },
    ...overrides,
  };
}

/** The same permit after its fin de travaux: a 120-minute watch started 40 minutes ago, a check every 30 minutes. */
export function watchingFixture(signed: number[] = []): Permis {
  const due = [30, 60, 90, 120];
  return permisFixture({
    etat: 'fin_travaux',
    etatEffectif: 'fin_travaux',
    actions: ['clore'],
    signaturesAttendues: [],
    finTravauxAt: iso(-40),
    signatures: [
      ...permisFixture().signatures,
      { id: 4, acte: 'fin_travaux', role: 'emetteur', utilisateur: person(1, 'Claire Martin'), at: iso(-41), hash: 'b1' },
      { id: 5, acte: 'fin_travaux', role: 'executant', utilisateur: person(5, 'Jean Dupont'), at: iso(-40), hash: 'b2' },
    ],
    surveillance: {
      debut: iso(-40),
      fin: iso(80),
      surveillanceMinutes: 120,
      controleIntervalleMinutes: 30,
      controles: due.map((m, i) => ({
        numero: i + 1,
        dueAt: iso(m - 40),
        signedAt: signed.includes(i + 1) ? iso(m - 40 + 1) : null,
        utilisateur: signed.includes(i + 1) ? person(6, 'Lina Robert') : null,
        observation: signed.includes(i + 1) ? 'RAS' : null,
        hash: signed.includes(i + 1) ? `c${i + 1}` : null,
      })),
      prochain: due.map((_, i) => i + 1).find((n) => !signed.includes(n)) ?? null,
      terminee: false,
      raisons: ['La surveillance après travaux n’est pas finie : encore 80 min (jusqu’à 12:20).'],
    },
  });
}
