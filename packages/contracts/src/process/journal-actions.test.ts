import { describe, expect, it } from 'vitest';
import { journalActionLabel } from './journal-actions.ts';

describe('journalActionLabel', () => {
  it.each([
    ['creation', 'Création'],
    ['signature-cloture', 'Signature et clôture'],
    ['cadenas-pose', 'Cadenas personnel posé'],
    ['permis-surveillance', 'Contrôle de surveillance incendie'],
    ['coactivite-cosignature', 'Co-signature de coactivité'],
    ['action-inconnue', 'action-inconnue'],
    ['toString', 'toString'],
  ])('%s → %s', (code, label) => {
    expect(journalActionLabel(code)).toBe(label);
  });
});
