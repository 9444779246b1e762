import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../lib/i18n.ts';
import { RouteErrorPage } from './error-boundary.tsx';
import { theme } from './theme.ts';

function Broken(): never {
  throw new Error('Écran cassé');
}

describe('RouteErrorPage', () => {
  it('replaces the page with its own main, heading and title, the message and a way to reload', async () => {
    // React reports the thrown error on the console: expected here.
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const router = createMemoryRouter([{ path: '/', element: <Broken />, errorElement: <RouteErrorPage /> }]);
    render(
      <MantineProvider theme={theme} env="test">
        <I18nextProvider i18n={i18n}>
          <RouterProvider router={router} />
        </I18nextProvider>
      </MantineProvider>,
    );
    const heading = await screen.findByRole('heading', { level: 1, name: 'Une erreur inattendue est survenue' });
    expect(screen.getByRole('main')).toContainElement(heading);
    expect(screen.getByText('Écran cassé')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Recharger la page' })).toBeInTheDocument();
    expect(document.title).toBe('Une erreur inattendue est survenue · Sécurité des sites');
    consoleError.mockRestore();
  });
});
