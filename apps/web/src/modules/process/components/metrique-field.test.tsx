import { METRIQUE_TYPES, type Metrique } from '@app/contracts';
import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { metriqueFixture } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { stubServer } from '../../../test/stub-server.ts';
import { FieldContext, type FieldContextValue } from './field-context.ts';
import { MetriqueField } from './metrique-field.tsx';
import { referenceToSave } from './reference-fields.tsx';

afterEach(() => vi.unstubAllGlobals());

const field = metriqueFixture;

function Form({
  fields,
  initial = {},
  readOnly = false,
  onValues,
}: {
  fields: Metrique[];
  initial?: Record<string, unknown>;
  readOnly?: boolean;
  onValues?: (values: Record<string, unknown>) => void;
}) {
  const [values, setValues] = useState<Record<string, unknown>>(initial);
  const ctx: FieldContextValue = {
    process: null,
    values,
    setValue: (id, v) => {
      const next = { ...values, [String(id)]: v };
      onValues?.(next);
      setValues(next);
    },
    readOnly,
    errors: {},
    language: 'fr',
    entrepriseId: 10,
    userId: 1,
    signatureDrafts: {},
    setSignatureDraft: () => {},
  };
  return (
    <FieldContext.Provider value={ctx}>
      {fields.map((f) => (
        <MetriqueField key={f.id} field={f} allFields={fields} />
      ))}
    </FieldContext.Provider>
  );
}

function stubPickers() {
  stubServer({
    'GET /api/entreprise/get_entreprises': () => [{ id: 10, nom: 'Acme Énergie' }],
    'GET /api/v2/service_modele/get': () => [{ id: 3, libelle: 'Maintenance' }],
    'GET /api/utilisateurs/get_utilisateurs/10': () => [{ id: 4, nom: 'Moreau', prenom: 'Camille', fullName: 'Camille Moreau' }],
    'GET /api/v2/workflow/get_workflows': () => [{ id: 2, libelle: 'Permis de feu' }],
  });
}

