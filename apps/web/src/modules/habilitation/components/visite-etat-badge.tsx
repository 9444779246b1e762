import type { VisiteMedicale } from '@app/contracts';
import { Badge } from '@mantine/core';
import { IconBan, IconCircleCheck, IconCircleX, IconClockExclamation } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

const LOOK = {
  valide: { color: 'teal', Icon: IconCircleCheck },
  expire_bientot: { color: 'orange', Icon: IconClockExclamation },
  expire: { color: 'red', Icon: IconCircleX },
  annulee: { color: 'gray', Icon: IconBan },
} as const;

/** The validity of a medical visit: icon, word and colour (valid, ends within 60 days, expired, cancelled). */
export function VisiteEtatBadge({ etat }: { etat: VisiteMedicale['etat'] }) {
  const { t } = useTranslation();
  const { color, Icon } = LOOK[etat];
  return (
    <Badge color={color} variant="light" c="dark.9" leftSection={<Icon size={12} aria-hidden />}>
      {t(`habilitation.visite.etat.${etat}`)}
    </Badge>
  );
}
