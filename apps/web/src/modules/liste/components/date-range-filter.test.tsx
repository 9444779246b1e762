import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { type DateRange, DateRangeFilter } from './date-range-filter.tsx';

/** Holds the range and preset as the list page does. */
function Harness({ onChange, now }: { onChange: (r: DateRange, p: string | null) => void; now: () => Date }) {
  const [state, setState] = useState<{ range: DateRange; preset: 'current_month' | null }>({ range: {}, preset: null });
  return (
    <DateRangeFilter
      label="Début"
      range={state.range}
      preset={state.preset}
      timeZone="Europe/Paris"
      now={now}
      onChange={(range, preset) => {
        onChange(range, preset);
        setState({ range, preset: preset as 'current_month' | null });
      }}
    />
  );
}

describe('DateRangeFilter', () => {
  it('a preset fills the range in Europe/Paris; the end day shown is the last one included', async () => {
    const onChange = vi.fn();
    const now = () => new Date('2026-11-22T10:00:00Z');
    renderWithProviders(<Harness onChange={onChange} now={now} />);
    fireEvent.click(screen.getByRole('combobox', { name: 'Début — période' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Mois en cours' }));
    expect(onChange).toHaveBeenCalledWith({ from: '2026-10-31T23:00:00.000Z', to: '2026-11-30T23:00:00.000Z' }, 'current_month');
    expect(screen.getByRole('combobox', { name: 'Début — période' })).toHaveValue('Mois en cours');
    expect(screen.getByLabelText('Début — du')).toHaveValue('01/11/26');
    expect(screen.getByLabelText('Début — au')).toHaveValue('30/11/26');
  });

  it('a day typed by hand as dd/MM/yy clears the preset', () => {
    const onChange = vi.fn();
    renderWithProviders(<DateRangeFilter label="Fin" range={{}} preset="today" timeZone="Europe/Paris" onChange={onChange} />);
    expect(screen.getByLabelText('Fin — au')).toHaveAttribute('placeholder', 'jj/mm/aa');
    fireEvent.change(screen.getByLabelText('Fin — au'), { target: { value: '24/11/26' } });
    expect(onChange).toHaveBeenCalledWith({ to: '2026-11-24T23:00:00.000Z' }, null);
  });

  it('the clear button empties a day', () => {
    const onChange = vi.fn();
    renderWithProviders(
      <DateRangeFilter
        label="Début"
        range={{ from: '2026-10-31T23:00:00.000Z' }}
        preset={null}
        timeZone="Europe/Paris"
        onChange={onChange}
      />,
    );
    expect(screen.getByLabelText('Début — du')).toHaveValue('01/11/26');
    fireEvent.click(screen.getByRole('button', { name: 'Effacer' }));
    expect(onChange).toHaveBeenCalledWith({ from: undefined }, null);
  });
});
