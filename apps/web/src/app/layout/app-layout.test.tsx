import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../lib/i18n.ts';
import { sessionFixture } from '../../test/fixtures.ts';
import { matchMediaStub } from '../../test/media.ts';
import { renderWithProviders, type TestRoute } from '../../test/render.tsx';
import { stubServer } from '../../test/stub-server.ts';
import { AppLayout } from './app-layout.tsx';

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('fr');
});

const item = (slug: string, libelle: string, idx: number) => ({ id: slug, slug, libelle, parentId: null, idx, logiciel: null });
const technicien = sessionFixture({
  role: 'user',
  menuItems: [
    item('accueil', 'Accueil', 0),
    item('processus', 'Processus', 1),
    { ...item('mes-consignations', 'Mes consignations', 2), logiciel: 'mc' },
  ],
});

function renderAt(route: TestRoute, session = technicien) {
  stubServer({ 'GET /api/getConnectedUser': () => session });
  renderWithProviders(
    <Routes>
      <Route path="/app" element={<AppLayout />}>
        <Route path="utilisateurs" element={<p>Écran des utilisateurs</p>} />
        <Route path="listes/:variant" element={<p>Écran de la liste</p>} />
        <Route path="processus/:id" element={<p>Écran du processus</p>} />
      </Route>
    </Routes>,
    { route },
  );
}

describe('AppLayout guards the screens by the menu', () => {
  it('refuses a screen whose menu entry the person lacks, with a way back', async () => {
    renderAt('/app/utilisateurs');
    expect(await screen.findByRole('heading', { name: 'Accès refusé' })).toBeInTheDocument();
    expect(screen.queryByText('Écran des utilisateurs')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: "Retour à l'accueil" })).toHaveAttribute('href', '/app');
  });

  it('opens a list of the menu, shown in the side menu by its name', async () => {
    renderAt('/app/listes/MES_CONSIGNATIONS');
    expect(await screen.findByText('Écran de la liste')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Mes consignations' })).toHaveAttribute('href', '/app/listes/MES_CONSIGNATIONS');
  });

  it('highlights the list a process was opened from, « Processus » for a process opened directly', async () => {
    renderAt({ pathname: '/app/processus/12', state: { from: '/app/listes/MES_CONSIGNATIONS' } });
    expect(await screen.findByText('Écran du processus')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Mes consignations' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Processus' })).not.toHaveAttribute('aria-current');
  });

  it('highlights « Processus » for a process opened by its address', async () => {
    renderAt('/app/processus/12');
    expect(await screen.findByText('Écran du processus')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Processus' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Mes consignations' })).not.toHaveAttribute('aria-current');
  });

  it('lets the super admin through', async () => {
    renderAt('/app/utilisateurs', { ...technicien, isSupperAdmin: true });
    expect(await screen.findByText('Écran des utilisateurs')).toBeInTheDocument();
  });

  it('shows the texts in the language of the session', async () => {
    renderAt('/app/utilisateurs', { ...technicien, languageCode: 'en', languageCodes: ['fr', 'en'] });
    expect(await screen.findByRole('heading', { name: 'Access denied' })).toBeInTheDocument();
    // The template's menu entries are translated too.
    expect(screen.getByRole('link', { name: 'My lockouts' })).toHaveAttribute('href', '/app/listes/MES_CONSIGNATIONS');
    expect(screen.getByRole('link', { name: 'Home' })).toBeInTheDocument();
  });
});

describe('AppLayout on a phone', () => {
  const twoLogiciels = {
    ...technicien,
    logiciels: [
      { id: 1, code: 'mc' as const, libelle: 'Mes consignations' },
      { id: 2, code: 'permis' as const, libelle: 'Permis' },
    ],
    languageCodes: ['fr', 'en'],
  };
  const screenWidth = (wide: boolean) =>
    vi.stubGlobal(
      'matchMedia',
      matchMediaStub(() => wide),
    );

  it('offers the software and the language at the top of the menu, the header having no room for them', async () => {
    screenWidth(false);
    renderAt('/app/listes/MES_CONSIGNATIONS', twoLogiciels);
    const menu = await screen.findByRole('navigation', { name: 'Menu principal' });
    expect(await within(menu).findByRole('combobox', { name: 'Logiciel' })).toHaveValue('Mes consignations');
    expect(within(menu).getByRole('combobox', { name: 'Langue' })).toBeInTheDocument();
    expect(within(screen.getByRole('banner')).queryByRole('combobox', { name: 'Logiciel' })).not.toBeInTheDocument();
  });

  it('keeps them in the header on a wider screen', async () => {
    screenWidth(true);
    renderAt('/app/listes/MES_CONSIGNATIONS', twoLogiciels);
    const header = await screen.findByRole('banner');
    expect(await within(header).findByRole('combobox', { name: 'Logiciel' })).toHaveValue('Mes consignations');
    expect(
      within(screen.getByRole('navigation', { name: 'Menu principal' })).queryByRole('combobox', { name: 'Logiciel' }),
    ).not.toBeInTheDocument();
  });
});
