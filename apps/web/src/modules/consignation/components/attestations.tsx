import { type ConsignationDetail, refusSansAttestation, TYPE_ATTESTATION_LABELS, type TypeAttestation } from '@app/contracts';
import * as API from '@app/contracts/api';
import { Badge, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconCertificate, IconFlagCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../../lib/api.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useLockoutWrite } from '../consignation.queries.ts';
import { formatInstant, shortHash } from '../consignation-format.ts';
import { avisOpen } from '../lockout-rules.ts';
import { SignDialog } from './sign-dialog.tsx';

interface Props {
  detail: ConsignationDetail;
  canEdit: boolean;
  onChanged?: () => void;
}

/**
 * The attestation the lockout may sign now, from the moves the server offers (an attestation is the only way to
 * « Consignée (1re étape) » and « Consignée »): its type, and the reason it may not be signed yet (operations,
 * padlocks…), or null when nothing else is missing.
 */
export function nextAttestation(
  d: Pick<ConsignationDetail, 'mode' | 'transitions'>,
): { type: TypeAttestation; raison: string | null } | null {
  const types: TypeAttestation[] = d.mode === 'deux_etapes' ? ['premiere_etape', 'consignation'] : ['consignation'];
  for (const type of types) {
    const etat = type === 'premiere_etape' ? 'consignee_etape1' : 'consignee';
    const move = d.transitions.find((x) => x.etat === etat);
    // Two steps from « Préparée »: both moves are listed, the first step's comes first.
    if (move) return { type, raison: move.raison && move.raison !== refusSansAttestation(etat) ? move.raison : null };
  }
  return null;
}

/**
 * The lockout's documents: the attestation(s) — numbered, with the date and the time, who signed and the hash — and
 * the avis de fin de travail of each team; the next one to sign has its button (a signature dialog).
 */
export function Attestations({ detail: d, canEdit, onChanged }: Props) {
  const { t } = useTranslation();
  const [attesting, setAttesting] = useState<TypeAttestation | null>(null);
  const [avis, setAvis] = useState(false);
  const [equipe, setEquipe] = useState('');
  const attest = useLockoutWrite(
    d.processId,
    (body: { type: TypeAttestation; image: string }) =>
      callApi(API.consignation.attestationCreate, { body: { processId: d.processId, ...body } }),
    onChanged,
  );
  const finTravail = useLockoutWrite(
    d.processId,
    (body: { equipe: string; image: string }) =>
      callApi(API.consignation.avisFinTravailCreate, { body: { processId: d.processId, ...body } }),
    onChanged,
  );
  const next = nextAttestation(d);
  const closeAvis = () => {
    setAvis(false);
    setEquipe('');
    finTravail.reset();
  };

  return (
    <Card withBorder padding="md" component="section" aria-labelledby="lockout-attestation-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="lockout-attestation-title">
          {t('consignation.attestation.title')}
        </Title>
        {d.attestations.length === 0 ? (
          <Text size="sm">{t('consignation.attestation.none')}</Text>
        ) : (
          <Stack component="ul" gap="xs" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {d.attestations.map((a) => (
              <Card component="li" key={a.id} withBorder padding="sm" bg="blue.0">
                <Group gap="xs" wrap="wrap">
                  <IconCertificate size={20} aria-hidden />
                  <Text fw={700}>{t('consignation.attestation.numbered', { libelle: a.libelle, numero: a.numero })}</Text>
                </Group>
                <Text size="sm">{t('consignation.attestation.signed', { nom: a.par.nom ?? '—', at: formatInstant(a.par.at) })}</Text>
                <Badge mt={4} size="sm" variant="outline" color="gray.8" tt="none" title={a.hash}>
                  {t('consignation.operations.hash', { hash: shortHash(a.hash) })}
                </Badge>
              </Card>
            ))}
          </Stack>
        )}
        {canEdit && next && (
          <Group gap="sm" align="flex-start" wrap="wrap">
            <Button
              leftSection={<IconCertificate size={16} aria-hidden />}
              disabled={next.raison !== null}
              aria-describedby={next.raison ? 'lockout-attestation-reason' : undefined}
              onClick={() => setAttesting(next.type)}
            >
              {t('consignation.attestation.sign', { libelle: TYPE_ATTESTATION_LABELS[next.type] })}
            </Button>
            {next.raison && (
              <Text size="sm" c="red.9" id="lockout-attestation-reason" style={{ flex: '1 1 240px' }}>
                {next.raison}
              </Text>
            )}
          </Group>
        )}
        <Title order={3} size="h5" mt="xs">
          {t('consignation.avis.title')}
        </Title>
        {d.avisFinTravail.length === 0 ? (
          <Text size="sm">{t('consignation.avis.none')}</Text>
        ) : (
          <Stack component="ul" gap={4} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {d.avisFinTravail.map((a) => (
              <Text component="li" size="sm" key={a.id}>
                <IconFlagCheck size={14} aria-hidden />{' '}
                {t('consignation.avis.item', { equipe: a.equipe, nom: a.par.nom ?? '—', at: formatInstant(a.par.at) })}
              </Text>
            ))}
          </Stack>
        )}
        {canEdit && avisOpen(d.etat) && (
          <Group>
            <Button variant="default" leftSection={<IconFlagCheck size={16} aria-hidden />} onClick={() => setAvis(true)}>
              {t('consignation.avis.sign')}
            </Button>
          </Group>
        )}
      </Stack>
      <SignDialog
        opened={attesting !== null}
        title={attesting ? TYPE_ATTESTATION_LABELS[attesting] : ''}
        statement={attesting === 'premiere_etape' ? t('consignation.attestation.statementFirst') : t('consignation.attestation.statement')}
        submitLabel={t('consignation.attestation.signShort')}
        loading={attest.isPending}
        error={attest.error}
        onClose={() => {
          setAttesting(null);
          attest.reset();
        }}
        onSign={(image) =>
          attesting &&
          attest.mutate(
            { type: attesting, image },
            {
              onSuccess: () => {
                notifySuccess(t('consignation.attestation.signedOk'));
                setAttesting(null);
              },
            },
          )
        }
      />
      <SignDialog
        opened={avis}
        title={t('consignation.avis.sign')}
        statement={t('consignation.avis.statement')}
        submitLabel={t('consignation.avis.signShort')}
        ready={equipe.trim().length > 0}
        loading={finTravail.isPending}
        error={finTravail.error}
        onClose={closeAvis}
        onSign={(image) =>
          finTravail.mutate(
            { equipe: equipe.trim(), image },
            {
              onSuccess: () => {
                notifySuccess(t('consignation.avis.signedOk'));
                closeAvis();
              },
            },
          )
        }
      >
        <TextInput
          label={t('consignation.avis.equipe')}
          required
          value={equipe}
          onChange={(e) => setEquipe(e.currentTarget.value)}
          maxLength={255}
        />
      </SignDialog>
    </Card>
  );
}
