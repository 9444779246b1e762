import type { Matrix, Symbole } from '@app/contracts';
import type { MatrixRow } from './components/habilitation-matrix.tsx';
import { cellStatus } from './habilitation-status.ts';

/**
 * The matrix rows as the screen shows them: one cell per held symbol (the most favourable holding when a person holds
 * a symbol on two titles, e.g. a signed one and its renewal in draft), each with its status. Whether a symbol needs a
 * medical attestation comes from the catalogue (unknown: needs one, the safe side).
 */
export function matrixRowsOf(matrix: Matrix, catalogue: Pick<Symbole, 'id' | 'medicalRequis'>[]): MatrixRow[] {
  const medicalRequis = new Map(catalogue.map((s) => [s.id, s.medicalRequis]));
  const rank = { valide: 0, bientot: 1, attente: 2, medical: 3, expire: 4, revoque: 5 } as const;
  return matrix.items.map((r) => {
    const cells: MatrixRow['cells'] = {};
    for (const c of r.cellules) {
      const status = cellStatus({
        etat: c.etat,
        etatTitre: c.etatTitre,
        dateEcheance: c.dateEcheance,
        medicalRequis: medicalRequis.get(c.habilitationId) ?? true,
        medical: r.medical,
      });
      const cell = {
        ...status,
        titreId: c.titreId,
        numero: c.numero,
        dateObtention: c.dateObtention,
        dateEcheance: c.dateEcheance,
        medicalValidUntil: r.medical?.validUntil ?? null,
      };
      const before = cells[c.code];
      if (!before || rank[cell.status] < rank[before.status]) cells[c.code] = cell;
    }
    return {
      utilisateurId: r.utilisateurId,
      nom: `${r.prenom} ${r.nom}`.trim(),
      service: r.service,
      entreprise: r.entreprise,
      cells,
    };
  });
}
