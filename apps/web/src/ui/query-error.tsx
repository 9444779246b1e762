import { Alert, Button, Group } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { messageOfError } from '../lib/notify.ts';

/** Error state of a screen: the server's message and a retry button. */
export function QueryError({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" variant="light" title={t('errors.loadTitle')} icon={<IconAlertTriangle />} role="alert">
      <Group justify="space-between" align="center" gap="sm">
        <span>{messageOfError(error)}</span>
        {onRetry && (
          <Button size="xs" variant="white" color="red" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        )}
      </Group>
    </Alert>
  );
}
