import { type Localisation, type LocalisationMarkerInput, PLAN_IMAGE_TYPES } from '@app/contracts';
import { Alert, Badge, Button, FileButton, Grid, Group, NavLink, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconDeviceFloppy, IconPencil, IconPlus, IconUpload } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../../lib/notify.ts';
import { DeleteConfirmModal } from '../../../ui/delete-confirm-modal.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { QueryState } from '../../../ui/query-state.tsx';
import { DeleteRowAction, RowAction } from '../../../ui/row-action.tsx';
import { useAbility } from '../../auth/index.ts';
import { LocalisationFormModal } from '../components/localisation-form-modal.tsx';
import { MarkerFormModal } from '../components/marker-form-modal.tsx';
import { MarkerIcon } from '../components/marker-icon.tsx';
import { type PlanMarker, PlanView } from '../components/plan-view.tsx';
import {
  planUrlOf,
  useDeleteLocalisation,
  useEquipementsOnLocation,
  useLocalisations,
  useSaveMarkers,
  useUploadPlan,
} from '../localisation.queries.ts';

const ACCEPT = Object.values(PLAN_IMAGE_TYPES)
  .filter((v, i, a) => a.indexOf(v) === i)
  .join(',');
/** A marker being edited: its input and a key of its own (the list's order changes). */
type EditedMarker = LocalisationMarkerInput & { uid: string };
let uids = 0;
const uid = () => `n${++uids}`;
const toInput = (l: Localisation): EditedMarker[] =>
  l.markers.map((m) => ({
    uid: `s${m.id}`,
    libelle: m.libelle,
    x: m.x,
    y: m.y,
    couleur: m.couleur,
    icon: m.icon as LocalisationMarkerInput['icon'],
  }));

/** /app/localisations: the company's locations, each with its plan, its free markers and the equipment placed on it. */
export function LocalisationsPage() {
  const { t } = useTranslation();
  const ability = useAbility();
  const list = useLocalisations();
  const [currentId, setCurrentId] = useState<number | null>(null);
  const [editing, setEditing] = useState<{ open: boolean; l: Localisation | null }>({ open: false, l: null });
  const [deleting, setDeleting] = useState<Localisation | null>(null);
  const remove = useDeleteLocalisation();
  const rows = list.data ?? [];
  const current = rows.find((l) => l.id === currentId) ?? rows[0] ?? null;

  return (
    <Stack gap={0}>
      <PageHeader
        title={t('localisation.title')}
        actions={
          ability.can('create', 'Localisation') && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ open: true, l: null })}>
              {t('localisation.new')}
            </Button>
          )
        }
      />
      <QueryState query={list}>
        {list.isPending ? (
          <Skeleton height={240} aria-label={t('common.loading')} />
        ) : rows.length === 0 ? (
          <Text c="dimmed">{t('localisation.empty')}</Text>
        ) : (
          <Grid>
            <Grid.Col span={{ base: 12, md: 3 }}>
              <nav aria-label={t('localisation.list')}>
                {rows.map((l) => (
                  <NavLink
                    key={l.id}
                    component="button"
                    active={current?.id === l.id}
                    aria-current={current?.id === l.id ? 'true' : undefined}
                    label={l.libelle}
                    description={t('localisation.nbEquipements', { count: l.nbEquipements })}
                    leftSection={<MarkerIcon name={l.icon} />}
                    onClick={() => setCurrentId(l.id)}
                  />
                ))}
              </nav>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 9 }}>
              {current && (
                <LocalisationDetail
                  key={current.id}
                  l={current}
                  onEdit={() => setEditing({ open: true, l: current })}
                  onDelete={() => {
                    remove.reset();
                    setDeleting(current);
                  }}
                />
              )}
            </Grid.Col>
          </Grid>
        )}
      </QueryState>
      <LocalisationFormModal
        opened={editing.open}
        localisation={editing.l}
        all={rows}
        onClose={() => setEditing((e) => ({ ...e, open: false }))}
        onSaved={(l) => setCurrentId(l.id)}
      />
      <DeleteConfirmModal
        target={deleting}
        title={t('localisation.confirmDelete.title')}
        message={t('localisation.confirmDelete.text', { libelle: deleting?.libelle ?? '' })}
        mutation={remove}
        onClose={() => setDeleting(null)}
        onConfirm={(d) =>
          remove.mutate(d.id, {
            onSuccess: () => {
              setDeleting(null);
              setCurrentId(null);
            },
          })
        }
      />
    </Stack>
  );
}

