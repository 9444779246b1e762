import { CRITERE_CHAMPS, type Critere } from '@app/contracts';
import { ActionIcon, Button, Group, MultiSelect, NumberInput, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { dayOf, midnightOf } from '../../../lib/dates.ts';
import { frenchCodeLabel } from '../../../lib/labels.ts';
import { DayInput } from '../../../ui/date-fields.tsx';
import { metriqueKey } from '../tableau-columns.ts';
import {
  type CritereContext,
  kindOf,
  newCritere,
  type Operateur,
  operateurLabel,
  operateursFor,
  valueChoices,
  withOperateur,
} from '../tableau-criteres.ts';

interface CritereEditorProps {
  criteres: Critere[];
  onChange: (criteres: Critere[]) => void;
  /** The board's fields, offered by name after the built-in ones. */
  metriques: readonly number[];
  ctx: CritereContext;
}

/** The criteria of a filter: for each, the field, the operator (in the language shown) and a value input fitting the field. */
export function CritereEditor({ criteres, onChange, metriques, ctx }: CritereEditorProps) {
  const { t } = useTranslation();
  const champs = [
    {
      group: t('tableau.critere.process'),
      items: CRITERE_CHAMPS.map((c) => ({ value: c, label: (ctx.label ?? frenchCodeLabel)('critereChamp', c) })),
    },
    ...(metriques.length
      ? [
          {
            group: t('tableau.critere.fields'),
            items: metriques.map((id) => ({ value: metriqueKey(id), label: ctx.fields.get(id)?.nom ?? `Champ ${id}` })),
          },
        ]
      : []),
  ];
  const set = (i: number, c: Critere) => onChange(criteres.map((x, j) => (j === i ? c : x)));
  return (
    <Stack gap="sm">
      {criteres.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('tableau.critere.none')}
        </Text>
      )}
      {criteres.map((c, i) => {
        const n = i + 1;
        const kind = kindOf(c.champ, ctx.fields);
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: criteria have no id; their place is their identity
          <Paper key={i} withBorder p="sm" role="group" aria-label={t('tableau.critere.legend', { n })}>
            <Group align="flex-end" gap="sm" wrap="wrap">
              <Select
                label={t('tableau.critere.champ', { n })}
                data={champs}
                value={c.champ}
                onChange={(v) => v && set(i, newCritere(v, ctx.fields))}
                allowDeselect={false}
                searchable
                w={220}
              />
              <Select
                label={t('tableau.critere.operateur', { n })}
                data={operateursFor(c.champ, ctx.fields).map((op) => ({ value: op, label: operateurLabel(op, kind, ctx.label) }))}
                value={c.operateur}
                onChange={(v) => v && set(i, withOperateur(c, v as Operateur, ctx.fields))}
                allowDeselect={false}
                w={180}
              />
              <ValeurInput
                critere={c}
                label={t('tableau.critere.valeur', { n })}
                ctx={ctx}
                onChange={(valeur) => set(i, { ...c, valeur })}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                aria-label={t('tableau.critere.remove', { n })}
                onClick={() => onChange(criteres.filter((_, j) => j !== i))}
              >
                <IconTrash size={18} />
              </ActionIcon>
            </Group>
          </Paper>
        );
      })}
      <Group>
        <Button
          variant="light"
          leftSection={<IconPlus size={16} />}
          onClick={() => onChange([...criteres, newCritere('etat', ctx.fields)])}
        >
          {t('tableau.critere.add')}
        </Button>
      </Group>
    </Stack>
  );
}

interface ValeurInputProps {
  critere: Critere;
  label: string;
  ctx: CritereContext;
  onChange: (valeur: unknown) => void;
}

/** The value of a criterion: a choice, a day, a number or a text; two of them for « entre ». */
function ValeurInput({ critere: c, label, ctx, onChange }: ValeurInputProps) {
  const { t } = useTranslation();
  if (c.operateur === 'empty' || c.operateur === 'not_empty') return null;
  const choices = valueChoices(c.champ, ctx);
  if (c.operateur === 'in') {
    return (
      <MultiSelect
        label={label}
        data={choices ?? []}
        value={Array.isArray(c.valeur) ? c.valeur.map(String) : []}
        onChange={(v) => onChange(kindOf(c.champ, ctx.fields) === 'workflow' || kindOf(c.champ, ctx.fields) === 'user' ? v.map(Number) : v)}
        searchable
        miw={220}
      />
    );
  }
  if (c.operateur === 'between') {
    const [a, b] = Array.isArray(c.valeur) ? c.valeur : ['', ''];
    return (
      <Group gap={6} wrap="nowrap" align="flex-end">
        <One
          critere={c}
          label={t('tableau.critere.from', { label })}
          value={a}
          bound="start"
          ctx={ctx}
          onChange={(v) => onChange([v, b])}
        />
        <One critere={c} label={t('tableau.critere.to', { label })} value={b} bound="end" ctx={ctx} onChange={(v) => onChange([a, v])} />
      </Group>
    );
  }
  if (choices) {
    const numeric = kindOf(c.champ, ctx.fields) === 'workflow' || kindOf(c.champ, ctx.fields) === 'user';
    return (
      <Select
        label={label}
        data={choices}
        value={c.valeur === undefined || c.valeur === '' ? null : String(c.valeur)}
        onChange={(v) => onChange(v === null ? '' : numeric ? Number(v) : v)}
        searchable
        w={220}
      />
    );
  }
  return <One critere={c} label={label} value={c.valeur} bound="start" ctx={ctx} onChange={onChange} />;
}

interface OneProps {
  critere: Critere;
  label: string;
  value: unknown;
  /** For a process date: a lower bound is the day's midnight, an upper one the day's last instant. */
  bound: 'start' | 'end';
  ctx: CritereContext;
  onChange: (v: unknown) => void;
}

/** One value typed by hand. */
function One({ critere, label, value, bound, ctx, onChange }: OneProps) {
  const kind = kindOf(critere.champ, ctx.fields);
  if (kind === 'instant') {
    return (
      <DayInput
        label={label}
        value={typeof value === 'string' && value ? dayOf(value, ctx.timeZone) : ''}
        onChange={(picked) => {
          const day = picked ?? '';
          const next = bound === 'end' ? midnightOf(day, ctx.timeZone, 1) : midnightOf(day, ctx.timeZone);
          onChange(next && bound === 'end' ? new Date(new Date(next).getTime() - 1).toISOString() : (next ?? ''));
        }}
        w={160}
      />
    );
  }
  if (kind === 'day' || kind === 'hour') {
    // A field's date (yyyy-MM-dd) or hour (HH:mm), kept as the text the form stores.
    return (
      <TextInput
        type={kind === 'day' ? 'date' : 'time'}
        label={label}
        value={typeof value === 'string' ? value : ''}
        onChange={(e) => onChange(e.currentTarget.value)}
        w={kind === 'day' ? 160 : 120}
      />
    );
  }
  if (kind === 'number') {
    return (
      <NumberInput
        label={label}
        value={typeof value === 'number' ? value : ''}
        onChange={(v) => onChange(typeof v === 'number' ? v : '')}
        decimalSeparator=","
        w={140}
      />
    );
  }
  return (
    <TextInput label={label} value={typeof value === 'string' ? value : ''} onChange={(e) => onChange(e.currentTarget.value)} w={220} />
  );
}
