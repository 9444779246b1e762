import { formatDate, type TitreHabilitation } from '@app/contracts';
import { Anchor, Badge, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../../ui/page-header.tsx';
import { QueryState } from '../../../ui/query-state.tsx';
import { useAbility } from '../../auth/index.ts';
import { DetentionsTable } from '../components/detentions-table.tsx';
import { StatusBadge } from '../components/status-badge.tsx';
import { VisiteEtatBadge } from '../components/visite-etat-badge.tsx';
import { useSymboles, useTitres, useVisitesOf } from '../habilitation.queries.ts';
import { usePersonName } from '../habilitation-people.ts';
import { attestationOf, cellStatus } from '../habilitation-status.ts';

/** /app/habilitations/personnes/:id: a person's titles, the symbols each holds with their scope and dates, their medical follow-up. */
export function PersonnePage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const ability = useAbility();
  const canMedical = ability.can('read', 'SuiviMedical');
  const titres = useTitres({ utilisateurId: id, offset: 0, perPage: 100 });
  const visites = useVisitesOf(id, canMedical);
  const symboles = useSymboles();
  const nom = usePersonName(id, titres.data?.items[0]?.titulaire ?? visites.data?.[0]?.utilisateur ?? null);
  const medicalRequis = new Map((symboles.data ?? []).map((s) => [s.id, s.medicalRequis]));
  const attestation = attestationOf(visites.data ?? []);
  const best = attestation.visite;
  const medical = canMedical && visites.data ? attestation.medical : null;

  const detentionsOf = (titre: TitreHabilitation) => (
    <DetentionsTable
      titre={titre}
      label={t('habilitation.person.symbolsOf', { numero: titre.numero })}
      last={{
        heading: t('habilitation.fields.etat'),
        cell: (d) => (
          <StatusBadge
            status={
              cellStatus({
                etat: d.etat,
                etatTitre: titre.etat,
                dateEcheance: d.dateEcheance,
                medicalRequis: medicalRequis.get(d.habilitationId) ?? true,
                medical,
              }).status
            }
          />
        ),
      }}
    />
  );

  return (
    <Stack gap="md">
      <Anchor component={Link} to="/app/habilitations" size="sm">
        <Group gap={4}>
          <IconArrowLeft size={14} aria-hidden />
          {t('habilitation.person.back')}
        </Group>
      </Anchor>
      <PageHeader
        title={t('habilitation.person.title', { nom: nom ?? `n° ${id}` })}
        actions={
          ability.can('create', 'Habilitation') && (
            <Button component={Link} to={`/app/habilitations/titres/nouveau?utilisateurId=${id}`} leftSection={<IconPlus size={16} />}>
              {t('habilitation.titre.new')}
            </Button>
          )
        }
      />
      {canMedical && (
        <Card withBorder component="section" aria-labelledby="medical-title">
          <Title order={2} size="h4" id="medical-title" mb="xs">
            {t('habilitation.person.medical')}
          </Title>
          <QueryState query={visites}>
            {visites.isPending ? (
              <Skeleton height={40} aria-label={t('common.loading')} />
            ) : best ? (
              <Group gap="sm">
                <VisiteEtatBadge etat={best.etat} />
                <Text size="sm">
                  {t('habilitation.person.attestation', {
                    date: formatDate(best.date),
                    until: best.validUntil ? formatDate(best.validUntil) : '—',
                  })}
                </Text>
                <Anchor component={Link} to={`/app/visites-medicales?utilisateurId=${id}`} size="sm" underline="always">
                  {t('habilitation.person.allVisits')}
                </Anchor>
              </Group>
            ) : (
              <Group gap="sm">
                <Badge color="grape" variant="light" c="dark.9">
                  {t('habilitation.status.medical')}
                </Badge>
                <Text size="sm">{t('habilitation.person.noAttestation')}</Text>
              </Group>
            )}
          </QueryState>
        </Card>
      )}
      <QueryState query={titres}>
        {titres.isPending ? (
          <Skeleton height={200} aria-label={t('common.loading')} />
        ) : !titres.data?.items.length ? (
          <Text c="dimmed">{t('habilitation.person.noTitle')}</Text>
        ) : (
          titres.data.items.map((titre) => (
            <Card key={titre.id} withBorder component="section" aria-labelledby={`titre-${titre.id}`}>
              <Group justify="space-between" mb="xs" wrap="wrap">
                <Title order={2} size="h4" id={`titre-${titre.id}`}>
                  <Anchor component={Link} to={`/app/habilitations/titres/${titre.id}`}>
                    {t('habilitation.titre.heading', { numero: titre.numero })}
                  </Anchor>
                </Title>
                <Badge variant="light" color={titre.etat === 'signe' ? 'teal' : titre.etat === 'brouillon' ? 'blue' : 'gray'} c="dark.9">
                  {t(`habilitation.etatTitre.${titre.etat}`)}
                </Badge>
              </Group>
              <Text size="sm" mb="xs">
                {t('habilitation.titre.issued', { date: formatDate(titre.dateDelivrance) })}
              </Text>
              {detentionsOf(titre)}
            </Card>
          ))
        )}
      </QueryState>
    </Stack>
  );
}
