import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { codesFixture } from '../../../test/consignation-fixtures.ts';
import { sessionFixture } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { stubServer } from '../../../test/stub-server.ts';
import { SessionGate } from '../../auth/index.ts';
import { CodesPage, codeChanges } from './codes-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const cs = codesFixture()[0];

describe('codeChanges (only what changed is sent)', () => {
  it.each([
    { name: 'nothing changed: nothing to send', draft: {}, want: null },
    { name: 'the label, trimmed', draft: { libelle: ' Consigné (CS) ' }, want: { code: 'CS', libelle: 'Consigné (CS)' } },
    { name: 'the colour, case aside', draft: { couleur: '#1971C2' }, want: null },
    {
      name: 'colour, icon, terminal and state',
      draft: { couleur: '#000091', icone: 'lock-square', terminal: true, etat: 'deconsignee' as const },
      want: { code: 'CS', couleur: '#000091', icone: 'lock-square', terminal: true, etat: 'deconsignee' },
    },
  ])('$name', ({ draft, want }) => {
    expect(
      codeChanges(cs, { libelle: cs.libelle, couleur: cs.couleur, icone: cs.icone, terminal: cs.terminal, etat: cs.etat, ...draft }),
    ).toEqual(want);
  });
});

function setup(role: 'admin' | 'responsable' = 'admin') {
  const session =
    role === 'admin' ? sessionFixture() : sessionFixture({ role: 'user', rules: [{ action: 'read', subject: 'EntrepriseSetting' }] });
  const calls = stubServer({
    'GET /api/getConnectedUser': () => session,
    // Three codes: enough for these cases, and each card is a form of its own (a light render on a busy machine).
    'GET /api/v2/registre_code/get': () => codesFixture().filter((c) => ['CS', 'TSN', 'DS'].includes(c.code)),
    'PUT /api/v2/registre_code/update': (c) => ({ ...cs, ...(c.body as object) }),
  });
  renderWithProviders(
    <SessionGate>
      <CodesPage />
    </SessionGate>,
  );
  return calls;
}

describe('CodesPage (/app/codes-registre)', () => {
  it('edits a code with its chip previewed, confirms, then sends only the changes', async () => {
    const calls = setup();
    const card = await screen.findByRole('region', { name: 'CS' });
    expect(within(card).getByText('CS — Consigné')).toBeInTheDocument();
    const save = within(card).getByRole('button', { name: 'Enregistrer CS' });
    expect(save).toBeDisabled();
    fireEvent.change(within(card).getByRole('textbox', { name: /Libellé/ }), { target: { value: 'Consigné, attestation remise' } });
    expect(within(card).getByText('CS — Consigné, attestation remise')).toBeInTheDocument();
    fireEvent.click(within(card).getByRole('switch', { name: /Code terminal/ }));
    fireEvent.click(save);
    const dialog = await screen.findByRole('dialog', { name: 'Enregistrer le code CS ?' });
    expect(within(dialog).getByText('CS — Consigné, attestation remise')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
        { code: 'CS', libelle: 'Consigné, attestation remise', terminal: true },
      ]),
    );
  });

  it('refuses an empty label or a wrong colour before sending', async () => {
    setup();
    const card = await screen.findByRole('region', { name: 'TSN' });
    fireEvent.change(within(card).getByRole('textbox', { name: /Libellé/ }), { target: { value: '  ' } });
    expect(within(card).getByText('Le libellé est obligatoire (80 caractères au plus)')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Enregistrer TSN' })).toBeDisabled();
  });

  it('reads only, fields disabled and no save, for a person who may not change the settings', async () => {
    setup('responsable');
    const card = await screen.findByRole('region', { name: 'DS' });
    expect(screen.getByText('Vous pouvez consulter les codes, pas les modifier.')).toBeInTheDocument();
    expect(within(card).getByRole('textbox', { name: /Libellé/ })).toBeDisabled();
    expect(within(card).queryByRole('button', { name: 'Enregistrer DS' })).not.toBeInTheDocument();
  });
});
