import type { ProcessHabilitation } from '@app/contracts';
import * as API from '@app/contracts/api';
import { ActionIcon, Badge, Button, Card, Group, MultiSelect, Select, Stack, Text, Title } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../../lib/api.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { ConfirmModal } from '../../../ui/confirm-modal.tsx';
import { habilitationKeys } from '../habilitation.keys.ts';
import { useSymboles } from '../habilitation.queries.ts';
import { usePeople } from '../habilitation-people.ts';

/** The symbols a habilitation request grants, per person: `update` replaces one person's list, so adding sends it whole. */
export function nextHabilitationIds(rows: readonly ProcessHabilitation[], utilisateurId: number, added: readonly number[]): number[] {
  const current = rows.filter((r) => r.sens === 'accordee' && r.utilisateurId === utilisateurId).map((r) => r.habilitationId);
  return [...new Set([...current, ...added])];
}

/**
 * A habilitation request (software mh): the symbols it grants to whom once validated (process_habilitation, sens
 * « accordée »), listed per person; while the request is open, whoever may update it adds and removes them.
 */
export function ProcessHabilitations({ processId, canUpdate }: { processId: number; canUpdate: boolean }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const key = [...habilitationKeys.all, 'process', processId] as const;
  const rows = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => callApi(API.habilitation.processHabilitations, { query: { processId }, signal }),
  });
  const symboles = useSymboles();
  const people = usePeople();
  const [personne, setPersonne] = useState<string | null>(null);
  const [codes, setCodes] = useState<string[]>([]);
  const [removing, setRemoving] = useState<ProcessHabilitation | null>(null);
  const refresh = () => qc.invalidateQueries({ queryKey: key });
  const add = useMutation({
    mutationFn: () =>
      callApi(API.habilitation.processHabilitationUpdate, {
        body: {
          processId,
          sens: 'accordee',
          utilisateurId: Number(personne),
          habilitationIds: nextHabilitationIds(rows.data ?? [], Number(personne), codes.map(Number)),
        },
      }),
    onSuccess: () => {
      setCodes([]);
      notifySuccess(t('habilitation.process.added'));
      return refresh();
    },
    onError: notifyError,
  });
  const remove = useMutation({
    mutationFn: (id: number) => callApi(API.habilitation.processHabilitationRemove, { body: { id } }),
    onSuccess: () => {
      setRemoving(null);
      return refresh();
    },
    onError: notifyError,
  });
  const granted = (rows.data ?? []).filter((r) => r.sens === 'accordee');
  const byPerson = [...new Map(granted.map((r) => [r.utilisateurId ?? 0, r.utilisateur ?? t('habilitation.process.signers')])).entries()];

  return (
    <Card withBorder padding="sm" mt="md" component="section" aria-labelledby="process-habilitations-title">
      <Stack gap="xs">
        <Title order={2} size="h5" id="process-habilitations-title">
          {t('habilitation.process.title')}
        </Title>
        <Text size="xs" c="dimmed">
          {t('habilitation.process.help')}
        </Text>
        {rows.isPending ? (
          <Text size="sm">{t('common.loading')}</Text>
        ) : !granted.length ? (
          <Text size="sm">{t('habilitation.process.empty')}</Text>
        ) : (
          <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {byPerson.map(([id, nom]) => (
              <li key={id}>
                <Text size="sm" fw={600}>
                  {nom}
                </Text>
                <Group gap={4}>
                  {granted
                    .filter((r) => (r.utilisateurId ?? 0) === id)
                    .map((r) => (
                      <Badge
                        key={r.id}
                        variant="light"
                        title={r.libelle}
                        rightSection={
                          canUpdate ? (
                            <ActionIcon
                              size={24}
                              variant="transparent"
                              aria-label={t('habilitation.process.remove', { code: r.code, nom })}
                              onClick={() => setRemoving(r)}
                            >
                              <IconX size={14} />
                            </ActionIcon>
                          ) : undefined
                        }
                      >
                        {r.code}
                      </Badge>
                    ))}
                </Group>
              </li>
            ))}
          </Stack>
        )}
        {canUpdate && (
          <Stack gap="xs">
            <Select
              label={t('habilitation.process.person')}
              searchable
              data={(people.data ?? []).map((p) => ({ value: String(p.id), label: p.fullName }))}
              value={personne}
              onChange={setPersonne}
            />
            <MultiSelect
              label={t('habilitation.process.symbols')}
              searchable
              data={(symboles.data ?? []).filter((s) => s.actif).map((s) => ({ value: String(s.id), label: `${s.code} — ${s.libelle}` }))}
              value={codes}
              onChange={setCodes}
            />
            <Button size="xs" disabled={!personne || !codes.length} loading={add.isPending} onClick={() => add.mutate()}>
              {t('habilitation.process.add')}
            </Button>
          </Stack>
        )}
      </Stack>
      <ConfirmModal
        opened={removing !== null}
        title={t('habilitation.process.removeTitle', { code: removing?.code ?? '' })}
        message={t('habilitation.process.removeText', { code: removing?.code ?? '', nom: removing?.utilisateur ?? '' })}
        confirmLabel={t('habilitation.process.removeConfirm')}
        color="red"
        loading={remove.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={() => removing && remove.mutate(removing.id)}
      />
    </Card>
  );
}
