import { Alert, Button, Center, Stack, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { messageOfError } from '../lib/notify.ts';
import { usePageTitle } from '../lib/page-title.ts';

/**
 * Shown by the router when a page throws while rendering or loading. It replaces the whole page (shell included):
 * its own `main`, `h1` and title.
 */
export function RouteErrorPage() {
  const { t } = useTranslation();
  usePageTitle(t('errors.unexpectedTitle'));
  const error = useRouteError();
  const message = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : messageOfError(error);
  return (
    <Center component="main" mih="60vh" p="md">
      <Stack maw={520} w="100%">
        <Title order={1} size="h2">
          {t('errors.unexpectedTitle')}
        </Title>
        <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />}>
          {message}
        </Alert>
        <Button onClick={() => window.location.reload()}>{t('common.reload')}</Button>
      </Stack>
    </Center>
  );
}
