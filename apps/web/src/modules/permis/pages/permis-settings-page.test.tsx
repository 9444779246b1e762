import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionFixture } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { stubServer } from '../../../test/stub-server.ts';
import { SessionGate } from '../../auth/index.ts';
import { PermisSettingsPage, settingErrors } from './permis-settings-page.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('settingErrors (the fire watch settings a person may save)', () => {
  it.each([
    { name: 'the SSIAP defaults', v: { surveillanceMinutes: 120, controleIntervalleMinutes: 30, validiteHeures: 8 }, want: {} },
    { name: 'an interval equal to the watch', v: { surveillanceMinutes: 60, controleIntervalleMinutes: 60, validiteHeures: 72 }, want: {} },
    {
      name: 'an interval longer than the watch',
      v: { surveillanceMinutes: 60, controleIntervalleMinutes: 90, validiteHeures: 1 },
      want: { controleIntervalleMinutes: 'intervalTooLong' },
    },
    {
      name: 'a watch too short',
      v: { surveillanceMinutes: 10, controleIntervalleMinutes: 5, validiteHeures: 8 },
      want: { surveillanceMinutes: 'range' },
    },
    {
      name: 'an interval too long for the bounds',
      v: { surveillanceMinutes: 600, controleIntervalleMinutes: 150, validiteHeures: 8 },
      want: { controleIntervalleMinutes: 'range' },
    },
    {
      name: 'empty and decimal fields',
      v: { surveillanceMinutes: '', controleIntervalleMinutes: 7.5, validiteHeures: 8 },
      want: { surveillanceMinutes: 'range', controleIntervalleMinutes: 'range' },
    },
    {
      name: 'a default validity of 0 hours',
      v: { surveillanceMinutes: 120, controleIntervalleMinutes: 30, validiteHeures: 0 },
      want: { validiteHeures: 'range' },
    },
    {
      name: 'a default validity over 72 hours',
      v: { surveillanceMinutes: 120, controleIntervalleMinutes: 30, validiteHeures: 73 },
      want: { validiteHeures: 'range' },
    },
    {
      name: 'a decimal default validity',
      v: { surveillanceMinutes: 120, controleIntervalleMinutes: 30, validiteHeures: 8.5 },
      want: { validiteHeures: 'range' },
    },
  ])('$name', ({ v, want }) => {
    expect(settingErrors(v)).toEqual(want);
  });
});

function renderPage() {
  renderWithProviders(
    <SessionGate>
      <PermisSettingsPage />
    </SessionGate>,
  );
}

describe('PermisSettingsPage (/app/parametres-permis)', () => {
  it('edits the fire watch, refuses an interval longer than the watch, and saves after confirmation', async () => {
    const calls = stubServer({
      'GET /api/getConnectedUser': () => sessionFixture(),
      'GET /api/v2/permis/settings/get': () => ({ surveillanceMinutes: 120, controleIntervalleMinutes: 30, validiteHeures: 8 }),
      'PUT /api/v2/permis/settings/update': (c) => c.body,
    });
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Permis et surveillance incendie' })).toBeInTheDocument();
    const duree = await screen.findByRole('textbox', { name: 'Durée de la surveillance après travaux (minutes)' });
    const intervalle = screen.getByRole('textbox', { name: 'Intervalle entre deux contrôles (minutes)' });
    expect(duree).toHaveValue('120');
    expect(screen.getByText('Soit 4 contrôles par surveillance.')).toBeInTheDocument();

    fireEvent.change(duree, { target: { value: '60' } });
    fireEvent.change(intervalle, { target: { value: '90' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText("L'intervalle ne peut pas dépasser la durée de la surveillance.")).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    fireEvent.change(intervalle, { target: { value: '15' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enregistrer les paramètres des permis ?' });
    expect(dialog).toHaveTextContent('60 minutes avec un contrôle toutes les 15 minutes');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
        surveillanceMinutes: 60,
        controleIntervalleMinutes: 15,
        validiteHeures: 8,
      }),
    );
    expect(await screen.findByText('Paramètres des permis enregistrés')).toBeInTheDocument();
  });

  it('edits the default validity of a permit (1 to 72 hours) and says it before saving', async () => {
    const calls = stubServer({
      'GET /api/getConnectedUser': () => sessionFixture(),
      'GET /api/v2/permis/settings/get': () => ({ surveillanceMinutes: 120, controleIntervalleMinutes: 30, validiteHeures: 8 }),
      'PUT /api/v2/permis/settings/update': (c) => c.body,
    });
    renderPage();
    const validite = await screen.findByRole('textbox', { name: "Validité par défaut d'un permis (heures)" });
    expect(validite).toHaveValue('8');
    expect(screen.getByText(/Un permis de feu garde sa règle/)).toBeInTheDocument();
    fireEvent.change(validite, { target: { value: '80' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Nombre entier de 1 à 72.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    fireEvent.change(validite, { target: { value: '24' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enregistrer les paramètres des permis ?' });
    expect(dialog).toHaveTextContent('Un nouveau permis enregistré sans fin sera valable 24 heures.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
        surveillanceMinutes: 120,
        controleIntervalleMinutes: 30,
        validiteHeures: 24,
      }),
    );
  });

  it('is read-only for a person who may not change the company settings', async () => {
    stubServer({
      'GET /api/getConnectedUser': () => sessionFixture({ role: 'manager', rules: [{ action: 'read', subject: 'EntrepriseSetting' }] }),
      'GET /api/v2/permis/settings/get': () => ({ surveillanceMinutes: 120, controleIntervalleMinutes: 30, validiteHeures: 8 }),
    });
    renderPage();
    expect(await screen.findByText('Lecture seule : seuls les administrateurs modifient ces paramètres.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Enregistrer' })).not.toBeInTheDocument();
  });

  it('offers to retry when the settings cannot be read', async () => {
    stubServer({
      'GET /api/getConnectedUser': () => sessionFixture(),
      'GET /api/v2/permis/settings/get': () => new Response('{"message":"Service indisponible"}', { status: 503 }),
    });
    renderPage();
    expect(await screen.findByRole('button', { name: 'Réessayer' })).toBeInTheDocument();
  });
});
