import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { Link, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../lib/i18n.ts';
import { sessionFixture } from '../../test/fixtures.ts';
import { matchMediaStub } from '../../test/media.ts';
import { renderWithProviders, type TestRoute } from '../../test/render.tsx';
import { stubServer } from '../../test/stub-server.ts';
import { PageHeader } from '../../ui/page-header.tsx';
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

/** A screen whose heading comes with its data: shown once `released` resolves. */
function SlowScreen({ released }: { released: Promise<void> }) {
  const [ready, setReady] = useState(false);
  useEffect(() => void released.then(() => setReady(true)), [released]);
  return ready ? <PageHeader title="Processus chargé" /> : <p>Chargement du processus</p>;
}

function renderAt(route: TestRoute, session = technicien, slowProcess?: Promise<void>) {
  stubServer({ 'GET /api/getConnectedUser': () => session });
  renderWithProviders(
    <Routes>
      <Route path="/app" element={<AppLayout />}>
        <Route index element={<PageHeader title="Accueil" />} />
        <Route path="utilisateurs" element={<p>Écran des utilisateurs</p>} />
        <Route path="listes/:variant" element={<PageHeader title="Écran de la liste" />} />
        <Route
          path="processus"
          element={
            <>
              <PageHeader title="Processus" />
              <Link to="/app/processus/12">Ouvrir le processus 12</Link>
            </>
          }
        />
        <Route path="processus/:id" element={slowProcess ? <SlowScreen released={slowProcess} /> : <p>Écran du processus</p>} />
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
    // Built when the menu first opens (off screen until then). The burger is found by its name: jsdom applies
    // Mantine's `hiddenFrom` rule whatever the width.
    expect(within(menu).queryByRole('combobox', { name: 'Logiciel' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByLabelText('Afficher ou masquer le menu'));
    expect(await within(menu).findByRole('combobox', { name: 'Logiciel' })).toHaveValue('Mes consignations');
    expect(await within(menu).findByRole('combobox', { name: 'Langue' })).toBeInTheDocument();
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

describe('AppLayout for the keyboard and screen readers', () => {
  const focusable = () =>
    Array.from(document.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])')).filter(
      (e) => !e.hasAttribute('disabled'),
    );

  it('offers « Aller au contenu » as the first Tab stop; it moves the focus to the main content', async () => {
    renderAt('/app/listes/MES_CONSIGNATIONS');
    await screen.findByRole('heading', { name: 'Écran de la liste', level: 1 });
    const skip = screen.getByRole('link', { name: 'Aller au contenu' });
    expect(focusable()[0]).toBe(skip);
    fireEvent.click(skip);
    expect(screen.getByRole('main')).toHaveFocus();
    expect(screen.getByRole('main')).toContainElement(screen.getByRole('heading', { level: 1 }));
  });

  it('has each landmark once: banner, main menu, main', async () => {
    renderAt('/app/listes/MES_CONSIGNATIONS');
    await screen.findByRole('heading', { name: 'Écran de la liste', level: 1 });
    expect(screen.getAllByRole('banner')).toHaveLength(1);
    expect(screen.getAllByRole('navigation')).toHaveLength(1);
    expect(screen.getAllByRole('main')).toHaveLength(1);
  });

  it('makes a menu group a button that opens and closes from the keyboard, naming what it controls', async () => {
    const admin = sessionFixture({
      role: 'admin',
      menuItems: [
        item('accueil', 'Accueil', 0),
        item('administration', 'Administration', 1),
        { ...item('utilisateurs', 'Utilisateurs', 2), parentId: 'administration' },
      ],
    });
    renderAt('/app/utilisateurs', admin);
    const group = await screen.findByRole('button', { name: 'Administration' });
    expect(group.tagName).toBe('BUTTON');
    expect(group).toHaveAttribute('aria-expanded', 'true');
    const controlled = document.getElementById(group.getAttribute('aria-controls') ?? '');
    expect(controlled).toContainElement(screen.getByRole('link', { name: 'Utilisateurs' }));
    // Space is handled by the menu itself; Enter is the button's click.
    fireEvent.keyDown(group, { key: ' ', code: 'Space' });
    expect(group).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(group);
    expect(group).toHaveAttribute('aria-expanded', 'true');
  });

  it('names the page after the screen: « <titre> · Sécurité des sites »', async () => {
    renderAt('/app/listes/MES_CONSIGNATIONS');
    await screen.findByRole('heading', { name: 'Écran de la liste', level: 1 });
    expect(document.title).toBe('Écran de la liste · Sécurité des sites');
    fireEvent.click(screen.getByRole('link', { name: 'Accueil' }));
    await screen.findByRole('heading', { name: 'Accueil', level: 1 });
    expect(document.title).toBe('Accueil · Sécurité des sites');
  });

  it('names a refused screen « Accès refusé »', async () => {
    renderAt('/app/utilisateurs');
    await screen.findByRole('heading', { name: 'Accès refusé' });
    expect(document.title).toBe('Accès refusé · Sécurité des sites');
  });

  it('leaves the focus alone on the first load, then puts it on the new screen’s heading after a navigation', async () => {
    renderAt('/app/listes/MES_CONSIGNATIONS');
    await screen.findByRole('heading', { name: 'Écran de la liste', level: 1 });
    expect(document.body).toHaveFocus();
    const link = screen.getByRole('link', { name: 'Accueil' });
    link.focus();
    fireEvent.click(link);
    const heading = await screen.findByRole('heading', { name: 'Accueil', level: 1 });
    expect(heading).toHaveFocus();
    expect(heading).toHaveAttribute('tabindex', '-1');
  });

  it('waits for a heading that comes with the screen’s data', async () => {
    let resolve = () => {};
    const promise = new Promise<void>((r) => {
      resolve = r;
    });
    renderAt('/app/processus', technicien, promise);
    await screen.findByRole('heading', { name: 'Processus', level: 1 });
    const row = screen.getByRole('link', { name: 'Ouvrir le processus 12' });
    row.focus();
    fireEvent.click(row);
    expect(await screen.findByText('Chargement du processus')).toBeInTheDocument();
    resolve();
    const heading = await screen.findByRole('heading', { name: 'Processus chargé', level: 1 });
    await waitFor(() => expect(heading).toHaveFocus());
  });
});
