import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { type LockoutStep, LockoutStepInput, lockoutStepOf } from './lockout-step-input.tsx';

describe('lockoutStepOf (a step config read leniently)', () => {
  it.each([
    { config: {}, want: { roleConsignation: null, transitionConsignation: null, operationConsignation: null } },
    {
      config: { roleConsignation: 'charge_travaux', transitionConsignation: 'en_cours', operationConsignation: 'vat' },
      want: { roleConsignation: 'charge_travaux', transitionConsignation: 'en_cours', operationConsignation: 'vat' },
    },
    {
      config: { roleConsignation: 'pompier', transitionConsignation: 3, operationConsignation: 'soudure' },
      want: { roleConsignation: null, transitionConsignation: null, operationConsignation: null },
    },
  ])('$config', ({ config, want }) => {
    expect(lockoutStepOf(config)).toEqual(want);
  });
});

function Harness({ initial }: { initial: string[] }) {
  const [value, setValue] = useState<LockoutStep>({ roleConsignation: null, transitionConsignation: null, operationConsignation: null });
  const [symbols, setSymbols] = useState(initial);
  return (
    <>
      <LockoutStepInput value={value} onChange={setValue} requiredSymbols={symbols} onRequiredSymbols={setSymbols} />
      <p>{`${value.roleConsignation ?? '-'} ${value.transitionConsignation ?? '-'} ${value.operationConsignation ?? '-'} [${symbols.join(',')}]`}</p>
    </>
  );
}

describe('LockoutStepInput (a lockout workflow step’s role and state)', () => {
  it('puts the role’s symbols in the required habilitations, and sets the state reached', async () => {
    renderWithProviders(<Harness initial={['B0']} />);
    fireEvent.click(screen.getByRole('combobox', { name: /Rôle du signataire/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Chargé de consignation (BC, HC)' }));
    fireEvent.click(screen.getByRole('combobox', { name: /État atteint à la validation/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Consignée' }));
    fireEvent.click(screen.getByRole('combobox', { name: /Opération signée par l’étape/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Condamnation' }));
    expect(screen.queryByText(/corrigez le workflow/)).not.toBeInTheDocument();
    expect(screen.getByText('charge_consignation consignee condamnation [BC,HC]')).toBeInTheDocument();
  });

  it('warns when the required symbols lack the role’s', () => {
    renderWithProviders(
      <LockoutStepInput
        value={{ roleConsignation: 'charge_travaux', transitionConsignation: null, operationConsignation: null }}
        onChange={() => {}}
        requiredSymbols={['BC']}
        onRequiredSymbols={() => {}}
      />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('B2 ou B2V ou H2 ou H2V');
  });
});
