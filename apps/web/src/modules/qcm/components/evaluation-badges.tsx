import { formatFull, type HabilitationEvaluation } from '@app/contracts';
import { Badge, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const STATUT_COLORS = { en_cours: 'blue', soumise: 'gray', expiree: 'orange' } as const;
const fr = (n: number | null) => (n === null ? '' : n.toLocaleString('fr-FR', { maximumFractionDigits: 2 }));

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

/** The header cells of an attempt's outcome, in every list of attempts: date, state, score, result. */
export function AttemptOutcomeHead() {
  const { t } = useTranslation();
  return (
    <>
      <Table.Th>{t('qcm.fields.date')}</Table.Th>
      <Table.Th>{t('qcm.fields.statut')}</Table.Th>
      <Table.Th>{t('qcm.fields.score')}</Table.Th>
      <Table.Th>{t('qcm.fields.reussi')}</Table.Th>
    </>
  );
}

/** The cells under AttemptOutcomeHead for one attempt. */
export function AttemptOutcomeCells({ e }: { e: HabilitationEvaluation }) {
  return (
    <>
      <Table.Td>{formatFull(e.startedAt)}</Table.Td>
      <Table.Td>
        <StatutBadge statut={e.statut} />
      </Table.Td>
      <Table.Td>{e.score === null ? '—' : `${fr(e.score)} / ${fr(e.max)} (${fr(e.percent)} %)`}</Table.Td>
      <Table.Td>
        <ResultBadge reussi={e.reussi} />
      </Table.Td>
    </>
  );
}
