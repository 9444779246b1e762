import { ACTIVITE_LABELS, type ConflitVue, DECISION_LABELS, formatDate, formatTime } from '@app/contracts';
import { Alert, Anchor, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { messageOfError, notifySuccess } from '../../../lib/notify.ts';
import { ConfirmModal } from '../../../ui/confirm-modal.tsx';
import { useCoactivite, useCosign, useSequence } from '../coactivite.queries.ts';

/** The decision's colour (said in words beside it: the badge's text). */
export const DECISION_COLORS: Record<ConflitVue['decision'], string> = { refus: 'red', cosignature: 'orange', sequencement: 'blue' };
const ETAT_COLORS: Record<ConflitVue['etat'], string> = { ouvert: 'red', cosigne: 'teal', sequence: 'blue', leve: 'gray' };

type Pending = { kind: 'cosign' | 'sequence'; conflit: ConflitVue } | null;

/**
 * The « Coactivité » panel of a lockout or permit: its activities, and each conflict with another process in progress
 * on the same equipment or zone at the same time (link to it, the incompatible activities, where, the overlap, the
 * decision and why, the co-signature), with the co-signature or the sequencing the later process needs.
 */
export function CoactivitePanel({ processId, canUpdate }: { processId: number; canUpdate: boolean }) {
  const { t } = useTranslation();
  const query = useCoactivite(processId);
  const cosign = useCosign(processId);
  const sequence = useSequence(processId);
  const [pending, setPending] = useState<Pending>(null);
  const data = query.data;
  const busy = cosign.isPending || sequence.isPending;
  const failure = pending?.kind === 'cosign' ? cosign.error : pending?.kind === 'sequence' ? sequence.error : null;
  const close = () => {
    setPending(null);
    cosign.reset();
    sequence.reset();
  };
  const confirm = () => {
    if (!pending) return;
    const v = { autreProcessId: pending.conflit.autreId };
    if (pending.kind === 'cosign')
      cosign.mutate(v, {
        onSuccess: () => {
          notifySuccess(t('coactivite.panel.cosigned'));
          close();
        },
      });
    else
      sequence.mutate(v, {
        onSuccess: () => {
          notifySuccess(t('coactivite.panel.sequenced'));
          close();
        },
      });
  };
  const when = (v: string | null, none: string) => (v ? `${formatDate(v)} ${formatTime(v)}` : none);

  return (
    <Card withBorder padding="sm" mb="md" component="section" aria-labelledby="coactivite-title">
      <Stack gap="xs">
        <Title order={2} size="h5" id="coactivite-title">
          {t('coactivite.panel.title')}
        </Title>
        <Text size="xs" c="dimmed">
          {t('coactivite.panel.help')}
        </Text>
        {query.isError ? (
          <Alert color="red" variant="light" role="alert">
            {messageOfError(query.error)}
          </Alert>
        ) : !data ? (
          <Text size="sm" aria-busy="true">
            {t('common.loading')}
          </Text>
        ) : (
          <>
            <Group gap={4} aria-label={t('coactivite.panel.activites')}>
              <Text size="sm" fw={600} component="span">
                {t('coactivite.panel.activites')} :
              </Text>
              {data.activites.length ? (
                data.activites.map((a) => (
                  <Badge key={a} variant="light" color="gray" c="dark.6">
                    {ACTIVITE_LABELS[a]}
                  </Badge>
                ))
              ) : (
                <Text size="sm" component="span">
                  {t('coactivite.panel.noActivite')}
                </Text>
              )}
            </Group>
            {!data.conflits.length ? (
              <Text size="sm">{t('coactivite.panel.empty')}</Text>
            ) : (
              <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                {data.conflits.map((c) => (
                  <Card
                    key={c.autreId}
                    component="li"
                    withBorder
                    padding="xs"
                    aria-label={t('coactivite.panel.autre', { numero: c.autreNumero, nom: c.autreNom })}
                  >
                    <Stack gap={4}>
                      <Group gap="xs" wrap="wrap">
                        <Badge color={DECISION_COLORS[c.decision]} variant="outline" c="dark.7">
                          {DECISION_LABELS[c.decision]}
                        </Badge>
                        <Badge color={ETAT_COLORS[c.etat]} variant="light" c="dark.6">
                          {t(`coactivite.panel.etat.${c.etat}`)}
                        </Badge>
                        <Anchor component={Link} to={`/app/processus/${c.autreId}`} fw={600} size="sm">
                          {t('coactivite.panel.autre', { numero: c.autreNumero, nom: c.autreNom })}
                        </Anchor>
                      </Group>
                      <Text size="sm">
                        {c.paires.map((p) => `${ACTIVITE_LABELS[p.activite]} × ${ACTIVITE_LABELS[p.autreActivite]}`).join(' ; ')}
                        {' · '}
                        {t(`coactivite.panel.lieu.${c.lieu}`)}
                        {' · '}
                        {t('coactivite.panel.periode', {
                          debut: when(c.debut, t('coactivite.panel.debutNonFixe')),
                          fin: when(c.fin, t('coactivite.panel.finNonFixee')),
                        })}
                      </Text>
                      <Text size="sm" c="dark.6">
                        {c.pourquoi}
                      </Text>
                      {c.etat !== 'leve' && (
                        <Text size="xs" fw={600}>
                          {c.bloque ? t('coactivite.panel.bloque') : t('coactivite.panel.bloqueAutre')}
                        </Text>
                      )}
                      {c.decision === 'refus' && c.etat === 'ouvert' && (
                        <Text size="xs" c="red.9">
                          {t('coactivite.panel.refusText')}
                        </Text>
                      )}
                      {c.cosignature && (
                        <Text size="xs">
                          {t('coactivite.panel.cosignedBy', {
                            nom: c.cosignature.nom,
                            date: formatDate(c.cosignature.at),
                            heure: formatTime(c.cosignature.at),
                          })}{' '}
                          · <span title={c.cosignature.hash}>{t('coactivite.panel.hash', { hash: c.cosignature.hash.slice(0, 12) })}</span>
                        </Text>
                      )}
                      {canUpdate && data.peutCosigner && c.etat === 'ouvert' && c.decision === 'cosignature' && (
                        <Group>
                          <Button size="xs" onClick={() => setPending({ kind: 'cosign', conflit: c })}>
                            {t('coactivite.panel.cosign')}
                          </Button>
                        </Group>
                      )}
                      {canUpdate && data.peutCosigner && c.etat === 'ouvert' && c.decision === 'sequencement' && c.bloque && (
                        <Group>
                          <Button size="xs" variant="light" onClick={() => setPending({ kind: 'sequence', conflit: c })}>
                            {t('coactivite.panel.sequence')}
                          </Button>
                        </Group>
                      )}
                    </Stack>
                  </Card>
                ))}
              </Stack>
            )}
          </>
        )}
      </Stack>
      <ConfirmModal
        opened={pending !== null}
        title={
          pending?.kind === 'sequence'
            ? t('coactivite.panel.sequenceTitle', { numero: pending.conflit.autreNumero })
            : t('coactivite.panel.cosignTitle', { numero: pending?.conflit.autreNumero ?? '' })
        }
        message={
          pending?.kind === 'sequence'
            ? t('coactivite.panel.sequenceText', { numero: pending.conflit.autreNumero })
            : t('coactivite.panel.cosignText')
        }
        confirmLabel={pending?.kind === 'sequence' ? t('coactivite.panel.sequence') : t('coactivite.panel.cosignConfirm')}
        color="blue"
        loading={busy}
        error={failure ? messageOfError(failure) : null}
        onConfirm={confirm}
        onClose={close}
      />
    </Card>
  );
}
