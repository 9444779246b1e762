import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { codesFixture, registreRowFixture } from '../../../test/consignation-fixtures.ts';
import { sessionFixture } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { stubServer } from '../../../test/stub-server.ts';
import { SessionGate } from '../../auth/index.ts';
import { RegistrePage, registreQueryOf } from './registre-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const mere = registreRowFixture(1, {
  nomProcess: 'Arrêt annuel transformateur T2',
  typeConsignation: 2,
  nameConsignation: 'Consignation mère',
  cadenasPoses: 2,
  cadenasTotal: 3,
  points: 4,
  attestationNumero: 17,
  filles: [
    { processId: 2, numero: 200, etat: 'en_cours', ouverte: true },
    { processId: 3, numero: 300, etat: 'deconsignee', ouverte: false },
  ],
});
const sequencee = registreRowFixture(4, {
  nomProcess: 'Pompe de relevage P12',
  etat: 'interrompue',
  etatLibelle: 'Travaux interrompus',
  code: 'IT',
  codeLibelle: 'Interruption de travail',
  couleur: '#f08c00',
  icone: 'player-pause',
  sequenced: true,
});

function setup(items = [mere, sequencee], total: { total: number; totalExact: boolean } = { total: items.length, totalExact: true }) {
  const calls = stubServer({
    'GET /api/getConnectedUser': () => sessionFixture(),
    'GET /api/v2/registre_code/get': () => codesFixture(),
    'GET /api/v2/consignation/get_by_paging': () => ({ items, ...total, offset: 0, perPage: 20 }),
    'GET /api/v2/equipement/options': () => [{ id: 9, libelle: 'TGBT atelier', chemin: 'Site › Atelier' }],
  });
  renderWithProviders(
    <SessionGate>
      <Routes>
        <Route path="/app/registre-consignations" element={<RegistrePage />} />
        <Route path="/app/processus/:id" element={<p>Écran du processus</p>} />
      </Routes>
    </SessionGate>,
    { route: '/app/registre-consignations' },
  );
  const registreCalls = () => calls.filter((c) => c.url.startsWith('/api/v2/consignation/get_by_paging'));
  return { calls, registreCalls };
}

describe('registreQueryOf (the filters as the API reads them)', () => {
  it.each([
    { name: 'no filter: the page only', f: {}, want: { offset: 0, perPage: 20 } },
    {
      name: 'every filter',
      f: { code: 'CS', type: '7', equipementId: 9, du: '2026-11-01', au: '2026-11-30 00:00:00', ouvertes: true },
      want: {
        offset: 0,
        perPage: 20,
        code: 'CS',
        typeConsignation: 7,
        equipementId: 9,
        du: '2026-11-01',
        au: '2026-11-30',
        ouvertes: 'true',
      },
    },
  ])('$name', ({ f, want }) => {
    const none = { code: null, type: null, equipementId: null, du: null, au: null, ouvertes: false };
    expect(registreQueryOf({ ...none, ...f }, 0, 20)).toEqual(want);
  });
});

describe('RegistrePage (/app/registre-consignations)', () => {
  it('shows each lockout with its company chip, type, padlocks, points, attestation and the « Séquencé » marker', async () => {
    setup();
    const table = await screen.findByRole('table', { name: 'Registre des consignations' });
    const row = await within(table).findByRole('row', { name: /Arrêt annuel transformateur T2/ });
    expect(within(row).getByText('CS — Consigné')).toBeInTheDocument();
    expect(within(row).getByText('Consignation mère')).toBeInTheDocument();
    expect(within(row).getByText('2 cadenas posés sur 3')).toBeInTheDocument();
    expect(within(row).getByText('17')).toBeInTheDocument();
    expect(within(row).getByText('24/11/26 → 26/11/26')).toBeInTheDocument();
    const other = within(table).getByRole('row', { name: /Pompe de relevage P12/ });
    expect(within(other).getByText('IT — Interruption de travail')).toBeInTheDocument();
    expect(within(other).getByText('Séquencé')).toBeInTheDocument();
    expect(screen.getByText('2 consignations')).toBeInTheDocument();
  });

  it('says « plus de » when the register holds more lockouts than it counts exactly', async () => {
    setup([mere, sequencee], { total: 10_000, totalExact: false });
    expect(await screen.findByText(/^plus de 10\s000 consignations$/)).toBeInTheDocument();
  });

  it('writes an exact total past ten thousand with its thousands separated', async () => {
    setup([mere, sequencee], { total: 71_438, totalExact: true });
    expect(await screen.findByText(/^71\s438 consignations$/)).toBeInTheDocument();
  });

  it('expands a mother to its daughters (their state as the company names it) and folds them back', async () => {
    setup();
    const toggle = await screen.findByRole('button', { name: 'Consignations filles de N° 1 (2)' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('Fille N° 2 de N° 1')).not.toBeInTheDocument();
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const fille = screen.getByRole('row', { name: /Fille N° 2 de N° 1/ });
    expect(within(fille).getByText('TS — Travaux en cours sous consignation')).toBeInTheDocument();
    expect(within(fille).getByText('Ouverte')).toBeInTheDocument();
    const closed = screen.getByRole('row', { name: /Fille N° 3 de N° 1/ });
    expect(within(closed).getByText('DECONS — Déconsigné')).toBeInTheDocument();
    // The toggle does not open the mother's process.
    expect(screen.queryByText('Écran du processus')).not.toBeInTheDocument();
    fireEvent.click(toggle);
    expect(screen.queryByText('Fille N° 2 de N° 1')).not.toBeInTheDocument();
  });

  it('opens the process of a row', async () => {
    setup();
    fireEvent.click(await screen.findByRole('link', { name: 'Pompe de relevage P12' }));
    expect(await screen.findByText('Écran du processus')).toBeInTheDocument();
  });

  it('filters by code and type, and says when nothing matches', async () => {
    const { registreCalls } = setup([]);
    expect(await screen.findByText('Aucune consignation au registre.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('combobox', { name: 'Code du registre' }));
    fireEvent.click(await screen.findByRole('option', { name: 'CS — Consigné' }));
    fireEvent.click(screen.getByRole('combobox', { name: 'Type de consignation' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Consignation fille' }));
    await waitFor(() => expect(registreCalls().at(-1)?.url).toContain('code=CS'));
    expect(registreCalls().at(-1)?.url).toContain('typeConsignation=7');
    expect(await screen.findByText('Aucune consignation ne correspond à ces filtres.')).toBeInTheDocument();
  });
});
