import { describe, expect, it } from 'vitest';
import { MENTION_LEGALE, type TitrePrint, titreDocDefinition, titreFileName } from './titre-pdf.ts';

const titre: TitrePrint = {
  numero: 'TH-2026-004',
  entreprise: 'Acme Énergie',
  titulaire: { nom: 'Élodie Martin', fonction: 'Électricienne', service: 'Maintenance' },
  dateDelivrance: '2026-11-25',
  dateRecyclage: '2029-11-25',
  lignes: [
    { symbole: 'BC', libelle: 'Chargé de consignation BT', domaine: 'BT', portee: 'Poste TGBT — Atelier 2', recyclage: '2029-11-25' },
    { symbole: 'B2V', libelle: 'Chargé de travaux BT au voisinage', domaine: 'BT', portee: 'Tout le site', recyclage: null },
  ],
  restrictions: 'Pas de travaux sous tension',
  observations: null,
  formation: 'Formation B2V BC du 02/11/26 (APAVE), avis favorable',
  employeur: { nom: 'Paul Durand', at: '2026-11-25T09:30:00.000Z', image: null },
  titulaireSignature: null,
  revoque: null,
};

const textOf = (node: unknown): string => JSON.stringify(node);

describe('titreDocDefinition (the printed title)', () => {
  const doc = titreDocDefinition(titre);
  const all = textOf(doc.content);

  it('names the employer, the holder and the dates', () => {
    expect(all).toContain('Acme Énergie');
    expect(all).toContain('Élodie Martin');
    expect(all).toContain('Fonction : Électricienne');
    expect(all).toContain('Délivré le 25/11/26');
    expect(all).toContain('Recyclage avant le 25/11/29');
  });
  it('lists each symbol with its scope', () => {
    expect(all).toContain('"BC"');
    expect(all).toContain('Poste TGBT — Atelier 2');
    expect(all).toContain('Tout le site');
  });
  it('shows who signed (Paris time) and what is not signed yet', () => {
    expect(all).toContain('Paul Durand, le 25/11/26 à 10:30');
    expect(all).toContain('Non signé');
  });
  it('carries restrictions, the training and the legal mention', () => {
    expect(all).toContain('Pas de travaux sous tension');
    expect(all).toContain('avis favorable');
    expect(MENTION_LEGALE).toContain('R4544-9 à R4544-11');
    expect(MENTION_LEGALE).toContain('NF C18-510');
    expect(all).toContain('R4544-9');
  });
  it('says a revoked title is revoked', () => {
    const revoked = textOf(titreDocDefinition({ ...titre, revoque: { at: '2026-12-01T10:00:00Z', motif: 'Changement de poste' } }).content);
    expect(revoked).toContain('TITRE RÉVOQUÉ le 01/12/26 : Changement de poste');
    expect(all).not.toContain('RÉVOQUÉ');
  });
  it('names the file without accents or spaces', () => {
    expect(titreFileName(titre)).toBe('titre-habilitation-th-2026-004-elodie-martin.pdf');
  });
});
