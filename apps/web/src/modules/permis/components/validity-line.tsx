import type { Permis } from '@app/contracts';
import { Badge, Group, Stack, Text } from '@mantine/core';
import { IconClockHour4 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatDuration, type ValidityState, validityOf } from '../permis-time.ts';

const COLORS: Record<ValidityState, string> = { sans_fenetre: 'gray', a_venir: 'blue', valide: 'teal', bientot: 'orange', expire: 'red' };
/** The states in which the window still matters (a closed, cancelled or finished permit no longer expires). */
const RUNNING = new Set(['delivre', 'en_cours', 'suspendu', 'demande']);

/** The validity window, with « Commence dans … », « Expire dans … » or « Expiré depuis … » read at `now`. */
export function ValidityLine({ permis: p, now }: { permis: Permis; now: number }) {
  const { t } = useTranslation();
  const v = validityOf(p.dateDebut, p.dateFin, now);
  const text =
    v.state === 'a_venir'
      ? t('permis.validity.startsIn', { duree: formatDuration(v.ms) })
      : v.state === 'expire'
        ? t('permis.validity.expired', { duree: formatDuration(v.ms) })
        : v.state === 'sans_fenetre'
          ? null
          : t('permis.validity.expiresIn', { duree: formatDuration(v.ms) });
  return (
    <Stack gap={4}>
      <Group gap="xs" wrap="wrap">
        <Text size="sm">{t('permis.validity.window', { debut: formatDateTime(p.dateDebut), fin: formatDateTime(p.dateFin) })}</Text>
        {text && RUNNING.has(p.etat) && (
          <Badge size="lg" variant="light" color={COLORS[v.state]} leftSection={<IconClockHour4 size={14} aria-hidden />}>
            {text}
          </Badge>
        )}
      </Group>
      {p.modeValidite && (
        <Text size="xs" c="gray.7">
          {t('permis.validity.mode', { mode: t(`permis.modes.${p.modeValidite}`) })}
        </Text>
      )}
      {p.dateFinInitiale !== p.dateFin && (
        <Text size="xs" c="gray.7">
          {t('permis.validity.initialEnd', { fin: formatDateTime(p.dateFinInitiale) })}
        </Text>
      )}
    </Stack>
  );
}
