import { SUCCESS_MESSAGE } from '@app/contracts';
import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render.tsx';
import { notifyError, notifySuccess } from './notify.ts';

describe('notifications', () => {
  it('have a close button that says what it does', async () => {
    renderWithProviders(<div />);
    act(() => notifySuccess());
    expect(await screen.findByText(SUCCESS_MESSAGE)).toBeInTheDocument();
    act(() => notifyError(new Error('Panne')));
    expect(await screen.findByText('Panne')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Fermer' })).toHaveLength(2);
  });
});
