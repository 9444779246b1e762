import { displayNumero, fieldState, formatDate, formatTime, METRIQUE_TYPES, type Metrique, roundFieldConfig } from '@app/contracts';
import {
  Box,
  Button,
  Checkbox,
  Fieldset,
  Group,
  Input,
  MultiSelect,
  NumberInput,
  Radio,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  ThemeIcon,
} from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DayInput } from '../../../ui/date-fields.tsx';
import { ProcessRoundField } from '../../gamme/index.ts';
import { asRefs, displayValue, optionId, optionsOf, ordered } from '../process.util.ts';
import { useFieldContext } from './field-context.ts';
import { FileField } from './file-field.tsx';
import { EquipmentPicker, FreeReference, isFreeReference, LIST_PICKERS, ListPicker } from './reference-fields.tsx';
import { SignatureField } from './signature-field.tsx';

const KNOWN = new Set<string>(METRIQUE_TYPES.map((t) => t.code));
/** Kinds picked from the registry (ticket 13), whose values saved earlier may be free « identifiant + libellé ». */
const REGISTRY_PICKERS = new Set(['equipment', 'location', 'risk', 'gamme', 'gamme_type']);
/** Reference kinds an installation/personnel/article details field summarises. */
const DETAILS_OF: Record<string, string[]> = {
  installation_details: ['equipment', 'location'],
  personnel_details: ['employee', 'employees'],
  article_details: ['article', 'article_family', 'supplier'],
};

export interface MetriqueFieldProps {
  field: Metrique;
  /** Every field of the model (for the details summaries). */
  allFields?: readonly Metrique[];
  /** Action buttons call this with the workflow to create (parentId = this process). */
  onAction?: (field: Metrique) => void;
  actionPending?: boolean;
}

/** Kinds whose value reads as plain text once the form is read-only (a signed step, a step the caller may not act on). */
const PLAIN_KINDS = new Set(['text', 'textarea', 'number', 'date', 'hour', 'checkbox', 'radio', 'select', 'checkbox_options']);

/**
 * A value read, not edited: the field's name then its value as text (dark on white, not a faint disabled input).
 * A group labelled by the field's name, for screen readers.
 */
export function ReadOnlyField({ id, label, text, multiline }: { id: string; label: string; text: string; multiline?: boolean }) {
  return (
    <Box role="group" aria-labelledby={`ro-${id}`} data-readonly-field>
      <Text id={`ro-${id}`} size="sm" fw={600} c="gray.8">
        {label}
      </Text>
      <Text size="sm" c="dark.9" style={{ whiteSpace: multiline ? 'pre-wrap' : undefined, overflowWrap: 'anywhere' }}>
        {text || '—'}
      </Text>
    </Box>
  );
}

