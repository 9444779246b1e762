import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Names the browser tab and the page a screen reader announces after the screen: « <title> · Sécurité des sites »
 * (the application's name alone while `title` is empty, e.g. while the record loads). PageHeader calls it; a screen
 * with a heading of its own calls it with that heading's text.
 */
export function usePageTitle(title: string | null | undefined): void {
  const { t } = useTranslation();
  const appName = t('app.name');
  useEffect(() => {
    document.title = title ? `${title} · ${appName}` : appName;
  }, [title, appName]);
  // Leaving the screen: the next one sets its own title (its effect runs after this cleanup); a screen without one
  // shows the application's name rather than the previous screen's.
  useEffect(
    () => () => {
      document.title = appName;
    },
    [appName],
  );
}
