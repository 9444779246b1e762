import { DATE_PRESETS, type DatePreset, datePresetRange } from '@app/contracts';
import { Group, Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { dayOf, midnightOf } from '../../../lib/dates.ts';
import { codeLabel } from '../../../lib/labels.ts';
import { DayInput } from '../../../ui/date-fields.tsx';

export interface DateRange {
  from?: string;
  to?: string;
}

interface DateRangeFilterProps {
  /** "Début" or "Fin": names the three inputs. */
  label: string;
  range: DateRange;
  preset: DatePreset | null;
  timeZone: string;
  /** A preset fills the range; a day typed by hand clears the preset. */
  onChange: (range: DateRange, preset: DatePreset | null) => void;
  now?: () => Date;
}

/** A date range with its shortcuts (today, current week, current month...). The end day is included. */
export function DateRangeFilter({ label, range, preset, timeZone, onChange, now = () => new Date() }: DateRangeFilterProps) {
  const { t } = useTranslation();
  // The range's end is exclusive (next midnight): the input shows the last day included.
  const toDay = range.to ? dayOf(new Date(new Date(range.to).getTime() - 1).toISOString(), timeZone) : '';
  return (
    // Wraps on a phone: the three inputs together are wider than its screen.
    <Group gap={6} align="flex-end" wrap="wrap">
      <Select
        label={t('liste.filters.period', { label })}
        placeholder={t('liste.filters.anyPeriod')}
        data={DATE_PRESETS.map((p) => ({ value: p.code, label: codeLabel(t, 'datePreset', p.code) }))}
        value={preset}
        onChange={(v) => onChange(v ? datePresetRange(v as DatePreset, now(), timeZone) : {}, (v as DatePreset | null) ?? null)}
        clearable
        w={200}
      />
      <DayInput
        label={t('liste.filters.from', { label })}
        value={range.from ? dayOf(range.from, timeZone) : ''}
        onChange={(day) => onChange({ ...range, from: midnightOf(day ?? '', timeZone) }, null)}
        w={150}
      />
      <DayInput
        label={t('liste.filters.to', { label })}
        value={toDay}
        onChange={(day) => onChange({ ...range, to: midnightOf(day ?? '', timeZone, 1) }, null)}
        w={150}
      />
    </Group>
  );
}
