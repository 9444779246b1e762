import { Alert, Button, Center, Stack } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { messageOfError } from '../lib/notify.ts';

/** Shown by the router when a page throws while rendering or loading. */
export function RouteErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  const message = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : messageOfError(error);
  return (
    <Center mih="60vh" p="md">
      <Stack maw={520} w="100%">
        <Alert color="red" variant="light" title={t('errors.unexpectedTitle')} icon={<IconAlertTriangle />}>
          {message}
        </Alert>
        <Button onClick={() => window.location.reload()}>{t('common.reload')}</Button>
      </Stack>
    </Center>
  );
}
