import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { matrixRowsOf } from '../habilitation-matrix.util.ts';
import { countStatuses } from '../habilitation-status.ts';
import { HabilitationMatrix } from './habilitation-matrix.tsx';
import { StatusLegend } from './status-badge.tsx';

const cell = (
  habilitationId: number,
  code: string,
  etat: 'valide' | 'expire_bientot' | 'expire',
  dateEcheance: string,
  etatTitre: 'signe' | 'brouillon' = 'signe',
) => ({
  habilitationId,
  code,
  detentionId: habilitationId * 10,
  titreId: 1,
  numero: 'TH-1',
  etatTitre,
  dateObtention: '2024-01-15',
  dateEcheance,
  etat,
});
const matrix = {
  symboles: [
    { id: 1, code: 'B0', libelle: 'Non électricien' },
    { id: 2, code: 'BC', libelle: 'Chargé de consignation' },
    { id: 3, code: 'BR', libelle: 'Intervention générale' },
  ],
  items: [
    {
      utilisateurId: 7,
      nom: 'Martin',
      prenom: 'Élodie',
      entrepriseId: 2,
      entreprise: 'Acme',
      serviceId: 1,
      service: 'Maintenance',
      medical: { validUntil: '2030-01-01', etat: 'valide' as const },
      cellules: [cell(2, 'BC', 'expire', '2026-10-01'), cell(3, 'BR', 'expire_bientot', '2026-12-20')],
    },
    {
      utilisateurId: 8,
      nom: 'Petit',
      prenom: 'Louis',
      entrepriseId: 2,
      entreprise: 'Acme',
      serviceId: null,
      service: null,
      medical: { validUntil: null, etat: 'absente' as const },
      cellules: [cell(1, 'B0', 'valide', '2028-01-01'), cell(2, 'BC', 'valide', '2028-01-01')],
    },
  ],
  total: 2,
  offset: 0,
  perPage: 50,
  entreprises: [],
};
const catalogue = [
  { id: 1, medicalRequis: false },
  { id: 2, medicalRequis: true },
  { id: 3, medicalRequis: true },
];

describe('the habilitation matrix', () => {
  it('says each cell in words (not by colour only), with its dates, and leaves a symbol not held as a dash', () => {
    const onOpen = vi.fn();
    const rows = matrixRowsOf(matrix, catalogue);
    renderWithProviders(<HabilitationMatrix symboles={matrix.symboles} rows={rows} onOpenPerson={onOpen} />);
    const table = screen.getByRole('table', { name: 'Habilitations par personne et par symbole' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Personne', 'B0', 'BC', 'BR']);
    expect(
      screen.getByRole('button', {
        name: 'Élodie Martin, BC : Expiré · obtenu le 15/01/24 · recyclage avant le 01/10/26 · attestation médicale jusqu’au 01/01/30'.replace(
          '’',
          "'",
        ),
      }),
    ).toHaveAttribute('data-status', 'expire');
    expect(screen.getByRole('button', { name: /^Élodie Martin, BR : Expire bientôt/ })).toHaveAttribute('data-status', 'bientot');
    // B0 needs no medical attestation (décret 2025-355); BC does.
    expect(screen.getByRole('button', { name: /^Louis Petit, B0 : Valide/ })).toHaveAttribute('data-status', 'valide');
    expect(
      screen.getByRole('button', { name: /^Louis Petit, BC : Attestation médicale manquante.*aucune attestation médicale$/ }),
    ).toHaveAttribute('data-status', 'medical');
    expect(screen.getByLabelText('B0 : non détenu')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Voir les habilitations de Louis Petit' }));
    expect(onOpen).toHaveBeenCalledWith(8);
  });

  it('lists each status of the legend with its count', () => {
    const rows = matrixRowsOf(matrix, catalogue);
    const counts = countStatuses(rows.flatMap((r) => Object.values(r.cells).flatMap((c) => (c ? [c.status] : []))));
    renderWithProviders(<StatusLegend counts={counts} />);
    const legend = screen.getByRole('list', { name: 'Légende des états' });
    const items = within(legend)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items[0]).toMatch(/^Valide \(1\)/);
    expect(items).toContainEqual(expect.stringMatching(/^Expiré \(1\)/));
    expect(items).toContainEqual(expect.stringMatching(/^Attestation médicale manquante \(1\)/));
    expect(items).toContainEqual(expect.stringMatching(/^Expire bientôt \(1\)/));
  });

  it('keeps the better holding when a symbol is on two titles (a signed one and its renewal in draft)', () => {
    const twice = {
      ...matrix,
      items: [
        { ...matrix.items[0], cellules: [cell(2, 'BC', 'expire', '2026-10-01'), cell(2, 'BC', 'valide', '2029-11-25', 'brouillon')] },
      ],
    };
    expect(matrixRowsOf(twice, catalogue)[0].cells.BC?.status).toBe('attente');
  });
});
