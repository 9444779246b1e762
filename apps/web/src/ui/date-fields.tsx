import '@mantine/dates/styles.css';
import { DateInput, type DateInputProps } from '@mantine/dates';
import 'dayjs/locale/fr';
import { useTranslation } from 'react-i18next';
import { parseDayText } from '../lib/dates.ts';

/** Names of the calendar's arrows (WCAG 4.1.2: Mantine leaves them unnamed); the level buttons are named by their text. */
function useCalendarLabels(): Pick<DateInputProps, 'ariaLabels'> {
  const { t } = useTranslation();
  return {
    ariaLabels: {
      previousMonth: t('polish.calendar.previousMonth'),
      nextMonth: t('polish.calendar.nextMonth'),
      previousYear: t('polish.calendar.previousYear'),
      nextYear: t('polish.calendar.nextYear'),
      previousDecade: t('polish.calendar.previousDecade'),
      nextDecade: t('polish.calendar.nextDecade'),
    },
  };
}

type FieldProps = Omit<DateInputProps, 'valueFormat' | 'dateParser' | 'withTime' | 'value' | 'onChange'> & {
  /** yyyy-MM-dd (DayInput) or yyyy-MM-dd HH:mm:ss (DateTimeInput); '' or null when empty. */
  value: string | null;
  onChange: (value: string | null) => void;
};

/** A day shown and typed as dd/MM/yy (the browser's date input follows its own language), with a calendar and a clear button. */
export function DayInput({ value, onChange, ...rest }: FieldProps) {
  const { t } = useTranslation();
  const labels = useCalendarLabels();
  return (
    <DateInput
      {...labels}
      valueFormat="DD/MM/YY"
      dateParser={(s) => parseDayText(s, false)}
      placeholder={t('polish.dayPlaceholder')}
      clearable
      clearButtonProps={{ 'aria-label': t('polish.clear') }}
      value={value || null}
      onChange={onChange}
      {...rest}
    />
  );
}

/** A day and time shown and typed as dd/MM/yy HH:mm; picking a day in the calendar keeps the time already typed. */
export function DateTimeInput({ value, onChange, ...rest }: FieldProps) {
  const { t } = useTranslation();
  const labels = useCalendarLabels();
  return (
    <DateInput
      {...labels}
      valueFormat="DD/MM/YY HH:mm"
      withTime
      dateParser={(s) => parseDayText(s, true)}
      placeholder={t('polish.dateTimePlaceholder')}
      clearable
      clearButtonProps={{ 'aria-label': t('polish.clear') }}
      value={value || null}
      onChange={(v) => onChange(v && v.length === 10 ? `${v} ${value && value.length > 10 ? value.slice(11) : '00:00:00'}` : v)}
      {...rest}
    />
  );
}
