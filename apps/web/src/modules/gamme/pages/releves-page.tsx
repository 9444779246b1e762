import { Badge, Card, Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../../ui/page-header.tsx';
import { QueryState } from '../../../ui/query-state.tsx';
import { useCurrentSession } from '../../auth/index.ts';
import { useGammes } from '../gamme.queries.ts';
import { loadRound, roundStorageKey } from '../releve-round.ts';

/** /app/releves: the rounds (gammes with points) a person may walk; a round begun and not sent says so. */
export function RelevesPage() {
  const { t } = useTranslation();
  const session = useCurrentSession();
  const list = useGammes(null);
  const rounds = list.data?.filter((g) => g.nbPoints > 0).sort((a, b) => a.libelle.localeCompare(b.libelle, 'fr'));
  return (
    <Stack gap={0} maw={640}>
      <PageHeader title={t('gamme.saisie.title')} />
      <Text c="dimmed" mb="md">
        {t('gamme.saisie.choose')}
      </Text>
      <QueryState query={list}>
        {!rounds ? (
          <Stack>
            <Skeleton h={72} />
            <Skeleton h={72} />
          </Stack>
        ) : rounds.length === 0 ? (
          <Text c="dimmed">{t('gamme.saisie.noRounds')}</Text>
        ) : (
          <SimpleGrid cols={1} spacing="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('gamme.saisie.rounds')}>
            {rounds.map((g) => {
              const begun = loadRound(roundStorageKey(session.idUser, g.id), g.id);
              const read = begun ? Object.values(begun.entries).filter((e) => e.value.trim() || e.skipped).length : 0;
              return (
                <li key={g.id}>
                  <Card component={Link} to={`/app/releves/${g.id}`} withBorder padding="md" mih={72}>
                    <Group justify="space-between" wrap="nowrap">
                      <div>
                        <Text fw={700} size="lg">
                          {g.libelle}
                        </Text>
                        <Text size="sm" c="dimmed">
                          {[g.client, t('gamme.nbPoints', { count: g.nbPoints }), g.duree ? t('gamme.minutes', { count: g.duree }) : null]
                            .filter(Boolean)
                            .join(' · ')}
                        </Text>
                        {begun && (
                          <Badge color="orange" variant="light" mt={4}>
                            {t('gamme.saisie.begun', { n: read, total: g.nbPoints })}
                          </Badge>
                        )}
                      </div>
                      <IconChevronRight aria-hidden />
                    </Group>
                  </Card>
                </li>
              );
            })}
          </SimpleGrid>
        )}
      </QueryState>
    </Stack>
  );
}
