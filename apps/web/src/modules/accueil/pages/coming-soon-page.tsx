import { Alert, Title } from '@mantine/core';
import { IconClockHour4 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useCurrentSession } from '../../auth/index.ts';

/** Menu entries whose screen is not built yet. */
export function ComingSoonPage() {
  const { t } = useTranslation();
  const { slug } = useParams();
  const session = useCurrentSession();
  const entry = session.menuItems.find((m) => m.slug === slug);
  return (
    <>
      <Title order={1} size="h2" mb="md">
        {entry?.libelle ?? slug}
      </Title>
      <Alert icon={<IconClockHour4 />} title={t('comingSoon.title')} variant="light">
        {t('comingSoon.text')}
      </Alert>
    </>
  );
}
