import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import type { ProcessData } from '../process.queries.ts';
import { StepTimeRules } from './step-time-rules.tsx';

// Only what the rules read of a process: its steps' settings, its window and its steps' validations.
const process = (config: Record<string, unknown>) =>
  ({
    dateDebut: '2026-11-24T13:30:00.000Z',
    dateFin: '2026-11-24T17:00:00.000Z',
    steps: [{ id: 5, nom: 'Surveillance', ordre: 2, config }],
    processDetails: [{ etapeId: 4, isValid: true, dateRealise: '2026-11-24T12:00:00.000Z', etat: 3, saved: true }],
  }) as unknown as ProcessData;

describe('StepTimeRules', () => {
  it('says from and until when the step may be signed, in Paris time', () => {
    renderWithProviders(
      <StepTimeRules process={process({ timeRules: { afterStart: true, beforeEnd: true, minutesAfterPrevious: 60 } })} etapeId={5} />,
    );
    expect(screen.getByText('Règles de temps de cette étape')).toBeInTheDocument();
    expect(screen.getByText('Signature possible à partir du 24/11/26 à 14:30 (début du processus).')).toBeInTheDocument();
    expect(screen.getByText('Signature possible jusqu’au 24/11/26 à 18:00 (fin du processus).')).toBeInTheDocument();
    expect(screen.getByText('Signature possible à partir du 24/11/26 à 14:00 (60 min après la signature précédente).')).toBeInTheDocument();
  });

  it('shows nothing for a step without rules', () => {
    renderWithProviders(<StepTimeRules process={process({})} etapeId={5} />);
    expect(screen.queryByText('Règles de temps de cette étape')).not.toBeInTheDocument();
  });
});
