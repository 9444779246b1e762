import type { Symbole } from '@app/contracts';
import { Badge, Button, Card, Group, NumberInput, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { IconPencil, IconPlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../../lib/notify.ts';
import { ConfirmModal } from '../../../ui/confirm-modal.tsx';
import { DataTable } from '../../../ui/data-table.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { QueryState } from '../../../ui/query-state.tsx';
import { RowAction } from '../../../ui/row-action.tsx';
import { useAbility } from '../../auth/index.ts';
import { SymboleFormModal } from '../components/symbole-form-modal.tsx';
import { useHabilitationSetting, useSaveHabilitationSetting, useSetSymboleActif, useSymboles } from '../habilitation.queries.ts';

/** /app/symboles-habilitation: the company's NF C18-510 catalogue (codes, what each covers, medical attestation, recyclage) and its default recyclage period. */
export function SymbolesPage() {
  const { t } = useTranslation();
  const ability = useAbility();
  const symboles = useSymboles();
  const setActif = useSetSymboleActif();
  const [showInactive, setShowInactive] = useState(false);
  const [editing, setEditing] = useState<{ open: boolean; s: Symbole | null }>({ open: false, s: null });
  const [deactivating, setDeactivating] = useState<Symbole | null>(null);
  const canCreate = ability.can('create', 'Habilitation');
  const canUpdate = ability.can('update', 'Habilitation');
  const rows = (symboles.data ?? []).filter((s) => showInactive || s.actif);

  return (
    <Stack gap="md">
      <PageHeader
        title={t('habilitation.symbole.title')}
        actions={
          canCreate && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ open: true, s: null })}>
              {t('habilitation.symbole.new')}
            </Button>
          )
        }
      />
      <RecyclageSetting canUpdate={canUpdate} />
      <Switch
        label={t('habilitation.symbole.showInactive')}
        checked={showInactive}
        onChange={(e) => setShowInactive(e.currentTarget.checked)}
      />
      <QueryState query={symboles}>
        <DataTable
          minWidth={760}
          striped
          verticalSpacing="xs"
          aria-label={t('habilitation.symbole.title')}
          rows={symboles.isPending ? undefined : rows}
          columns={6}
          empty={t('habilitation.symbole.empty')}
          head={
            <>
              <Table.Th>{t('habilitation.symbole.code')}</Table.Th>
              <Table.Th>{t('habilitation.symbole.libelle')}</Table.Th>
              <Table.Th>{t('habilitation.symbole.couvre')}</Table.Th>
              <Table.Th>{t('habilitation.symbole.medicalShort')}</Table.Th>
              <Table.Th>{t('habilitation.symbole.recyclageShort')}</Table.Th>
              <Table.Th ta="right">{t('common.actions')}</Table.Th>
            </>
          }
        >
          {(s) => (
            <Table.Tr key={s.id}>
              <Table.Th scope="row">
                <Group gap={6} wrap="nowrap">
                  {s.code}
                  {!s.actif && (
                    <Badge size="xs" color="gray" variant="light" c="dark.6">
                      {t('habilitation.symbole.inactive')}
                    </Badge>
                  )}
                </Group>
              </Table.Th>
              <Table.Td>
                {s.libelle}
                {s.domaine && (
                  <Text size="xs" c="dimmed">
                    {t(`habilitation.symbole.domaines.${s.domaine}`)}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{s.couvre.length ? s.couvre.join(', ') : '—'}</Table.Td>
              <Table.Td>{s.medicalRequis ? t('habilitation.symbole.yes') : t('habilitation.symbole.no')}</Table.Td>
              <Table.Td>
                {s.recyclageMois ? t('habilitation.symbole.months', { count: s.recyclageMois }) : t('habilitation.symbole.defaultPeriod')}
              </Table.Td>
              <Table.Td>
                <Group gap={4} justify="flex-end" wrap="nowrap">
                  {canUpdate && (
                    <RowAction
                      label={`${t('common.edit')} ${s.code}`}
                      tooltip={t('common.edit')}
                      onClick={() => setEditing({ open: true, s })}
                    >
                      <IconPencil size={18} />
                    </RowAction>
                  )}
                  {canUpdate && (
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      color={s.actif ? 'red' : 'teal'}
                      aria-label={
                        s.actif
                          ? t('habilitation.symbole.deactivateOne', { code: s.code })
                          : t('habilitation.symbole.activateOne', { code: s.code })
                      }
                      loading={setActif.isPending && setActif.variables?.id === s.id}
                      onClick={() => (s.actif ? setDeactivating(s) : setActif.mutate({ id: s.id, actif: true }, { onError: notifyError }))}
                    >
                      {s.actif ? t('habilitation.symbole.deactivate') : t('habilitation.symbole.activate')}
                    </Button>
                  )}
                </Group>
              </Table.Td>
            </Table.Tr>
          )}
        </DataTable>
      </QueryState>
      <SymboleFormModal opened={editing.open} symbole={editing.s} onClose={() => setEditing((e) => ({ ...e, open: false }))} />
      <ConfirmModal
        opened={deactivating !== null}
        title={t('habilitation.symbole.deactivateTitle', { code: deactivating?.code ?? '' })}
        message={t('habilitation.symbole.deactivateText')}
        confirmLabel={t('habilitation.symbole.deactivate')}
        loading={setActif.isPending}
        onClose={() => setDeactivating(null)}
        onConfirm={() =>
          deactivating &&
          setActif.mutate({ id: deactivating.id, actif: false }, { onSuccess: () => setDeactivating(null), onError: notifyError })
        }
      />
    </Stack>
  );
}

/** The company's default recyclage period (NF C18-510 recommends 3 years); a symbol may override it. */
function RecyclageSetting({ canUpdate }: { canUpdate: boolean }) {
  const { t } = useTranslation();
  const setting = useHabilitationSetting();
  const save = useSaveHabilitationSetting();
  const [value, setValue] = useState<string | number>('');
  useEffect(() => {
    if (setting.data) setValue(setting.data.recyclageMois);
  }, [setting.data]);
  const n = Number(value);
  const wrong = value === '' || !Number.isInteger(n) || n < 1 || n > 120;
  return (
    <Card withBorder padding="sm" component="section" aria-labelledby="recyclage-title">
      <Title order={2} size="h5" id="recyclage-title" mb={4}>
        {t('habilitation.symbole.recyclageDefault')}
      </Title>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!wrong) save.mutate(n, { onError: notifyError });
        }}
      >
        <Group align="flex-end" gap="sm">
          <NumberInput
            label={t('habilitation.symbole.recyclageMoisDefault')}
            description={t('habilitation.symbole.recyclageDefaultHelp')}
            min={1}
            max={120}
            allowDecimal={false}
            value={value}
            onChange={setValue}
            disabled={!canUpdate || setting.isPending}
            error={value !== '' && wrong ? t('habilitation.symbole.recyclageWrong') : undefined}
            w={280}
          />
          {canUpdate && (
            <Button type="submit" disabled={wrong || n === setting.data?.recyclageMois} loading={save.isPending}>
              {t('common.save')}
            </Button>
          )}
        </Group>
      </form>
    </Card>
  );
}
