import type { ActiviteInstance, Equipement } from '@app/contracts';
import * as API from '@app/contracts/api';
import { Badge, Button, Card, Checkbox, Group, Loader, Progress, Slider, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../ui/query-state.tsx';
import { equipementKeys } from '../equipement.keys.ts';
import { useActivites, useEquipementMutation } from '../equipement.queries.ts';

/** « Activités »: the equipment's maintenance tasks and their occurrences (progression, completed, validated). */
export function ActivitesTab({ equipement }: { equipement: Equipement }) {
  const { t } = useTranslation();
  const activites = useActivites(equipement.id);
  const editable = equipement.abilities.update;
  const scope = equipementKeys.activites(equipement.id);
  const createActivite = useEquipementMutation(API.equipement.createActivite, { scope });
  const createInstance = useEquipementMutation(API.equipement.createInstance, { scope });
  const [libelle, setLibelle] = useState('');

  return (
    <Stack>
      {editable && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (!libelle.trim()) return;
            createActivite.mutate(
              { params: { id: equipement.id }, body: { libelle: libelle.trim() } },
              { onSuccess: () => setLibelle('') },
            );
          }}
        >
          <Group align="flex-end" wrap="wrap">
            <TextInput
              label={t('equipement.activites.new')}
              maxLength={255}
              value={libelle}
              onChange={(e) => setLibelle(e.currentTarget.value)}
              style={{ flex: 1, minWidth: 200 }}
            />
            <Button
              type="submit"
              variant="light"
              leftSection={<IconPlus size={16} />}
              loading={createActivite.isPending}
              disabled={!libelle.trim()}
            >
              {t('equipement.activites.add')}
            </Button>
          </Group>
        </form>
      )}
      <QueryState query={activites}>
        {activites.isPending ? (
          <Loader size="sm" aria-label={t('common.loading')} />
        ) : (activites.data ?? []).length === 0 ? (
          <Text c="dimmed">{t('equipement.activites.empty')}</Text>
        ) : (
          (activites.data ?? []).map((a) => (
            <Card key={a.id} withBorder padding="sm">
              <Group justify="space-between" wrap="wrap">
                <Text fw={600}>{a.libelle}</Text>
                {editable && (
                  <Button size="xs" variant="subtle" onClick={() => createInstance.mutate({ body: { objectActiviteId: a.id } })}>
                    {t('equipement.activites.addInstance')}
                  </Button>
                )}
              </Group>
              {a.description && (
                <Text size="sm" c="dimmed">
                  {a.description}
                </Text>
              )}
              <Stack gap="xs" mt="xs">
                {a.instances.length === 0 ? (
                  <Text size="sm" c="dimmed">
                    {t('equipement.activites.noInstance')}
                  </Text>
                ) : (
                  a.instances.map((i) => <InstanceRow key={i.id} instance={i} editable={editable} equipementId={equipement.id} />)
                )}
              </Stack>
            </Card>
          ))
        )}
      </QueryState>
    </Stack>
  );
}

/** One occurrence: its progression, completed and validated; once validated it is read-only (the server says 409). */
function InstanceRow({ instance, editable, equipementId }: { instance: ActiviteInstance; editable: boolean; equipementId: number }) {
  const { t } = useTranslation();
  const update = useEquipementMutation(API.equipement.updateInstance, { scope: equipementKeys.activites(equipementId) });
  const readOnly = !editable || instance.validated;
  const [progression, setProgression] = useState(instance.progression);
  const send = (changes: { progression?: number; completed?: boolean; validated?: boolean }) =>
    update.mutate({ body: { id: instance.id, version: instance.version, ...changes } });
  const label = instance.datePrevue
    ? t('equipement.activites.instanceOn', { date: instance.datePrevue.split('-').reverse().join('/') })
    : t('equipement.activites.instance', { id: instance.id });
  return (
    <Group gap="md" wrap="wrap" align="center">
      <Text size="sm" w={140}>
        {label}
      </Text>
      {readOnly ? (
        <Progress value={instance.progression} w={160} aria-label={t('equipement.activites.progression')} />
      ) : (
        <Slider
          w={160}
          min={0}
          max={100}
          step={5}
          value={progression}
          onChange={setProgression}
          onChangeEnd={(v) => send({ progression: v })}
          label={(v) => `${v} %`}
          thumbProps={{ 'aria-label': t('equipement.activites.progression') }}
        />
      )}
      <Text size="sm">{instance.progression} %</Text>
      <Checkbox
        label={t('equipement.activites.completed')}
        checked={instance.completed}
        disabled={readOnly}
        onChange={(e) => send({ completed: e.currentTarget.checked })}
      />
      <Checkbox
        label={t('equipement.activites.validated')}
        checked={instance.validated}
        disabled={readOnly || !instance.completed}
        onChange={(e) => send({ validated: e.currentTarget.checked })}
      />
      {instance.validated && <Badge color="green">{t('equipement.activites.locked')}</Badge>}
    </Group>
  );
}
