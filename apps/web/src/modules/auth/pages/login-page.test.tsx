import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { theme } from '../../../app/theme.ts';
import { jsonResponse } from '../../../test/render.tsx';
import { LoginPage } from './login-page.tsx';

afterEach(() => vi.unstubAllGlobals());

/** The page as login-main.tsx renders it: Mantine only (no i18next, no query cache, no router). */
function renderLogin(onSignedIn = vi.fn()) {
  render(
    <MantineProvider theme={theme} env="test">
      <LoginPage onSignedIn={onSignedIn} />
    </MantineProvider>,
  );
  return onSignedIn;
}

function fillAndSubmit(password = 'mauvais') {
  fireEvent.change(screen.getByLabelText(/Adresse e-mail/), { target: { value: 'admin@acme.demo.fr' } });
  fireEvent.change(screen.getByLabelText(/^Mot de passe/), { target: { value: password } });
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
    renderLogin();
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
    renderLogin();
    fillAndSubmit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Votre entreprise est verrouillée.');
  });

  it('says which field is missing without calling the server, and forgets it once the field is typed in', () => {
    const fetchFn = vi.fn();
    vi.stubGlobal('fetch', fetchFn);
    renderLogin();
    fireEvent.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(screen.getByText("L'adresse e-mail est obligatoire")).toBeInTheDocument();
    expect(screen.getByText('Le mot de passe est obligatoire')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(/Adresse e-mail/), { target: { value: 'a' } });
    expect(screen.queryByText("L'adresse e-mail est obligatoire")).not.toBeInTheDocument();
    expect(fetchFn).not.toHaveBeenCalled();
  });

  it('enters the app once signed in, with the remember-me choice sent', async () => {
    const fetchFn = vi.fn(async (_url: string, _init: RequestInit) => jsonResponse(200, { message: 'ok', mfaRequired: false }));
    vi.stubGlobal('fetch', fetchFn);
    const onSignedIn = renderLogin();
    fireEvent.click(screen.getByLabelText('Se souvenir de moi'));
    fillAndSubmit('Demo-2026!');
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledTimes(1));
    const [url, init] = fetchFn.mock.calls[0] ?? [];
    expect(url).toBe('/login');
    expect(JSON.parse(String(init?.body))).toEqual({ mail: 'admin@acme.demo.fr', password: 'Demo-2026!', rememberMe: true });
  });

  it('asks for the code when the server requires MFA', async () => {
    const fetchFn = vi.fn(async () => jsonResponse(200, { message: 'ok', mfaRequired: true }));
    vi.stubGlobal('fetch', fetchFn);
    const onSignedIn = renderLogin();
    fillAndSubmit();
    expect(await screen.findByRole('button', { name: 'Envoyer le code' })).toBeInTheDocument();
    expect(screen.getByLabelText('Code de vérification')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Vérification en deux étapes' })).toBeInTheDocument();
    await waitFor(() => expect(fetchFn).toHaveBeenCalledTimes(1));
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it('lets the keyboard reach the button that shows the password', () => {
    renderLogin();
    const toggle = screen.getByRole('button', { name: 'Afficher le mot de passe' });
    expect(toggle).not.toHaveAttribute('tabindex', '-1');
    toggle.focus();
    expect(toggle).toHaveFocus();
    fireEvent.keyDown(toggle, { key: 'Enter' });
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByLabelText(/^Mot de passe/)).toHaveAttribute('type', 'text');
  });
});
