import { LIST_VARIANT_KEYS } from '@app/contracts';
import { Anchor, Card, SimpleGrid, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../../ui/page-header.tsx';
import { useListLabels } from '../liste-labels.ts';

/** /app/listes: the lists of the spec, one link each, by their French names (no raw codes on screen). */
export function ListesPage() {
  const { t } = useTranslation();
  const labels = useListLabels();
  return (
    <Stack gap={0}>
      <PageHeader title={t('liste.title')} />
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} component="ul" style={{ listStyle: 'none', padding: 0 }}>
        {LIST_VARIANT_KEYS.map((v) => (
          <Card key={v} withBorder component="li">
            <Anchor component={Link} to={`/app/listes/${v}`} fw={600}>
              {labels.variant(v)}
            </Anchor>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
