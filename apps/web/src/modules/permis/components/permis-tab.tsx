import type { EtatPermisAffiche, Permis } from '@app/contracts';
import { Alert, Anchor, Badge, Button, Card, Group, List, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconEdit, IconLock, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCodeLabel } from '../../../lib/labels.ts';
import { QueryError } from '../../../ui/query-error.tsx';
import { usePermisOfProcess } from '../permis.queries.ts';
import { useNow } from '../permis-clock.ts';
import { formatDateTime } from '../permis-time.ts';
import { FireWatchPanel } from './fire-watch-panel.tsx';
import { linkedLockoutState } from './lockout-picker.tsx';
import { PermisActions } from './permis-actions.tsx';
import { PermisFormModal } from './permis-form-modal.tsx';
import { PermisSignatures } from './permis-signatures.tsx';
import { ValidityLine } from './validity-line.tsx';

export const ETAT_COLORS: Record<EtatPermisAffiche, string> = {
  demande: 'gray',
  delivre: 'blue',
  en_cours: 'teal',
  suspendu: 'orange',
  fin_travaux: 'grape',
  clos: 'dark',
  annule: 'gray',
  expire: 'red',
};

interface PermisTabProps {
  processId: number;
  /** Whether the person may change the process (its permit's acts are the process's). */
  canUpdate: boolean;
  /** Called after an act on the permit: the process screen reads the process again. */
  onChanged?: () => void;
}

/**
 * The permit of a permit process (package `permis`): the base permit and its complements, the validity window, the
 * lockouts it relies on, the signatures of issue and of the end of works, the acts the server allows now and, for
 * hot work, the post-work fire watch.
 */
export function PermisTab({ processId, canUpdate, onChanged }: PermisTabProps) {
  const { t } = useTranslation();
  const q = usePermisOfProcess(processId);
  const now = useNow(60_000);
  const [recording, setRecording] = useState(false);
  if (q.isError) return <QueryError error={q.error} onRetry={() => q.refetch()} />;
  if (!q.data) {
    return (
      <Stack aria-busy="true" aria-label={t('permis.loading')}>
        <Skeleton height={90} />
        <Skeleton height={160} />
      </Stack>
    );
  }
  const p = q.data.permis;
  if (!p) {
    return (
      <Stack align="flex-start">
        <Alert color="gray" variant="light" w="100%">
          {t('permis.empty')}
        </Alert>
        {canUpdate && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setRecording(true)}>
            {t('permis.form.create')}
          </Button>
        )}
        {recording && (
          <PermisFormModal
            opened
            onClose={() => setRecording(false)}
            processId={processId}
            permis={null}
            now={now}
            validiteHeures={q.data.validiteHeures}
            onChanged={onChanged}
          />
        )}
      </Stack>
    );
  }
  return <PermisView permis={p} offsetMs={q.data.offsetMs} canUpdate={canUpdate && p.abilities?.update !== false} onChanged={onChanged} />;
}

