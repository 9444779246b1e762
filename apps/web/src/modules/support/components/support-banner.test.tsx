import { rulesFor } from '@app/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionFixture } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { stubServer } from '../../../test/stub-server.ts';
import { SessionGate } from '../../auth/index.ts';
import { SupportBanner } from './support-banner.tsx';
import { SupportEnterAction } from './support-enter-action.tsx';

afterEach(() => vi.unstubAllGlobals());

const superAdmin = (support: { entrepriseId: number; companyName: string } | null) =>
  sessionFixture({
    idUser: 1,
    idCompany: support?.entrepriseId ?? 1,
    companyName: support?.companyName ?? 'Support plateforme',
    role: 'super_admin',
    isSupperAdmin: true,
    rules: rulesFor({ idUser: 1, idCompany: 1, role: 'super_admin', eu: false }),
    support: support ? { ...support, homeEntrepriseId: 1, since: '2026-11-24T08:05:00.000Z' } : null,
  });

describe('support mode in the web app', () => {
  it('shows the banner with the company and the time of entry, and « Quitter » leaves and reads the session again', async () => {
    let inSupport = true;
    const calls = stubServer({
      'GET /api/getConnectedUser': () => superAdmin(inSupport ? { entrepriseId: 10, companyName: 'Acme Énergie' } : null),
      'POST /api/v2/support/leave': () => {
        inSupport = false;
        return { message: 'Mode support quitté.', left: true };
      },
    });
    renderWithProviders(
      <SessionGate>
        <SupportBanner />
      </SessionGate>,
      { route: '/app/processus' },
    );
    const banner = await screen.findByRole('status', { name: 'Mode support' });
    expect(banner).toHaveTextContent('Mode support : vous agissez dans Acme Énergie');
    // Europe/Paris: 08:05 UTC is 09:05 in November.
    expect(banner).toHaveTextContent('(depuis le 24/11/26 à 09:05)');
    fireEvent.click(within(banner).getByRole('button', { name: 'Quitter' }));
    await waitFor(() => expect(screen.queryByRole('status', { name: 'Mode support' })).not.toBeInTheDocument());
    expect(calls.filter((c) => c.url === '/api/v2/support/leave')).toHaveLength(1);
    expect(calls.filter((c) => c.url === '/api/getConnectedUser').length).toBeGreaterThanOrEqual(2);
  });

  it('shows no banner outside support mode', async () => {
    stubServer({ 'GET /api/getConnectedUser': () => superAdmin(null) });
    renderWithProviders(
      <SessionGate>
        <p>Page</p>
        <SupportBanner />
      </SessionGate>,
    );
    expect(await screen.findByText('Page')).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Mode support' })).not.toBeInTheDocument();
  });

  it('asks for confirmation naming the company before entering it, and is not offered on his own company', async () => {
    const calls = stubServer({
      'GET /api/getConnectedUser': () => superAdmin(null),
      'POST /api/v2/support/enter': () => ({
        entrepriseId: 10,
        companyName: 'Acme Énergie',
        homeEntrepriseId: 1,
        since: '2026-11-24T08:05:00.000Z',
      }),
    });
    renderWithProviders(
      <SessionGate>
        <SupportEnterAction entreprise={{ id: 1, nom: 'Support plateforme' }} />
        <SupportEnterAction entreprise={{ id: 10, nom: 'Acme Énergie' }} />
      </SessionGate>,
    );
    const button = await screen.findByRole('button', { name: 'Intervenir dans cette entreprise : Acme Énergie' });
    expect(screen.queryByRole('button', { name: /Support plateforme/ })).not.toBeInTheDocument();
    fireEvent.click(button);
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Vous allez agir dans « Acme Énergie »');
    expect(calls.some((c) => c.url === '/api/v2/support/enter')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Intervenir dans Acme Énergie' }));
    await waitFor(() => expect(calls.some((c) => c.url === '/api/v2/support/enter')).toBe(true));
    expect(calls.find((c) => c.url === '/api/v2/support/enter')?.body).toEqual({ entrepriseId: 10 });
  });
});
