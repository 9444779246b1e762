import { type AccueilProcess, formatDate, formatTime, PROCESS_ETATS } from '@app/contracts';
import { Alert, Button, Group, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconBell, IconCalendarEvent, IconChecks, IconFolder, IconSignature } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { codeLabel } from '../../../lib/labels.ts';
import { messageOfError } from '../../../lib/notify.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { useDataInTransition } from '../../../lib/ready-in-transition.ts';
import { useCurrentSession } from '../../auth/index.ts';
import { useAccueil, useMarkSeen } from '../accueil.queries.ts';
import { HomeSection } from '../components/home-section.tsx';

const icon = (node: React.ReactNode, color: string) => (
  <ThemeIcon variant="light" color={color} size="md" aria-hidden>
    {node}
  </ThemeIcon>
);

/**
 * /app: what the signed-in person has to do now — steps awaiting their signature, their processes in progress,
 * today's lockouts and permits, what changed since their last visit — each entry a link to its process. Live: the
 * process events refresh it (app/process-events.ts).
 */
export function HomePage() {
  const { t } = useTranslation();
  const session = useCurrentSession();
  const tz = session.timezone;
  const home = useAccueil(tz);
  const seen = useMarkSeen();
  const logiciel = session.logiciels.find((l) => l.code === session.codeLogiciel);
  const now = new Date();
  // The sections first rendered in a transition, in slices (issue 16); the skeleton stays until they are ready.
  const d = useDataInTransition(home.data);
  const when = (at: string | null) => (at ? t('accueil.at', { date: formatDate(at, tz), time: formatTime(at, tz) }) : '');
  const company = (p: AccueilProcess) => (p.entreprise.id !== session.idCompany && p.entreprise.nom ? `${p.entreprise.nom} · ` : '');
  const step = (p: AccueilProcess) =>
    p.etape ? t('accueil.step', { ordre: p.etape.ordre, nom: p.etape.nom }) : t(`accueil.etatOne.${p.etat}`);
  const by = (p: AccueilProcess) => (p.lastModifyBy ? `${p.lastModifyBy.prenom} ${p.lastModifyBy.nom}` : t('accueil.someone'));
  usePageTitle(t('navigation.menu.accueil'));

  return (
    <Stack gap="md">
      <div>
        <Title order={1} size="h2">
          {t('home.hello', { firstName: session.firstName })}
        </Title>
        <Text c="gray.7">
          {t('home.today', { date: formatDate(now, tz), time: formatTime(now, tz) })} {session.companyName}
          {logiciel ? ` · ${codeLabel(t, 'logiciel', logiciel.code, logiciel.libelle)}` : ''}
        </Text>
      </div>
      {home.isError && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle />} role="alert">
          <Group justify="space-between" gap="sm">
            <span>{messageOfError(home.error)}</span>
            <Button size="xs" variant="white" color="red" onClick={() => void home.refetch()}>
              {t('accueil.retry')}
            </Button>
          </Group>
        </Alert>
      )}
      {d && !d.readsProcesses && (
        <Alert color="gray" variant="light">
          {t('accueil.noProcessRight')}
        </Alert>
      )}
      {/* The four sections appear together once the home is known: skeletons of each section, shorter than their
          lists, pushed the next ones down on a phone (Lighthouse CLS 0.186); one block before, nothing below it. */}
      {!d && !home.isError && (
        <Stack gap="sm" role="status" aria-busy="true" aria-label={t('common.loading')}>
          <Skeleton height={140} radius="md" />
          <Skeleton height={140} radius="md" visibleFrom="md" />
        </Stack>
      )}
      {d && (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <HomeSection
            id="a-signer"
            title={t('accueil.aSigner.title')}
            icon={icon(<IconSignature size={18} />, 'orange')}
            data={d?.aSigner}
            empty={t('accueil.aSigner.empty')}
            detail={(p) => `${company(p)}${p.processModele.libelle} · ${step(p)}`}
          />
          <HomeSection
            id="aujourdhui"
            title={t('accueil.aujourdhui.title')}
            icon={icon(<IconCalendarEvent size={18} />, 'teal')}
            data={d?.aujourdhui}
            empty={t('accueil.aujourdhui.empty')}
            detail={(p) =>
              `${company(p)}${p.processModele.libelle} · ${t('accueil.window', {
                debut: `${formatDate(p.dateDebut, tz)} ${formatTime(p.dateDebut, tz)}`,
                fin: p.dateFin ? `${formatDate(p.dateFin, tz)} ${formatTime(p.dateFin, tz)}` : t('accueil.noEnd'),
              })}`
            }
          />
          <HomeSection
            id="mes-processus"
            title={t('accueil.mesProcessus.title')}
            icon={icon(<IconFolder size={18} />, 'blue')}
            data={d?.mesProcessus}
            empty={t('accueil.mesProcessus.empty')}
            summary={
              d && (
                <Text size="sm" c="gray.7" mb="xs">
                  {PROCESS_ETATS.map((e) => t('accueil.parEtat', { etat: t(`accueil.etat.${e}`), n: d.mesProcessus.parEtat[e] })).join(
                    ' · ',
                  )}
                </Text>
              )
            }
            detail={(p) => `${company(p)}${p.processModele.libelle} · ${step(p)}`}
          />
          <HomeSection
            id="nouveautes"
            title={t('accueil.nouveautes.title')}
            icon={icon(<IconBell size={18} />, 'grape')}
            data={d?.nouveautes}
            empty={t('accueil.nouveautes.empty')}
            summary={
              d && (
                <Text size="sm" c="gray.7" mb="xs">
                  {d.lastVisit ? t('accueil.nouveautes.since', { when: when(d.lastVisit) }) : t('accueil.nouveautes.sinceDefault')}
                </Text>
              )
            }
            action={
              d && d.nouveautes.total > 0 ? (
                <Button
                  size="xs"
                  variant="light"
                  leftSection={<IconChecks size={14} />}
                  loading={seen.isPending}
                  onClick={() => seen.mutate(d.at)}
                >
                  {t('accueil.nouveautes.markSeen')}
                </Button>
              ) : undefined
            }
            detail={(p) => `${company(p)}${step(p)} · ${t('accueil.changedBy', { name: by(p), when: when(p.lastModifyAt) })}`}
          />
        </SimpleGrid>
      )}
    </Stack>
  );
}