/** One field of a process form, shown according to its kind and its conditions (hidden fields render nothing). */
export function MetriqueField({ field, allFields, onAction, actionPending }: MetriqueFieldProps) {
  const { t } = useTranslation();
  const ctx = useFieldContext();
  const state = fieldState(field, ctx.values);
  if (!state.visible) return null;
  const id = String(field.id);
  const v = ctx.values[id];
  const required = state.required;
  const error = ctx.errors[id];
  const set = (x: unknown) => ctx.setValue(field.id, x);
  const common = {
    label: field.nom,
    withAsterisk: required,
    'aria-required': required || undefined,
    error,
    disabled: ctx.readOnly,
  };
  const p = ctx.process;
  const options = optionsOf(field, ctx.language);
  const kind = KNOWN.has(field.dataType) ? field.dataType : 'text';

  const readOnlyValue = (text: string) => <ReadOnlyField id={id} label={field.nom} text={text} />;

  // Read-only: the value as text, not a disabled input (signed steps read as a record).
  if (ctx.readOnly && (PLAIN_KINDS.has(kind) || LIST_PICKERS.has(kind) || kind === 'equipment' || isFreeReference(kind))) {
    const text =
      kind === 'checkbox'
        ? v === true
          ? t('processRecord.yes')
          : t('processRecord.no')
        : kind === 'hour' && typeof v === 'string'
          ? v.slice(0, 5)
          : isFreeReference(kind) || REGISTRY_PICKERS.has(kind)
            ? asRefs(v)
                .map((r) =>
                  // A row picked from the registry reads as its name; an identifier typed before the registry existed
                  // (« TR12B ») is kept beside its label.
                  r.id !== '' && r.libelle && !(REGISTRY_PICKERS.has(kind) && /^\d+$/.test(String(r.id)))
                    ? `${r.libelle} (${String(r.id)})`
                    : r.libelle || String(r.id),
                )
                .join(', ')
            : displayValue(v, field, ctx.language);
    return <ReadOnlyField id={id} label={field.nom} text={text === '—' ? '' : text} multiline={kind === 'textarea'} />;
  }

  switch (kind) {
    case 'group':
      return (
        <Fieldset legend={field.nom} variant="filled">
          <Stack gap="sm">
            {ordered(field.children ?? []).map((c) => (
              <MetriqueField key={c.id} field={c} allFields={allFields} onAction={onAction} actionPending={actionPending} />
            ))}
          </Stack>
        </Fieldset>
      );
    case 'textarea':
      return (
        <Textarea
          {...common}
          autosize
          minRows={2}
          placeholder={field.propertyValues.placeholder}
          value={String(v ?? '')}
          onChange={(e) => set(e.currentTarget.value)}
        />
      );
    case 'number': {
      const { min, max, unit } = field.propertyValues;
      const n = typeof v === 'number' ? v : null;
      const outOfRange = n !== null && ((min !== undefined && n < min) || (max !== undefined && n > max));
      return (
        <NumberInput
          {...common}
          error={error ?? (outOfRange ? t('process.field.range', { min: min ?? '−∞', max: max ?? '+∞' }) : undefined)}
          min={min}
          max={max}
          suffix={unit ? ` ${unit}` : undefined}
          decimalSeparator=","
          description={
            min !== undefined || max !== undefined ? t('process.field.rangeHelp', { min: min ?? '−∞', max: max ?? '+∞' }) : undefined
          }
          value={n ?? ''}
          onChange={(x) => set(x === '' ? null : typeof x === 'number' ? x : Number(x))}
        />
      );
    }
    case 'date':
      return <DayInput {...common} value={typeof v === 'string' ? v : null} onChange={(day) => set(day)} />;
    case 'hour':
      return <TextInput {...common} type="time" value={String(v ?? '')} onChange={(e) => set(e.currentTarget.value || null)} />;
    case 'checkbox':
      return (
        <Checkbox
          label={field.nom + (required ? ' *' : '')}
          aria-required={required || undefined}
          error={error}
          disabled={ctx.readOnly}
          checked={v === true}
          onChange={(e) => set(e.currentTarget.checked)}
        />
      );
    case 'radio':
      return (
        <Radio.Group {...common} value={v === null || v === undefined ? null : String(v)} onChange={(x) => set(optionId(options, x))}>
          <Stack gap={4} mt={4}>
            {options.map((o) => (
              <Radio key={o.value} value={o.value} label={o.label} disabled={ctx.readOnly} />
            ))}
          </Stack>
        </Radio.Group>
      );
    case 'select':
      return field.propertyValues.multiple ? (
        <MultiSelect
          {...common}
          data={options}
          searchable
          value={(Array.isArray(v) ? v : v === null || v === undefined ? [] : [v]).map(String)}
          onChange={(xs) => set(xs.map((x) => optionId(options, x)))}
        />
      ) : (
        <Select
          {...common}
          data={options}
          clearable
          value={v === null || v === undefined ? null : String(v)}
          onChange={(x) => set(optionId(options, x))}
        />
      );
    case 'checkbox_options':
      return (
        <Checkbox.Group
          {...common}
          value={(Array.isArray(v) ? v : []).map(String)}
          onChange={(xs) => set(xs.map((x) => optionId(options, x)))}
        >
          <Stack gap={4} mt={4}>
            {options.map((o) => (
              <Checkbox key={o.value} value={o.value} label={o.label} disabled={ctx.readOnly} />
            ))}
          </Stack>
        </Checkbox.Group>
      );
    case 'file':
      return <FileField field={field} required={required} />;
    case 'signature':
      return <SignatureField field={field} required={required} />;
    case 'icon':
      return (
        <Group gap="xs">
          <ThemeIcon variant="light" color={String(field.propertyValues.color ?? 'orange')} aria-hidden>
            <IconAlertTriangle size={18} />
          </ThemeIcon>
          <Text size="sm" fw={500}>
            {field.nom}
          </Text>
        </Group>
      );
    case 'installation_details':
    case 'personnel_details':
    case 'article_details': {
      const kinds = DETAILS_OF[kind];
      const refs = (allFields ?? [])
        .filter((f) => kinds.includes(f.dataType))
        .flatMap((f) => asRefs(ctx.values[String(f.id)]).map((r) => ({ ...r, champ: f.nom })));
      if (kind === 'installation_details' && p?.equipement) refs.unshift({ ...p.equipement, champ: t('process.header.equipement') });
      return (
        <Input.Wrapper label={field.nom}>
          {refs.length === 0 ? (
            <Text size="sm" c="gray.7">
              {t('process.field.noDetails')}
            </Text>
          ) : (
            <Box component="dl" m={0} style={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 12 }}>
              {refs.map((r, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a read-only list rebuilt on each render
                <Box key={i} style={{ display: 'contents' }}>
                  <Text component="dt" size="sm" c="gray.7">
                    {r.champ}
                  </Text>
                  <Text component="dd" size="sm" m={0}>
                    {r.libelle} {r.id !== '' && `(${String(r.id)})`}
                  </Text>
                </Box>
              ))}
            </Box>
          )}
        </Input.Wrapper>
      );
    }
    case 'created_by':
      return readOnlyValue(p?.createdBy ? `${p.createdBy.prenom} ${p.createdBy.nom}` : '');
    case 'last_modified_by':
      return readOnlyValue(p?.lastModifyBy ? `${p.lastModifyBy.prenom} ${p.lastModifyBy.nom}` : '');
    case 'last_modified_date':
      return readOnlyValue(formatDate(p?.lastModifyAt));
    case 'last_modified_time':
      return readOnlyValue(formatTime(p?.lastModifyAt));
    case 'process_number':
      return readOnlyValue(p ? displayNumero(p.numero) : '');
    case 'workflow_name':
      return readOnlyValue(p?.processModele.libelle ?? '');
    case 'button': {
      const url = typeof field.propertyValues.url === 'string' ? field.propertyValues.url : null;
      return url ? (
        <Button component="a" href={url} target="_blank" rel="noopener noreferrer" variant="light" w="fit-content">
          {field.nom}
        </Button>
      ) : (
        <Button variant="light" w="fit-content" disabled>
          {field.nom}
        </Button>
      );
    }
    case 'action_button':
      return (
        <Button
          variant="light"
          w="fit-content"
          disabled={ctx.readOnly || !p || !field.propertyValues.processModeleId || !onAction}
          loading={actionPending}
          onClick={() => onAction?.(field)}
        >
          {field.nom}
        </Button>
      );
    case 'gamme_releves':
    case 'etape_gamme_releves':
      return (
        <ProcessRoundField
          label={field.nom}
          config={roundFieldConfig(kind, field.propertyValues)}
          processId={p?.id ?? null}
          value={v}
          required={required}
          error={error}
          readOnly={ctx.readOnly}
          storageKey={`releves.process.v1.${ctx.userId}.${p?.id ?? 0}.${field.id}`}
          onRecorded={set}
        />
      );
    case 'equipment':
      return <EquipmentPicker field={field} required={required} />;
    default:
      if (LIST_PICKERS.has(kind)) return <ListPicker field={field} required={required} />;
      if (isFreeReference(kind)) return <FreeReference field={field} required={required} />;
      // text, and any kind the product does not know (spec: it behaves as text).
      return (
        <TextInput
          {...common}
          placeholder={field.propertyValues.placeholder}
          value={typeof v === 'string' || typeof v === 'number' ? String(v) : ''}
          onChange={(e) => set(e.currentTarget.value)}
        />
      );
  }
}
