import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render.tsx';
import { FormModal } from './form-modal.tsx';

describe('FormModal', () => {
  it('is a dialog named by its title, whose title bar is not a second banner of the page', async () => {
    renderWithProviders(<header>Bandeau de l'application</header>);
    renderWithProviders(
      <FormModal opened onClose={vi.fn()} title="Nouvel utilisateur" onSubmit={vi.fn()}>
        <p>Champs</p>
      </FormModal>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Nouvel utilisateur' });
    expect(within(dialog).getByRole('button', { name: 'Fermer' })).toBeInTheDocument();
    expect(screen.getAllByRole('banner')).toHaveLength(1);
  });
});
