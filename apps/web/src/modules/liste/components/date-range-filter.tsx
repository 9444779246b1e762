import { DATE_PRESETS, type DatePreset, datePresetRange, zonedMidnight } from '@app/contracts';
import { Group, Select, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface DateRange {
  from?: string;
  to?: string;
}

/** yyyy-MM-dd of an instant in a time zone (the value of a date input). */
export function dayOf(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(iso));
}

/** Local midnight of a yyyy-MM-dd day, plus `days`, as ISO 8601. */
export function midnightOf(day: string, timeZone: string, days = 0): string | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return undefined;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + days));
  return zonedMidnight(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate(), timeZone).toISOString();
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
    <Group gap={6} align="flex-end" wrap="nowrap">
      <Select
        label={t('liste.filters.period', { label })}
        placeholder={t('liste.filters.anyPeriod')}
        data={DATE_PRESETS.map((p) => ({ value: p.code, label: p.libelle }))}
        value={preset}
        onChange={(v) => onChange(v ? datePresetRange(v as DatePreset, now(), timeZone) : {}, (v as DatePreset | null) ?? null)}
        clearable
        w={200}
      />
      <TextInput
        type="date"
        label={t('liste.filters.from', { label })}
        value={range.from ? dayOf(range.from, timeZone) : ''}
        onChange={(e) => onChange({ ...range, from: midnightOf(e.currentTarget.value, timeZone) }, null)}
        w={150}
      />
      <TextInput
        type="date"
        label={t('liste.filters.to', { label })}
        value={toDay}
        onChange={(e) => onChange({ ...range, to: midnightOf(e.currentTarget.value, timeZone, 1) }, null)}
        w={150}
      />
    </Group>
  );
}
