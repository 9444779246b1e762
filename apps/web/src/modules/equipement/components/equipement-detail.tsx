import { Anchor, Breadcrumbs, Group, Loader, Stack, Tabs, Text, Title } from '@mantine/core';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../ui/query-state.tsx';
import { useAbility } from '../../auth/index.ts';
import { useEquipement } from '../equipement.queries.ts';
import { EQUIPEMENT_TABS } from '../equipement-tabs.tsx';

interface DetailProps {
  id: number;
  tab: string;
  onTabChange: (tab: string) => void;
  onSelect: (id: number) => void;
}

/** The detail of one equipment: its breadcrumb, name and the tabs the caller may see. */
export const EquipementDetail = memo(function EquipementDetail({ id, tab, onTabChange, onSelect }: DetailProps) {
  const { t } = useTranslation();
  const ability = useAbility();
  const query = useEquipement(id);
  const tabs = EQUIPEMENT_TABS.filter((x) => !x.visible || x.visible(ability)).sort((a, b) => a.order - b.order);
  const current = tabs.some((x) => x.value === tab) ? tab : (tabs[0]?.value ?? 'general');
  return (
    <QueryState query={query}>
      {query.isPending || !query.data ? (
        <Group justify="center" p="xl">
          <Loader aria-label={t('common.loading')} />
        </Group>
      ) : (
        <Stack gap="sm">
          {query.data.ancestors.length > 0 && (
            <nav aria-label={t('equipement.detail.path')}>
              <Breadcrumbs separator="›">
                {query.data.ancestors.map((a) => (
                  <Anchor key={a.id} component="button" type="button" size="sm" onClick={() => onSelect(a.id)}>
                    {a.name}
                  </Anchor>
                ))}
              </Breadcrumbs>
            </nav>
          )}
          <Group gap="xs" align="baseline">
            <Title order={2} size="h3">
              {query.data.name}
            </Title>
            {query.data.number && <Text c="dimmed">{query.data.number}</Text>}
          </Group>
          <Tabs value={current} onChange={(v) => v && onTabChange(v)} keepMounted={false}>
            <Tabs.List style={{ flexWrap: 'wrap' }}>
              {tabs.map((x) => (
                <Tabs.Tab key={x.value} value={x.value}>
                  {x.label(t)}
                </Tabs.Tab>
              ))}
            </Tabs.List>
            {tabs.map((x) => (
              <Tabs.Panel key={x.value} value={x.value} pt="md">
                <x.Panel equipement={query.data} onReload={() => void query.refetch()} />
              </Tabs.Panel>
            ))}
          </Tabs>
        </Stack>
      )}
    </QueryState>
  );
});
