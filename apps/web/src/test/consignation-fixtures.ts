import { CODES_REGISTRE_DEFAUT, type ConsignationDetail, type RegistreCode, type RegistreRow } from '@app/contracts';

/** The company's register codes: the contracts' defaults. */
export function codesFixture(): RegistreCode[] {
  return CODES_REGISTRE_DEFAUT.map((c, idx) => ({ ...c, idx }));
}

const cs = (): RegistreCode => codesFixture()[0];

/** A register line: a consigned electrical lockout (CS) on the TGBT; `overrides` set the rest. */
export function registreRowFixture(processId: number, overrides: Partial<RegistreRow> = {}): RegistreRow {
  return {
    processId,
    numero: processId * 100,
    nomProcess: `Consignation ${processId}`,
    typeConsignation: 1,
    nameConsignation: 'Consignation',
    equipementLibelle: 'TGBT atelier',
    etat: 'consignee',
    etatLibelle: 'Consignée',
    code: 'CS',
    codeLibelle: 'Consigné',
    couleur: '#1971c2',
    icone: 'lock',
    terminal: false,
    mode: 'deux_etapes',
    parentId: null,
    filles: [],
    cadenasPoses: 0,
    cadenasTotal: 0,
    points: 2,
    attestationNumero: null,
    sequenced: false,
    dateDebut: '2026-11-24T07:30:00Z',
    dateFin: '2026-11-26T16:00:00Z',
    consigneeAt: '2026-11-24T08:10:00Z',
    ...overrides,
  };
}

const acte = (nom: string, at = '2026-11-24T08:05:00Z') => ({ utilisateurId: 5, nom, at });

/** A two-step electrical lockout consigned (CS) with its two points, one personal padlock and its attestation. */
export function lockoutFixture(overrides: Partial<ConsignationDetail> = {}): ConsignationDetail {
  return {
    processId: 42,
    numero: 4200,
    nomProcess: 'Consignation TGBT atelier — départ D4',
    typeConsignation: 1,
    nameConsignation: 'Consignation',
    equipementLibelle: 'TGBT atelier — départ D4',
    etat: 'consignee',
    etatLibelle: 'Consignée',
    code: cs(),
    mode: 'deux_etapes',
    parentId: null,
    mere: null,
    filles: [],
    operationsRequises: [
      { operation: 'separation', libelle: 'Séparation', faite: true },
      { operation: 'condamnation', libelle: 'Condamnation', faite: true },
      { operation: 'identification', libelle: 'Identification', faite: false },
    ],
    operations: [
      {
        id: 1,
        operation: 'separation',
        libelle: 'Séparation',
        pointId: null,
        par: acte('Gilles Bernard'),
        hash: 'a1b2c3d4e5f60718293a4b5c6d7e8f90',
        commentaire: null,
      },
      {
        id: 2,
        operation: 'condamnation',
        libelle: 'Condamnation',
        pointId: 11,
        par: acte('Gilles Bernard', '2026-11-24T08:07:00Z'),
        hash: 'ffeeddccbbaa99887766554433221100',
        commentaire: 'Bloque-disjoncteur posé',
      },
    ],
    points: [
      {
        id: 11,
        equipementPointId: 3,
        repere: 'Q4',
        energie: 'electrique',
        dispositif: 'Sectionneur',
        positionRequise: 'Ouvert',
        moyenCondamnation: 'Cadenas',
        methodeVerification: 'VAT',
        numeroCadenas: 'C-101',
        pose: acte('Gilles Bernard'),
        retrait: null,
        herite: false,
        dependances: 1,
      },
      {
        id: 12,
        equipementPointId: null,
        repere: 'V2',
        energie: 'hydraulique',
        dispositif: 'Vanne',
        positionRequise: 'Fermée',
        moyenCondamnation: null,
        methodeVerification: null,
        numeroCadenas: null,
        pose: null,
        retrait: null,
        herite: false,
        dependances: 1,
      },
    ],
    cadenas: [
      {
        id: 31,
        utilisateurId: 5,
        nom: 'Gilles Bernard',
        numero: 'P-7',
        pose: acte('Gilles Bernard', '2026-11-24T08:20:00Z'),
        retrait: null,
        retraitAbsent: null,
      },
    ],
    attestations: [
      {
        id: 51,
        numero: 17,
        type: 'premiere_etape',
        libelle: 'Attestation de première étape de consignation',
        par: acte('Gilles Bernard', '2026-11-24T08:10:00Z'),
        hash: '0123456789abcdef0123',
      },
    ],
    avisFinTravail: [],
    transitions: [
      { etat: 'travaux_autorises', libelle: 'Travaux autorisés', code: 'TSN', autorisee: true, raison: null },
      {
        etat: 'deconsignation_demandee',
        libelle: 'Déconsignation demandée',
        code: 'DS',
        autorisee: false,
        raison: 'Déconsignation impossible : aucun avis de fin de travail signé.',
      },
    ],
    consigneeAt: '2026-11-24T08:10:00Z',
    deconsigneeAt: null,
    abilities: { read: true, create: true, update: true, delete: true },
    ...overrides,
  };
}
