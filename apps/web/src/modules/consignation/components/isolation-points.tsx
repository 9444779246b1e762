import { type ConsignationDetail, ENERGIES, type PointConsignation } from '@app/contracts';
import * as API from '@app/contracts/api';
import { Badge, Button, Card, Group, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconCopy, IconLock, IconLockOpen, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../../lib/api.ts';
import { messageOfError, notifyError, notifySuccess } from '../../../lib/notify.ts';
import { ConfirmModal } from '../../../ui/confirm-modal.tsx';
import { FormModal } from '../../../ui/form-modal.tsx';
import { useLockoutWrite } from '../consignation.queries.ts';
import { formatInstant } from '../consignation-format.ts';
import { pointPadlockEditable, pointPadlockRemovable, pointsOpen } from '../lockout-rules.ts';

interface Props {
  detail: ConsignationDetail;
  canEdit: boolean;
  onChanged?: () => void;
}

type Energie = (typeof ENERGIES)[number];
const isEnergie = (e: string): e is Energie => (ENERGIES as readonly string[]).includes(e);

type PointDraft = {
  repere: string;
  energie: string | null;
  dispositif: string;
  positionRequise: string;
  moyenCondamnation: string;
  methodeVerification: string;
  numeroCadenas: string;
};
const EMPTY: PointDraft = {
  repere: '',
  energie: 'electrique',
  dispositif: '',
  positionRequise: '',
  moyenCondamnation: '',
  methodeVerification: '',
  numeroCadenas: '',
};

/** One point: what isolates it, its padlock (number, who put it on and when, removal), and its padlock's input. */
function PointCard({
  p,
  etat,
  canEdit,
  onSet,
  onRemove,
  saving,
}: {
  p: PointConsignation;
  etat: ConsignationDetail['etat'];
  canEdit: boolean;
  onSet: (numero: string) => void;
  onRemove: () => void;
  saving: boolean;
}) {
  const { t } = useTranslation();
  const [numero, setNumero] = useState(p.numeroCadenas ?? '');
  const editable = canEdit && pointPadlockEditable(etat, p);
  const removable = canEdit && pointPadlockRemovable(etat, p);
  const changed = numero.trim() !== '' && numero.trim() !== (p.numeroCadenas ?? '');
  return (
    <Card component="li" withBorder padding="sm" aria-label={t('consignation.points.point', { repere: p.repere })}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={700}>{p.repere}</Text>
          <Group gap={4}>
            <Badge variant="light" color="gray" c="dark.9" tt="none">
              {isEnergie(p.energie) ? t(`equipement.energie.${p.energie}`) : p.energie}
            </Badge>
            {p.herite && (
              <Badge variant="outline" color="gray.8" tt="none">
                {t('consignation.points.herite')}
              </Badge>
            )}
          </Group>
        </Group>
        <Text size="sm">
          {p.dispositif} · {t('consignation.points.position', { position: p.positionRequise })}
          {p.moyenCondamnation && ` · ${p.moyenCondamnation}`}
          {p.methodeVerification && ` · ${t('consignation.points.verification', { methode: p.methodeVerification })}`}
        </Text>
        {p.dependances > 1 && (
          <Text size="xs" c="dimmed">
            {t('consignation.points.dependances', { count: p.dependances })}
          </Text>
        )}
        <Text size="sm" fw={600}>
          {p.retrait
            ? t('consignation.points.removed', {
                numero: p.numeroCadenas ?? '—',
                nom: p.retrait.nom ?? '—',
                at: formatInstant(p.retrait.at),
              })
            : p.pose
              ? t('consignation.points.on', { numero: p.numeroCadenas ?? '—', nom: p.pose.nom ?? '—', at: formatInstant(p.pose.at) })
              : t('consignation.points.noPadlock')}
        </Text>
        {editable && (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              if (changed) onSet(numero.trim());
            }}
          >
            <Group align="flex-end" gap="xs" wrap="wrap">
              <TextInput
                label={t('consignation.points.numero', { repere: p.repere })}
                value={numero}
                onChange={(e) => setNumero(e.currentTarget.value)}
                maxLength={40}
                autoComplete="off"
                style={{ flex: '1 1 160px' }}
              />
              <Button type="submit" leftSection={<IconLock size={16} aria-hidden />} disabled={!changed} loading={saving}>
                {p.pose ? t('consignation.points.change') : t('consignation.points.set')}
              </Button>
            </Group>
          </form>
        )}
        {removable && (
          <Group>
            <Button variant="default" color="red" leftSection={<IconLockOpen size={16} aria-hidden />} onClick={onRemove}>
              {t('consignation.points.remove')}
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}

/**
 * The lockout's isolation points (copied from the equipment, or added here; a daughter sees its mother's as inherited
 * and may only add), each with its padlock number, editable while the lockout may change; removing a padlock is asked
 * for confirmation.
 */
export function IsolationPoints({ detail: d, canEdit, onChanged }: Props) {
  const { t } = useTranslation();
  const [adding, setAdding] = useState(false);
  const [draft, setDraft] = useState<PointDraft>(EMPTY);
  const [removing, setRemoving] = useState<PointConsignation | null>(null);
  const cadenas = useLockoutWrite(
    d.processId,
    (body: { id: number; numeroCadenas?: string; retrait?: boolean }) => callApi(API.consignation.pointCadenas, { body }),
    onChanged,
  );
  const copy = useLockoutWrite(d.processId, () => callApi(API.consignation.pointsCopy, { body: { processId: d.processId } }), onChanged);
  const create = useLockoutWrite(
    d.processId,
    (p: PointDraft) =>
      callApi(API.consignation.pointCreate, {
        body: {
          processId: d.processId,
          repere: p.repere.trim(),
          energie: p.energie && isEnergie(p.energie) ? p.energie : 'electrique',
          dispositif: p.dispositif.trim(),
          positionRequise: p.positionRequise.trim(),
          moyenCondamnation: p.moyenCondamnation.trim() || null,
          methodeVerification: p.methodeVerification.trim() || null,
          numeroCadenas: p.numeroCadenas.trim() || null,
        },
      }),
    onChanged,
  );
  const field = (k: keyof Omit<PointDraft, 'energie'>, label: string, required = false) => (
    <TextInput
      label={label}
      required={required}
      value={draft[k]}
      onChange={(e) => {
        const v = e.currentTarget.value;
        setDraft((old) => ({ ...old, [k]: v }));
      }}
      maxLength={k === 'numeroCadenas' ? 40 : 255}
    />
  );
  const ready = draft.repere.trim() && draft.dispositif.trim() && draft.positionRequise.trim() && draft.energie;

  return (
    <Card withBorder padding="md" component="section" aria-labelledby="lockout-points-title">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={2} size="h4" id="lockout-points-title">
            {t('consignation.points.title', { count: d.points.length })}
          </Title>
          {canEdit && pointsOpen(d.etat) && (
            <Group gap="xs">
              <Button
                variant="default"
                leftSection={<IconCopy size={16} aria-hidden />}
                loading={copy.isPending}
                onClick={() =>
                  copy.mutate(undefined, { onSuccess: () => notifySuccess(t('consignation.points.copied')), onError: notifyError })
                }
              >
                {t('consignation.points.copy')}
              </Button>
              <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setAdding(true)}>
                {t('consignation.points.add')}
              </Button>
            </Group>
          )}
        </Group>
        {d.points.length === 0 ? (
          <Text size="sm" c="dimmed">
            {canEdit ? t('consignation.points.emptyEdit') : t('consignation.points.empty')}
          </Text>
        ) : (
          <SimpleGrid component="ul" cols={{ base: 1, md: 2 }} spacing="xs" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {d.points.map((p) => (
              <PointCard
                key={`${p.id}-${p.numeroCadenas ?? ''}`}
                p={p}
                etat={d.etat}
                canEdit={canEdit}
                saving={cadenas.isPending && cadenas.variables?.id === p.id}
                onSet={(numeroCadenas) =>
                  cadenas.mutate(
                    { id: p.id, numeroCadenas },
                    { onSuccess: () => notifySuccess(t('consignation.points.saved', { repere: p.repere })), onError: notifyError },
                  )
                }
                onRemove={() => setRemoving(p)}
              />
            ))}
          </SimpleGrid>
        )}
      </Stack>
      <ConfirmModal
        opened={removing !== null}
        title={t('consignation.points.removeTitle', { repere: removing?.repere ?? '' })}
        message={t('consignation.points.removeText', { numero: removing?.numeroCadenas ?? '', repere: removing?.repere ?? '' })}
        confirmLabel={t('consignation.points.remove')}
        loading={cadenas.isPending}
        error={cadenas.error && removing ? messageOfError(cadenas.error) : null}
        onClose={() => {
          setRemoving(null);
          cadenas.reset();
        }}
        onConfirm={() =>
          removing &&
          cadenas.mutate(
            { id: removing.id, retrait: true },
            {
              onSuccess: () => {
                notifySuccess(t('consignation.points.removedOk', { repere: removing.repere }));
                setRemoving(null);
              },
            },
          )
        }
      />
      <FormModal
        opened={adding}
        title={t('consignation.points.addTitle')}
        onClose={() => {
          setAdding(false);
          create.reset();
        }}
        error={create.error}
        submitting={create.isPending}
        submitDisabled={!ready}
        submitLabel={t('consignation.points.add')}
        onSubmit={() =>
          create.mutate(draft, {
            onSuccess: () => {
              notifySuccess(t('consignation.points.added'));
              setDraft(EMPTY);
              setAdding(false);
            },
          })
        }
      >
        {field('repere', t('equipement.points.repere'), true)}
        <Select
          label={t('equipement.points.energie')}
          required
          allowDeselect={false}
          data={ENERGIES.map((e) => ({ value: e, label: t(`equipement.energie.${e}`) }))}
          value={draft.energie}
          onChange={(energie) => setDraft((old) => ({ ...old, energie }))}
        />
        {field('dispositif', t('equipement.points.dispositif'), true)}
        {field('positionRequise', t('equipement.points.positionRequise'), true)}
        {field('moyenCondamnation', t('equipement.points.moyenCondamnation'))}
        {field('methodeVerification', t('equipement.points.methodeVerification'))}
        {field('numeroCadenas', t('consignation.points.numeroNew'))}
      </FormModal>
    </Card>
  );
}
