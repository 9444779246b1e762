import type { HabilitationEvaluation } from '@app/contracts';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const STATUT_COLORS = { en_cours: 'blue', soumise: 'gray', expiree: 'orange' } as const;

/** En cours, soumise, expirée. */
export function StatutBadge({ statut }: { statut: HabilitationEvaluation['statut'] }) {
  const { t } = useTranslation();
  return (
    <Badge color={STATUT_COLORS[statut]} variant="light">
      {t(`qcm.statut.${statut}`)}
    </Badge>
  );
}

/** Réussi / échoué, or a dash while the attempt runs. */
export function ResultBadge({ reussi }: { reussi: boolean | null }) {
  const { t } = useTranslation();
  if (reussi === null) return <>—</>;
  return (
    <Badge color={reussi ? 'teal' : 'red'} variant="light">
      {reussi ? t('qcm.result.passed') : t('qcm.result.failed')}
    </Badge>
  );
}
