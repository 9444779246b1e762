import { formatDate, formatTime } from '@app/contracts';
import { Alert, Button, Group, Text } from '@mantine/core';
import { IconLifebuoy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useCurrentSession } from '../../auth/index.ts';
import { useLeaveSupport } from '../support.queries.ts';

/** On every page of a super admin in support mode: which company he acts in, since when, and « Quitter ». */
export function SupportBanner() {
  const { t } = useTranslation();
  const session = useCurrentSession();
  const leave = useLeaveSupport();
  const support = session.support;
  if (!support) return null;
  const tz = session.timezone;
  return (
    <Alert
      color="orange"
      variant="filled"
      radius={0}
      mb="md"
      mx="calc(var(--app-shell-padding) * -1)"
      mt="calc(var(--app-shell-padding) * -1)"
      icon={<IconLifebuoy size={20} />}
      role="status"
      aria-label={t('support.banner.label')}
    >
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="sm" fw={500}>
          {t('support.banner.text', { nom: support.companyName })}{' '}
          <Text span size="sm" fw={400}>
            {t('support.banner.since', { date: formatDate(support.since, tz), heure: formatTime(support.since, tz) })}
          </Text>
        </Text>
        <Button size="xs" variant="white" color="orange" loading={leave.isPending} onClick={() => leave.mutate()}>
          {t('support.banner.leave')}
        </Button>
      </Group>
    </Alert>
  );
}
