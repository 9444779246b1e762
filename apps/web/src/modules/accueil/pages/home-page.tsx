import { formatDate, formatTime } from '@app/contracts';
import { Anchor, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCurrentSession } from '../../auth/index.ts';

/** /app: welcome, company and active software. */
export function HomePage() {
  const { t } = useTranslation();
  const session = useCurrentSession();
  const logiciel = session.logiciels.find((l) => l.code === session.codeLogiciel);
  const now = new Date();
  return (
    <Stack>
      <Title order={1} size="h2">
        {t('home.hello', { firstName: session.firstName })}
      </Title>
      <Text c="dimmed">{t('home.today', { date: formatDate(now, session.timezone), time: formatTime(now, session.timezone) })}</Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Card withBorder>
          <Text size="sm" c="dimmed">
            {t('home.company')}
          </Text>
          <Text fw={700} size="lg">
            {session.companyName}
          </Text>
        </Card>
        <Card withBorder>
          <Text size="sm" c="dimmed">
            {t('home.logiciel')}
          </Text>
          <Text fw={700} size="lg">
            {logiciel?.libelle ?? t('home.noLogiciel')}
          </Text>
        </Card>
      </SimpleGrid>
      <Anchor component={Link} to="/app/listes">
        {t('liste.homeLink')}
      </Anchor>
    </Stack>
  );
}