function LocalisationDetail({ l, onEdit, onDelete }: { l: Localisation; onEdit: () => void; onDelete: () => void }) {
  const { t } = useTranslation();
  const ability = useAbility();
  const canUpdate = l.abilities?.update ?? false;
  const canDelete = l.abilities?.delete ?? false;
  const readsEquipement = ability.can('read', 'Equipement');
  const equipements = useEquipementsOnLocation(l.id, readsEquipement);
  const upload = useUploadPlan();
  const saveMarkers = useSaveMarkers();
  const [markers, setMarkers] = useState<EditedMarker[]>(() => toInput(l));
  const [dirty, setDirty] = useState(false);
  const [selected, setSelected] = useState<string | null>(null);
  const [markerForm, setMarkerForm] = useState<{ open: boolean; index: number | null }>({ open: false, index: null });

  // A new version of the location from the server (saved, or changed elsewhere) replaces unchanged markers.
  // biome-ignore lint/correctness/useExhaustiveDependencies: follow the version only
  useEffect(() => {
    if (!dirty) setMarkers(toInput(l));
  }, [l.version]);

  const src = planUrlOf(l);
  const planMarkers: PlanMarker[] = useMemo(
    () => [
      ...markers.map((m) => ({
        key: m.uid,
        libelle: m.libelle,
        x: m.x,
        y: m.y,
        couleur: m.couleur ?? null,
        icon: m.icon ?? null,
        movable: canUpdate,
      })),
      ...(equipements.data ?? [])
        .filter((e) => e.marker.x !== null && e.marker.y !== null)
        .map((e) => ({
          key: `e${e.id}`,
          libelle: t('localisation.markers.equipement', { name: e.name }),
          x: e.marker.x ?? 0,
          y: e.marker.y ?? 0,
          couleur: e.color,
          icon: e.icon ?? 'tool',
          movable: false,
          equipement: true,
        })),
    ],
    [markers, equipements.data, canUpdate, t],
  );

  const moveMarker = (key: string, x: number, y: number) => {
    if (key.startsWith('e')) return;
    setMarkers((ms) => ms.map((m) => (m.uid === key ? { ...m, x, y } : m)));
    setDirty(true);
  };
  const save = () =>
    saveMarkers.mutate(
      { id: l.id, version: l.version, markers: markers.map(({ uid: _u, ...m }) => m) },
      { onSuccess: () => setDirty(false), onError: notifyError },
    );

  return (
    <Paper withBorder p="md">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap">
          <div>
            <Title order={2} size="h3">
              {l.libelle}
            </Title>
            {l.description && <Text c="dimmed">{l.description}</Text>}
          </div>
          <Group gap="xs">
            {canUpdate && (
              <FileButton accept={ACCEPT} onChange={(f) => f && upload.mutate({ id: l.id, file: f }, { onError: notifyError })}>
                {(props) => (
                  <Button {...props} variant="light" leftSection={<IconUpload size={16} />} loading={upload.isPending}>
                    {l.image ? t('localisation.plan.replace') : t('localisation.plan.upload')}
                  </Button>
                )}
              </FileButton>
            )}
            {canUpdate && (
              <RowAction label={`${t('common.edit')} ${l.libelle}`} tooltip={t('common.edit')} onClick={onEdit}>
                <IconPencil size={18} />
              </RowAction>
            )}
            {canDelete && <DeleteRowAction name={l.libelle} onClick={onDelete} />}
          </Group>
        </Group>

        {src ? (
          <>
            <Text size="sm" c="dimmed">
              {t('localisation.plan.help')}
            </Text>
            <PlanView
              src={src}
              alt={t('localisation.plan.alt', { libelle: l.libelle })}
              label={t('localisation.plan.region', { libelle: l.libelle })}
              markers={planMarkers}
              selected={selected}
              onSelect={setSelected}
              onMove={moveMarker}
            />
          </>
        ) : (
          <Alert color="gray">{t('localisation.plan.none')}</Alert>
        )}

        <Stack gap="xs">
          <Group justify="space-between" wrap="wrap">
            <Title order={3} size="h4">
              {t('localisation.markers.title')}
            </Title>
            {canUpdate && (
              <Group gap="xs">
                <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => setMarkerForm({ open: true, index: null })}>
                  {t('localisation.markers.add')}
                </Button>
                <Button leftSection={<IconDeviceFloppy size={16} />} disabled={!dirty} loading={saveMarkers.isPending} onClick={save}>
                  {t('localisation.markers.save')}
                </Button>
              </Group>
            )}
          </Group>
          {dirty && (
            <Text size="sm" fw={600} role="status">
              {t('localisation.markers.unsaved')}
            </Text>
          )}
          {markers.length === 0 ? (
            <Text c="dimmed">{t('localisation.markers.none')}</Text>
          ) : (
            <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {markers.map((m, i) => (
                <Group key={m.uid} component="li" justify="space-between" wrap="nowrap">
                  <Group gap="xs" wrap="nowrap">
                    <MarkerIcon name={m.icon} />
                    <Text>{m.libelle}</Text>
                    <Text size="sm" c="dimmed">
                      {Math.round(m.x * 100)} % · {Math.round(m.y * 100)} %
                    </Text>
                  </Group>
                  {canUpdate && (
                    <Group gap={4} wrap="nowrap">
                      <RowAction
                        label={`${t('common.edit')} ${m.libelle}`}
                        tooltip={t('common.edit')}
                        onClick={() => setMarkerForm({ open: true, index: i })}
                      >
                        <IconPencil size={18} />
                      </RowAction>
                      <DeleteRowAction
                        name={m.libelle}
                        onClick={() => {
                          setMarkers((ms) => ms.filter((_, j) => j !== i));
                          setDirty(true);
                          setSelected(null);
                        }}
                      />
                    </Group>
                  )}
                </Group>
              ))}
            </Stack>
          )}
        </Stack>

        {readsEquipement && (
          <Stack gap="xs">
            <Title order={3} size="h4">
              {t('localisation.markers.equipements')}
            </Title>
            {equipements.isPending ? (
              <Skeleton height={24} />
            ) : (equipements.data ?? []).length === 0 ? (
              <Text c="dimmed">{t('localisation.markers.noEquipement')}</Text>
            ) : (
              <Group gap="xs">
                {(equipements.data ?? []).map((e) => (
                  <Badge key={e.id} variant="light" color="gray" leftSection={<MarkerIcon name={e.icon ?? 'tool'} size={12} />}>
                    {e.name}
                  </Badge>
                ))}
              </Group>
            )}
          </Stack>
        )}
      </Stack>
      <MarkerFormModal
        opened={markerForm.open}
        marker={markerForm.index === null ? null : (markers[markerForm.index] ?? null)}
        onClose={() => setMarkerForm((f) => ({ ...f, open: false }))}
        onSubmit={(v) => {
          if (markerForm.index === null) {
            const key = uid();
            setMarkers((ms) => [...ms, { ...v, uid: key, x: 0.5, y: 0.5 }]);
            setSelected(key);
          } else {
            const at = markerForm.index;
            setMarkers((ms) => ms.map((m, j) => (j === at ? { ...m, ...v } : m)));
          }
          setDirty(true);
        }}
      />
    </Paper>
  );
}