describe('MetriqueField', () => {
  it.each(METRIQUE_TYPES.map((t) => [t.code]))('renders a %s field with its name', (code) => {
    stubPickers();
    const f = field(1, `Champ ${code}`, code, {
      propertyValues: { options: [{ id: 'a', libelle: 'Option A', libelles: { en: 'Option A (en)' } }] },
      children: code === 'group' ? [field(2, 'Enfant du groupe', 'text', { parentId: 1 })] : undefined,
    });
    renderWithProviders(<Form fields={[f]} />);
    expect(screen.getAllByText(new RegExp(`Champ ${code}`)).length).toBeGreaterThan(0);
    if (code === 'group') expect(screen.getByRole('textbox', { name: 'Enfant du groupe' })).toBeInTheDocument();
  });

  it('shows a field only while its condition holds', async () => {
    stubPickers();
    const select = field(1, 'Type de travaux', 'select', {
      propertyValues: {
        options: [
          { id: 'elec', libelle: 'Travaux électriques' },
          { id: 'haut', libelle: 'Travaux en hauteur' },
        ],
      },
    });
    const conditional = field(2, 'Habilitation électrique', 'textarea', {
      conditions: [{ effect: 'show', tests: [{ metriqueId: 1, operator: 'equals', value: 'elec' }] }],
    });
    renderWithProviders(<Form fields={[select, conditional]} />);
    expect(screen.queryByRole('textbox', { name: 'Habilitation électrique' })).toBeNull();
    fireEvent.click(screen.getByRole('combobox', { name: 'Type de travaux' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Travaux électriques' }));
    expect(await screen.findByRole('textbox', { name: 'Habilitation électrique' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('combobox', { name: 'Type de travaux' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Travaux en hauteur' }));
    expect(screen.queryByRole('textbox', { name: 'Habilitation électrique' })).toBeNull();
  });

  it('renders a field of an unknown kind as a text input, and marks required fields', () => {
    renderWithProviders(<Form fields={[field(1, 'Champ mystère', 'mystere', { required: true })]} initial={{ 1: 'abc' }} />);
    const input = screen.getByRole('textbox', { name: /Champ mystère/ });
    expect(input).toHaveValue('abc');
    expect(input).toHaveAttribute('aria-required', 'true');
    fireEvent.change(input, { target: { value: 'xyz' } });
    expect(input).toHaveValue('xyz');
  });

  it('shows option labels in the session language and leaves excluded ids out', () => {
    const f = field(1, 'Décision', 'radio', {
      propertyValues: {
        options: [
          { id: 'oui', libelle: 'Oui', libelles: { fr: 'Oui, accordé' } },
          { id: 'non', libelle: 'Non' },
        ],
        excludedIds: ['non'],
      },
    });
    renderWithProviders(<Form fields={[f]} />);
    expect(screen.getByRole('radio', { name: 'Oui, accordé' })).toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: 'Non' })).toBeNull();
  });

  it('reads a signed decision as text, not as faint disabled radios', () => {
    const decision = field(1, 'Décision', 'radio', {
      propertyValues: {
        options: [
          { id: 'ok', libelle: 'Permis accordé' },
          { id: 'ko', libelle: 'Permis refusé' },
        ],
      },
    });
    const fields = [
      decision,
      field(2, 'Travaux terminés', 'checkbox'),
      field(3, 'Observations', 'textarea'),
      field(4, 'Date de début', 'date'),
      field(5, 'Mesures', 'checkbox_options', {
        propertyValues: {
          options: [
            { id: 1, libelle: 'Extincteur' },
            { id: 2, libelle: 'Bâche' },
          ],
        },
      }),
      field(6, 'Durée', 'number', { propertyValues: { unit: 'h' } }),
      field(7, 'Entreprise', 'company'),
    ];
    renderWithProviders(
      <Form
        readOnly
        fields={fields}
        initial={{ 1: 'ok', 2: true, 3: 'Ligne 1\nLigne 2', 4: '2026-11-24', 5: [1, 2], 6: 2.5, 7: { id: 3, libelle: 'Gamma Services' } }}
      />,
    );
    expect(screen.queryAllByRole('radio')).toHaveLength(0);
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
    expect(screen.queryAllByRole('textbox')).toHaveLength(0);
    expect(screen.getByRole('group', { name: 'Décision' })).toHaveTextContent('Permis accordé');
    expect(screen.getByRole('group', { name: 'Décision' })).not.toHaveTextContent('Permis refusé');
    expect(screen.getByRole('group', { name: 'Travaux terminés' })).toHaveTextContent('Oui');
    expect(screen.getByRole('group', { name: 'Observations' })).toHaveTextContent('Ligne 1 Ligne 2');
    expect(screen.getByRole('group', { name: 'Date de début' })).toHaveTextContent('24/11/26');
    expect(screen.getByRole('group', { name: 'Mesures' })).toHaveTextContent('Extincteur, Bâche');
    expect(screen.getByRole('group', { name: 'Durée' })).toHaveTextContent('2,5 h');
    expect(screen.getByRole('group', { name: 'Entreprise' })).toHaveTextContent('Gamma Services');
  });

  it('reads an empty value as a dash and an unticked box as « Non »', () => {
    renderWithProviders(<Form readOnly fields={[field(1, 'Nature', 'text'), field(2, 'Confirmé', 'checkbox')]} />);
    expect(screen.getByRole('group', { name: 'Nature' })).toHaveTextContent('—');
    expect(screen.getByRole('group', { name: 'Confirmé' })).toHaveTextContent('Non');
  });

  it('reads a time as HH:mm and an entered reference as « libellé (identifiant) »', () => {
    renderWithProviders(
      <Form
        readOnly
        fields={[field(1, 'Heure de début', 'hour'), field(2, 'Équipement', 'equipment'), field(3, 'Risques', 'risk')]}
        initial={{ 1: '08:30:00', 2: { id: 'TR12B', libelle: 'Transformateur' }, 3: [{ id: 4, libelle: 'Électrique' }] }}
      />,
    );
    expect(screen.queryAllByRole('textbox')).toHaveLength(0);
    expect(screen.getByRole('group', { name: 'Heure de début' })).toHaveTextContent(/^Heure de début08:30$/);
    expect(screen.getByRole('group', { name: 'Équipement' })).toHaveTextContent('Transformateur (TR12B)');
    // A risk picked from the catalogue reads as its name.
    expect(screen.getByRole('group', { name: 'Risques' })).toHaveTextContent(/^RisquesÉlectrique$/);
  });

  it('keeps the spaces typed in an « Identifiant » and trims it only on save', () => {
    const seen: Record<string, unknown>[] = [];
    renderWithProviders(<Form fields={[field(1, 'Article', 'article')]} onValues={(v) => seen.push(v)} />);
    const id = screen.getByRole('textbox', { name: 'Identifiant : Article' }) as HTMLInputElement;
    // Typed one key at a time, as a person does: each change is what the input shows plus one character.
    for (const key of 'TR 12 B') fireEvent.change(id, { target: { value: id.value + key } });
    expect(id).toHaveValue('TR 12 B');
    fireEvent.change(screen.getByRole('textbox', { name: 'Libellé : Article' }), { target: { value: ' Transformateur ' } });
    const typed = seen.at(-1)?.[1];
    expect(typed).toEqual({ id: 'TR 12 B', libelle: ' Transformateur ' });
    expect(referenceToSave(typed)).toEqual({ id: 'TR 12 B', libelle: 'Transformateur' });
    expect(referenceToSave({ id: ' 42 ', libelle: 'Pompe' })).toEqual({ id: 42, libelle: 'Pompe' });
    expect(referenceToSave({ id: '  ', libelle: ' ' })).toBeNull();
    expect(referenceToSave([{ id: ' R 1 ', libelle: ' Chute ' }])).toEqual([{ id: 'R 1', libelle: 'Chute' }]);
  });
});
