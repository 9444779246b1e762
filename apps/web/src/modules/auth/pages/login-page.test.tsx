import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '../../../test/render.tsx';
import { LoginPage } from './login-page.tsx';

afterEach(() => vi.unstubAllGlobals());

function fillAndSubmit() {
  fireEvent.change(screen.getByLabelText(/Adresse e-mail/), { target: { value: 'admin@acme.demo.fr' } });
  fireEvent.change(screen.getByLabelText(/Mot de passe/), { target: { value: 'mauvais' } });
  fireEvent.click(screen.getByRole('button', { name: 'Se connecter' }));
}

describe('LoginPage', () => {
  it("shows the server's error in an alert, detail before message", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse(401, { code: 'BAD_CREDENTIALS', message: 'Message', detail: 'Identifiant ou mot de passe incorrect.' }),
      ),
    );
    renderWithProviders(<LoginPage />, { route: '/login' });
    expect(screen.getByLabelText('Se souvenir de moi')).toBeInTheDocument();
    fillAndSubmit();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Identifiant ou mot de passe incorrect.');
    expect(alert).not.toHaveTextContent('Message');
  });

  it('uses the message when there is no detail', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse(403, { code: 'COMPANY_LOCKED', message: 'Votre entreprise est verrouillée. Contactez votre administrateur.' }),
      ),
    );
    renderWithProviders(<LoginPage />, { route: '/login' });
    fillAndSubmit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Votre entreprise est verrouillée.');
  });

  it('asks for the code when the server requires MFA', async () => {
    const fetchFn = vi.fn(async () => jsonResponse(200, { message: 'ok', mfaRequired: true }));
    vi.stubGlobal('fetch', fetchFn);
    renderWithProviders(<LoginPage />, { route: '/login' });
    fillAndSubmit();
    expect(await screen.findByRole('button', { name: 'Envoyer le code' })).toBeInTheDocument();
    expect(screen.getByLabelText('Code de vérification')).toBeInTheDocument();
    await waitFor(() => expect(fetchFn).toHaveBeenCalledTimes(1));
  });
});
