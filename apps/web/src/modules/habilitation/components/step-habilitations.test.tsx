import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionFixture } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { stubServer } from '../../../test/stub-server.ts';
import { SessionGate } from '../../auth/index.ts';
import { StepHabilitations } from './step-habilitations.tsx';

afterEach(() => vi.unstubAllGlobals());

const render = (config: Record<string, unknown>) =>
  renderWithProviders(
    <SessionGate>
      <StepHabilitations config={config} />
    </SessionGate>,
  );

describe('StepHabilitations (the step says who may sign it before anyone tries)', () => {
  it('names the required symbols and, asked of the server, why the person may not sign', async () => {
    const calls = stubServer({
      'GET /api/getConnectedUser': () => sessionFixture(),
      'GET /api/v2/habilitation/check': () => ({
        ok: false,
        raisons: ['Habilitation BC expirée le 30/06/25 (recyclage dépassé).'],
        message: 'Habilitation requise : BC ou B2V.',
      }),
    });
    render({ habilitationsRequises: ['BC', 'B2V'] });
    expect(await screen.findByText('Habilitation BC expirée le 30/06/25 (recyclage dépassé).')).toBeInTheDocument();
    expect(screen.getByText('Signature réservée aux titulaires de BC ou B2V')).toBeInTheDocument();
    expect(screen.getByText('Vous ne pouvez pas signer cette étape :')).toBeInTheDocument();
    expect(calls.find((c) => c.url.includes('/check'))?.url).toContain('utilisateurId=1');
    expect(decodeURIComponent(calls.find((c) => c.url.includes('/check'))?.url ?? '')).toContain('codes=BC,B2V');
  });

  it('says so when the person may sign', async () => {
    stubServer({
      'GET /api/getConnectedUser': () => sessionFixture(),
      'GET /api/v2/habilitation/check': () => ({ ok: true, raisons: [], message: null }),
    });
    render({ habilitationsRequises: ['BC'] });
    expect(await screen.findByText("Votre titre d'habilitation vous permet de signer cette étape.")).toBeInTheDocument();
  });

  it('shows nothing on a step without requirement (and asks nothing)', async () => {
    const calls = stubServer({ 'GET /api/getConnectedUser': () => sessionFixture() });
    render({ habilitationsRequises: [] });
    await vi.waitFor(() => expect(calls.some((c) => c.url.includes('getConnectedUser'))).toBe(true));
    expect(screen.queryByTestId('step-habilitations')).not.toBeInTheDocument();
    expect(calls.some((c) => c.url.includes('/check'))).toBe(false);
  });
});
