import { type Entreprise, RELATION_TYPES } from '@app/contracts';
import { ActionIcon, Button, Fieldset, Group, Select, Stack, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlus, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { EntrepriseFormValues } from '../entreprise-form.ts';

/** The client companies an external company works for, as contractor or supplier. */
export function EntrepriseClientsField({ form, all }: { form: UseFormReturnType<EntrepriseFormValues>; all: Entreprise[] }) {
  const { t } = useTranslation();
  const options = all.filter((e) => !e.eu).map((e) => ({ value: String(e.id), label: e.nom }));
  return (
    <Fieldset legend={t('entreprise.form.clients')}>
      <Stack gap="xs">
        {form.values.clients.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('entreprise.form.noClient')}
          </Text>
        )}
        {form.values.clients.map((_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place
          <Group key={i} align="flex-end" wrap="nowrap">
            <Select
              label={t('entreprise.form.client')}
              data={options}
              searchable
              style={{ flex: 1 }}
              {...form.getInputProps(`clients.${i}.entrepriseId`)}
            />
            <Select
              label={t('entreprise.form.relation')}
              data={RELATION_TYPES.map((r) => ({ value: r, label: t(`entreprise.relation.${r}`) }))}
              allowDeselect={false}
              w={160}
              {...form.getInputProps(`clients.${i}.type`)}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              mb={4}
              aria-label={t('entreprise.form.removeClient')}
              onClick={() => form.removeListItem('clients', i)}
            >
              <IconX size={16} />
            </ActionIcon>
          </Group>
        ))}
        <Button
          variant="light"
          size="xs"
          leftSection={<IconPlus size={14} />}
          onClick={() => form.insertListItem('clients', { entrepriseId: null, type: 'prestataire' })}
          w="fit-content"
        >
          {t('entreprise.form.addClient')}
        </Button>
      </Stack>
    </Fieldset>
  );
}
