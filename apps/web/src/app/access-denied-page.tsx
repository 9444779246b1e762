import { Anchor, Center, Stack, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '../lib/page-title.ts';

/** A screen whose menu entry the person lacks (its reads are refused by the API too): said plainly, with a way back. */
export function AccessDeniedPage() {
  const { t } = useTranslation();
  usePageTitle(t('navigation.accessDenied.title'));
  return (
    <Center mih="60vh">
      <Stack align="center" maw={480} ta="center">
        <IconLock size={48} color="var(--mantine-color-gray-6)" aria-hidden />
        <Title order={1}>{t('navigation.accessDenied.title')}</Title>
        <Text>{t('navigation.accessDenied.text')}</Text>
        <Anchor component={Link} to="/app">
          {t('navigation.accessDenied.back')}
        </Anchor>
      </Stack>
    </Center>
  );
}
