import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Shown while a screen loaded on first visit arrives (the router's HydrateFallback on a first load). */
export function PageLoader() {
  const { t } = useTranslation();
  return (
    <Center mih="60vh">
      {/* A status: its name is announced (an aria-label needs a role). */}
      <Loader role="status" aria-label={t('common.loading')} />
    </Center>
  );
}
