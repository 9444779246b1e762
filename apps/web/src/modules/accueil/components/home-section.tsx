import { type AccueilProcess, displayNumero } from '@app/contracts';
import { Anchor, Badge, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

interface SectionData {
  items: AccueilProcess[];
  total: number;
  totalExact: boolean;
}

export interface HomeSectionProps {
  id: string;
  title: string;
  icon: ReactNode;
  /** Undefined while loading: skeleton rows. */
  data: SectionData | undefined;
  empty: string;
  /** The second line of an entry (step, window, who changed it…). */
  detail: (p: AccueilProcess) => ReactNode;
  /** A button beside the title (« Marquer comme vu »). */
  action?: ReactNode;
  /** Under the title (counts by state…). */
  summary?: ReactNode;
}

/** One section of the home: title and count, then each process as a link to its screen, or an empty state. */
export function HomeSection({ id, title, icon, data, empty, detail, action, summary }: HomeSectionProps) {
  const { t } = useTranslation();
  const count = data ? (data.totalExact ? String(data.total) : t('accueil.more', { n: data.total })) : null;
  return (
    <Card withBorder padding="md" component="section" aria-labelledby={`${id}-title`} data-testid={`accueil-${id}`}>
      <Group justify="space-between" wrap="wrap" gap="xs" mb="xs" align="flex-start">
        <Group gap="xs" wrap="nowrap">
          {icon}
          <Title order={2} size="h4" id={`${id}-title`}>
            {title}
          </Title>
          {count !== null && (
            <Badge variant="light" color={data?.total ? 'blue' : 'gray'} aria-label={t('accueil.countLabel', { count })}>
              {count}
            </Badge>
          )}
        </Group>
        {action}
      </Group>
      {summary}
      {!data ? (
        <Stack gap="xs" aria-busy="true" aria-label={t('common.loading')}>
          <Skeleton height={18} width="70%" />
          <Skeleton height={14} width="50%" />
          <Skeleton height={18} width="60%" />
          <Skeleton height={14} width="40%" />
        </Stack>
      ) : data.items.length === 0 ? (
        <Text size="sm" c="gray.7">
          {empty}
        </Text>
      ) : (
        <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
          {data.items.map((p) => (
            <li key={p.id}>
              <Anchor component={Link} to={`/app/processus/${p.id}`} fw={600} style={{ overflowWrap: 'anywhere' }}>
                {t('accueil.entry', { numero: displayNumero(p.numero), nom: p.nomProcess })}
              </Anchor>
              <Text size="sm" c="gray.7">
                {detail(p)}
              </Text>
            </li>
          ))}
          {data.total > data.items.length && (
            <Text component="li" size="sm" c="gray.7">
              {t('accueil.andMore', {
                n: data.totalExact ? data.total - data.items.length : t('accueil.more', { n: data.total - data.items.length }),
              })}
            </Text>
          )}
        </Stack>
      )}
    </Card>
  );
}
