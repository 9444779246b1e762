import { DatesProvider } from '@mantine/dates';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Calendars in the session's language, weeks starting on Monday. Apart from date-fields.tsx: the providers need this
 * context only, and the date inputs (calendars, dayjs locales) load with the screens that show them (issue 16).
 */
export function AppDatesProvider({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  return <DatesProvider settings={{ locale: i18n.language, firstDayOfWeek: 1, weekendDays: [0, 6] }}>{children}</DatesProvider>;
}
