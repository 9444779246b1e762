import { type ConsignationDetail, displayNumero, ETAT_CONSIGNATION_LABELS, ETATS_FINAUX } from '@app/contracts';
import { Alert, Anchor, Card, Grid, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconCornerDownRight, IconCornerLeftUp } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isApiError } from '../../../lib/api.ts';
import { QueryError } from '../../../ui/query-error.tsx';
import { useConsignation } from '../consignation.queries.ts';
import { Attestations } from './attestations.tsx';
import { IsolationPoints } from './isolation-points.tsx';
import { LockoutState } from './lockout-state.tsx';
import { OperationsChecklist } from './operations-checklist.tsx';
import { PersonalPadlocks } from './personal-padlocks.tsx';

/** The mother a daughter works under, and the daughters of a mother (open or not), each a link to its process. */
function LockoutLinks({ detail: d }: { detail: ConsignationDetail }) {
  const { t } = useTranslation();
  if (!d.mere && d.filles.length === 0) return null;
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="lockout-links-title">
      <Stack gap="xs">
        <Title order={2} size="h4" id="lockout-links-title">
          {d.mere ? t('consignation.links.mereTitle') : t('consignation.links.fillesTitle', { count: d.filles.length })}
        </Title>
        {d.mere && (
          <Group gap={6} wrap="wrap">
            <IconCornerLeftUp size={16} aria-hidden />
            <Anchor component={Link} to={`/app/processus/${d.mere.processId}`} mod="touch-target">
              {t('consignation.links.process', { numero: displayNumero(d.mere.numero), nom: d.mere.nomProcess })}
            </Anchor>
            <Text size="sm">({ETAT_CONSIGNATION_LABELS[d.mere.etat]})</Text>
          </Group>
        )}
        {d.filles.length > 0 && (
          <Stack component="ul" gap={2} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {d.filles.map((f) => (
              <Group component="li" key={f.processId} gap={6} wrap="wrap">
                <IconCornerDownRight size={16} aria-hidden />
                <Anchor component={Link} to={`/app/processus/${f.processId}`} mod="touch-target">
                  {t('consignation.links.process', { numero: displayNumero(f.numero), nom: f.nomProcess })}
                </Anchor>
                <Text size="sm">
                  ({f.etatLibelle}
                  {f.ouverte ? ` · ${t('consignation.links.ouverte')}` : ''})
                </Text>
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}

interface LockoutTabProps {
  processId: number;
  /** The person may change the process (ability and the process's own abilities). */
  canUpdate: boolean;
  /** A write moved the lockout: the process screen reads the process again (its status, its steps). */
  onChanged?: () => void;
}

/**
 * The « Consignation » tab of a lockout's process: its state and moves, the operations checklist, the isolation
 * points with their padlocks, the personal padlocks, the attestation and the avis de fin de travail, the mother and
 * daughters. Stacked in one column on a phone (large targets: the field part), two columns on a wide screen.
 */
export function LockoutTab({ processId, canUpdate, onChanged }: LockoutTabProps) {
  const { t } = useTranslation();
  const lockout = useConsignation(processId);
  if (lockout.isError) {
    if (isApiError(lockout.error) && lockout.error.status === 404)
      return (
        <Alert color="gray" variant="light">
          {t('consignation.tab.notFound')}
        </Alert>
      );
    return <QueryError error={lockout.error} onRetry={() => lockout.refetch()} />;
  }
  if (!lockout.data)
    return (
      <Stack aria-busy="true" aria-label={t('common.loading')}>
        <Skeleton height={140} />
        <Skeleton height={220} />
      </Stack>
    );
  const d = lockout.data;
  const canEdit = canUpdate && d.abilities.update !== false && !ETATS_FINAUX.includes(d.etat);
  return (
    <Stack gap="md">
      {d.equipementLibelle && (
        <Text size="sm">
          {t('consignation.tab.ouvrage')} <strong>{d.equipementLibelle}</strong>
          {d.nameConsignation && ` · ${d.nameConsignation}`}
        </Text>
      )}
      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <Stack gap="md">
            <LockoutState detail={d} canEdit={canEdit} onChanged={onChanged} />
            <PersonalPadlocks detail={d} canEdit={canEdit} onChanged={onChanged} />
            <LockoutLinks detail={d} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <Stack gap="md">
            <OperationsChecklist detail={d} canEdit={canEdit} onChanged={onChanged} />
            <Attestations detail={d} canEdit={canEdit} onChanged={onChanged} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={12}>
          <IsolationPoints detail={d} canEdit={canEdit} onChanged={onChanged} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