function PermisView({
  permis: p,
  offsetMs,
  canUpdate,
  onChanged,
}: {
  permis: Permis;
  offsetMs: number;
  canUpdate: boolean;
  onChanged?: () => void;
}) {
  const { t } = useTranslation();
  const label = useCodeLabel();
  const now = useNow(30_000) + offsetMs;
  const [editing, setEditing] = useState(false);
  // While requested and unsigned, the permit is still a draft: what the signers sign is what they read.
  const editable = canUpdate && p.etat === 'demande' && p.signatures.length === 0;
  const suspension = p.etat === 'suspendu' ? p.suspensions.find((s) => s.reprisAt === null) : undefined;
  return (
    <Stack gap="md">
      <Card withBorder padding="sm" component="section" aria-labelledby="permis-title">
        <Stack gap="sm">
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Title order={2} size="h4" id="permis-title">
              {t('permis.title', { type: t(`permis.types.${p.type}`), numero: p.numero })}
            </Title>
            <Badge size="lg" color={ETAT_COLORS[p.etatEffectif]} variant="filled">
              {t(`permis.etats.${p.etatEffectif}`)}
            </Badge>
          </Group>
          <ValidityLine permis={p} now={now} />
          {suspension && (
            <Alert color="orange" variant="light">
              {t('permis.suspend.current', { date: formatDateTime(suspension.suspenduAt), motif: suspension.motif })}
            </Alert>
          )}
          {p.annulation && (
            <Alert color="gray" variant="light">
              {t('permis.cancel.info', {
                date: formatDateTime(p.annulation.at),
                nom: p.annulation.utilisateur.nom,
                motif: p.annulation.motif,
              })}
            </Alert>
          )}
          {p.closAt && <Text size="sm">{t('permis.closed', { date: formatDateTime(p.closAt), nom: p.closPar?.nom ?? '—' })}</Text>}
          <Group gap="sm" wrap="wrap">
            {editable && (
              <Button variant="default" leftSection={<IconEdit size={16} />} onClick={() => setEditing(true)}>
                {t('permis.form.edit')}
              </Button>
            )}
            <PermisActions permis={p} canUpdate={canUpdate} onChanged={onChanged} />
          </Group>
        </Stack>
        {editing && (
          <PermisFormModal opened onClose={() => setEditing(false)} processId={p.processId} permis={p} now={now} onChanged={onChanged} />
        )}
      </Card>

      <Card withBorder padding="sm" component="section" aria-labelledby="permis-complements-title">
        <Title order={3} size="h5" id="permis-complements-title" mb="xs">
          {t('permis.complements.title')}
        </Title>
        {p.complements.length ? (
          <Group gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {p.complements.map((c) => (
              <li key={c}>
                <Badge variant="light" color={c === 'feu' ? 'orange' : 'blue'} size="lg">
                  {t(`permis.complementLabels.${c}`)}
                </Badge>
              </li>
            ))}
          </Group>
        ) : (
          <Text size="sm">{t('permis.complements.none')}</Text>
        )}
        {(p.travaux || p.mesures) && (
          <Stack gap={4} mt="sm">
            {p.travaux && (
              <Text size="sm">
                <Text span fw={600}>
                  {t('permis.works.travaux')} :{' '}
                </Text>
                {p.travaux}
              </Text>
            )}
            {p.mesures && (
              <Text size="sm">
                <Text span fw={600}>
                  {t('permis.works.mesures')} :{' '}
                </Text>
                {p.mesures}
              </Text>
            )}
          </Stack>
        )}
      </Card>

      {p.feu && <FireWatchPanel permis={p} offsetMs={offsetMs} canUpdate={canUpdate} onChanged={onChanged} />}

      <PermisSignatures permis={p} canUpdate={canUpdate} onChanged={onChanged} />

      <Card withBorder padding="sm" component="section" aria-labelledby="permis-lockouts-title">
        <Group gap="xs" mb="xs">
          <IconLock size={18} aria-hidden />
          <Title order={3} size="h5" id="permis-lockouts-title">
            {t('permis.lockouts.title')}
          </Title>
        </Group>
        {p.consignations.length ? (
          <List listStyleType="none" spacing={4} p={0}>
            {p.consignations.map((c) => (
              <List.Item key={c.processId}>
                <Anchor component={Link} to={`/app/processus/${c.processId}`} size="sm">
                  {t('permis.lockouts.link', { numero: c.numero, nom: c.nomProcess })}
                </Anchor>
                <Text span size="sm" c="gray.7">
                  {[c.equipementLibelle, linkedLockoutState(label, c)]
                    .filter(Boolean)
                    .map((x) => ` · ${x}`)
                    .join('')}
                </Text>
              </List.Item>
            ))}
          </List>
        ) : (
          <Text size="sm">{t('permis.lockouts.none')}</Text>
        )}
      </Card>

      {(p.prolongations.length > 0 || p.suspensions.length > 0) && <PermisHistory permis={p} />}
    </Stack>
  );
}

/** The extensions and suspensions, newest first: kept, never rewritten. */
function PermisHistory({ permis: p }: { permis: Permis }) {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="sm" component="section" aria-labelledby="permis-history-title">
      {p.prolongations.length > 0 && (
        <>
          <Title order={3} size="h5" id="permis-history-title" mb="xs">
            {t('permis.extend.history')}
          </Title>
          <List size="sm" spacing={4} mb="sm">
            {[...p.prolongations].reverse().map((x) => (
              <List.Item key={x.id}>
                {t('permis.extend.historyRow', {
                  fin: formatDateTime(x.nouvelleFin),
                  ancienne: formatDateTime(x.ancienneFin),
                  nom: x.utilisateur.nom,
                  date: formatDateTime(x.at),
                  motif: x.motif,
                })}
              </List.Item>
            ))}
          </List>
        </>
      )}
      {p.suspensions.length > 0 && (
        <>
          <Title order={3} size="h5" id={p.prolongations.length ? undefined : 'permis-history-title'} mb="xs">
            {t('permis.suspend.history')}
          </Title>
          <List size="sm" spacing={4}>
            {[...p.suspensions].reverse().map((s) => (
              <List.Item key={s.id}>
                {t('permis.suspend.historyRow', { date: formatDateTime(s.suspenduAt), nom: s.suspenduPar.nom, motif: s.motif })}
                {s.reprisAt && ` — ${t('permis.suspend.resumedRow', { date: formatDateTime(s.reprisAt), nom: s.reprisPar?.nom ?? '—' })}`}
              </List.Item>
            ))}
          </List>
        </>
      )}
    </Card>
  );
}
