import { Alert, Button, Group, Select, Skeleton, Stack, Text } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../../lib/notify.ts';
import { QueryState } from '../../../ui/query-state.tsx';
import { planUrlOf, useEquipementPlace, useLocalisations, useSaveEquipementPlace } from '../localisation.queries.ts';
import { PlanView } from './plan-view.tsx';

/**
 * The location tab of an equipment's detail: choose its location, place its marker on the plan (click or tap the
 * plan, drag the marker, or move it with the arrow keys) and save through the equipment's update.
 */
export function EquipementLocalisationTab({ equipementId }: { equipementId: number }) {
  const { t } = useTranslation();
  const eq = useEquipementPlace(equipementId);
  const locs = useLocalisations();
  const save = useSaveEquipementPlace();
  const [place, setPlace] = useState<{ localisationId: number | null; x: number | null; y: number | null }>({
    localisationId: null,
    x: null,
    y: null,
  });
  const [selected, setSelected] = useState<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: follow the equipment's version only
  useEffect(() => {
    if (eq.data) setPlace({ ...eq.data.marker });
  }, [eq.data?.version]);

  const loc = (locs.data ?? []).find((l) => l.id === place.localisationId) ?? null;
  const src = loc ? planUrlOf(loc) : null;
  const canUpdate = eq.data?.abilities.update ?? false;
  const changed =
    !!eq.data && (eq.data.marker.localisationId !== place.localisationId || eq.data.marker.x !== place.x || eq.data.marker.y !== place.y);

  return (
    <QueryState query={[eq, locs]}>
      {eq.isPending || locs.isPending ? (
        <Skeleton height={200} aria-label={t('common.loading')} />
      ) : (
        <Stack gap="md">
          <Select
            label={t('localisation.tab.choose')}
            placeholder={t('localisation.tab.none')}
            clearable
            searchable
            disabled={!canUpdate}
            data={(locs.data ?? []).map((l) => ({ value: String(l.id), label: l.libelle }))}
            value={place.localisationId ? String(place.localisationId) : null}
            onChange={(v) => setPlace({ localisationId: v ? Number(v) : null, x: v ? 0.5 : null, y: v ? 0.5 : null })}
          />
          {loc && !src && <Alert color="gray">{t('localisation.tab.noPlan')}</Alert>}
          {loc && src && (
            <>
              <Text size="sm" c="dimmed">
                {t('localisation.tab.help')}
              </Text>
              <PlanView
                src={src}
                alt={t('localisation.plan.alt', { libelle: loc.libelle })}
                label={t('localisation.plan.region', { libelle: loc.libelle })}
                markers={[
                  ...loc.markers.map((m) => ({
                    key: `m${m.id}`,
                    libelle: m.libelle,
                    x: m.x,
                    y: m.y,
                    couleur: m.couleur,
                    icon: m.icon,
                    movable: false,
                  })),
                  ...(place.x !== null && place.y !== null
                    ? [
                        {
                          key: 'eq',
                          libelle: eq.data?.name ?? t('localisation.tab.marker'),
                          x: place.x,
                          y: place.y,
                          couleur: eq.data?.color ?? '#495057',
                          icon: eq.data?.icon ?? 'tool',
                          movable: canUpdate,
                          equipement: true,
                        },
                      ]
                    : []),
                ]}
                selected={selected}
                onSelect={setSelected}
                onMove={(key, x, y) => key === 'eq' && setPlace((p) => ({ ...p, x, y }))}
                onPlace={canUpdate ? (x, y) => setPlace((p) => ({ ...p, x, y })) : undefined}
              />
            </>
          )}
          {canUpdate && (
            <Group>
              <Button
                leftSection={<IconDeviceFloppy size={16} />}
                disabled={!changed}
                loading={save.isPending}
                onClick={() => eq.data && save.mutate({ id: equipementId, version: eq.data.version, ...place }, { onError: notifyError })}
              >
                {t('localisation.tab.save')}
              </Button>
            </Group>
          )}
        </Stack>
      )}
    </QueryState>
  );
}
