import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render.tsx';
import { DateTimeInput, DayInput } from './date-fields.tsx';

describe('DayInput / DateTimeInput', () => {
  it('shows a day as dd/MM/yy and reads one typed so', () => {
    const onChange = vi.fn();
    renderWithProviders(<DayInput label="Date de naissance" value="1990-03-07" onChange={onChange} />);
    const input = screen.getByLabelText('Date de naissance');
    expect(input).toHaveValue('07/03/90');
    fireEvent.change(input, { target: { value: '08/03/1990' } });
    expect(onChange).toHaveBeenLastCalledWith('1990-03-08');
  });

  it('shows a date-time as dd/MM/yy HH:mm and reads one typed so (the value the create dialog sends is unchanged)', () => {
    const onChange = vi.fn();
    renderWithProviders(<DateTimeInput label="Date de début" value="2026-11-24 08:30:00" onChange={onChange} />);
    const input = screen.getByLabelText('Date de début');
    expect(input).toHaveValue('24/11/26 08:30');
    expect(input).toHaveAttribute('placeholder', 'jj/mm/aa hh:mm');
    fireEvent.change(input, { target: { value: '25/11/26 14:05' } });
    expect(onChange).toHaveBeenLastCalledWith('2026-11-25 14:05:00');
    fireEvent.click(screen.getByRole('button', { name: 'Effacer' }));
    expect(onChange).toHaveBeenLastCalledWith(null);
  });
});
