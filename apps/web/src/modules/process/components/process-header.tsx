import { displayNumero, REGISTER_STATUSES, type RegisterStatusCode } from '@app/contracts';
import * as API from '@app/contracts/api';
import { Alert, Badge, Button, Card, Group, Modal, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../../lib/api.ts';
import { codeLabel, registerStatusText } from '../../../lib/labels.ts';
import { messageOfError, notifyError, notifySuccess } from '../../../lib/notify.ts';
import { processKeys } from '../process.keys.ts';
import { type ProcessData, useProcessAction } from '../process.queries.ts';
import { ETAT_COLORS, formatDateTime, headerBadges } from '../process.util.ts';
import { ProcessDocumentsMenu } from './process-documents-menu.tsx';

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="gray.7" component="dt">
        {label}
      </Text>
      <Text size="sm" component="dd" m={0}>
        {children || '—'}
      </Text>
    </Stack>
  );
}

/** The « aucun » choice of the register code (a Select value cannot be null). */
const NONE = 'aucun';

const person = (p: { prenom: string; nom: string } | null) => (p ? `${p.prenom} ${p.nom}` : '');

/** Number, name, workflow, state and status, dates, equipment, contractors, last change; deactivate/reactivate. */
export function ProcessHeader({ process: p, canUpdate }: { process: ProcessData; canUpdate: boolean }) {
  const { t } = useTranslation();
  const entreprises = useQuery({
    queryKey: processKeys.companies,
    queryFn: ({ signal }) => callApi(API.entreprise.list, { signal }),
    enabled: p.prestataireIds.length > 0,
    staleTime: 5 * 60_000,
  });
  const inactive = useProcessAction(API.process.inactive, p.id);
  const reactivate = useProcessAction(API.process.changeState, p.id);
  const [confirm, setConfirm] = useState(false);
  const [status, setStatus] = useState<RegisterStatusCode | null>(null);
  const prestataires = p.prestataireIds.map((id) => entreprises.data?.find((e) => e.id === id)?.nom ?? `#${id}`).join(', ');

  return (
    <Card withBorder padding="md" mb="md">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={4}>
          <Title order={1} size="h2">
            {t('process.header.title', { numero: displayNumero(p.numero), nom: p.nomProcess })}
          </Title>
          <Group gap="xs">
            <Badge
              color={ETAT_COLORS[p.etat]}
              variant="filled"
              aria-label={t('process.header.etat', { etat: codeLabel(t, 'etat', p.etat) })}
            >
              {codeLabel(t, 'etat', p.etat)}
            </Badge>
            {headerBadges(p, codeLabel(t, 'etat', p.etat), (code) => registerStatusText(t, code)).map((b) =>
              b.kind === 'status' ? (
                <Badge key={b.kind} color="gray" variant="light" aria-label={t('process.header.status', { status: b.text })}>
                  {b.text}
                </Badge>
              ) : (
                <Badge key={b.kind} color="blue" variant="light">
                  {b.text}
                </Badge>
              ),
            )}
            {p.lockedProcess && (
              <Badge color="orange" variant="light">
                {t('process.header.sequenced')}
              </Badge>
            )}
          </Group>
        </Stack>
        <Group gap="xs">
          <ProcessDocumentsMenu processId={p.id} />
          {canUpdate && p.etat === 'en_cours' && (
            <Button variant="default" color="red" onClick={() => setConfirm(true)}>
              {t('process.header.deactivate')}
            </Button>
          )}
          {canUpdate && p.etat === 'inactif' && (
            <Button
              variant="light"
              loading={reactivate.isPending}
              onClick={() =>
                reactivate.mutate(
                  { body: { id: p.id, etat: 'en_cours' } },
                  { onSuccess: () => notifySuccess(t('process.header.reactivated')), onError: notifyError },
                )
              }
            >
              {t('process.header.reactivate')}
            </Button>
          )}
        </Group>
      </Group>
      <SimpleGrid component="dl" cols={{ base: 1, xs: 2, md: 4 }} mt="md" mb={0} spacing="sm">
        <Item label={t('process.fields.workflow')}>{p.processModele.libelle}</Item>
        <Item label={t('process.fields.dateDebut')}>{formatDateTime(p.dateDebut)}</Item>
        <Item label={t('process.fields.dateFin')}>{formatDateTime(p.dateFin)}</Item>
        <Item label={t('process.header.equipement')}>{p.equipement?.libelle}</Item>
        <Item label={t('process.header.prestataires')}>{prestataires}</Item>
        <Item label={t('process.header.personneEnCharge')}>{person(p.personneEnCharge)}</Item>
        <Item label={t('process.header.createdBy')}>{person(p.createdBy)}</Item>
        <Item label={t('process.header.lastModify')}>
          {t('process.header.lastModifyValue', { name: person(p.lastModifyBy) || '—', date: formatDateTime(p.lastModifyAt) })}
        </Item>
      </SimpleGrid>
      <Modal
        opened={confirm}
        onClose={() => {
          inactive.reset();
          setConfirm(false);
        }}
        title={t('process.header.deactivateTitle')}
        centered
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        <Stack>
          <Text size="sm">{t('process.header.deactivateText')}</Text>
          <Select
            label={t('processRecord.registerCode')}
            description={t('processRecord.registerCodeHelp')}
            data={[
              { value: NONE, label: t('processRecord.noCode') },
              ...REGISTER_STATUSES.map((s) => ({ value: s.code, label: registerStatusText(t, s.code) })),
            ]}
            value={status ?? NONE}
            allowDeselect={false}
            onChange={(v) => setStatus(v && v !== NONE ? (v as RegisterStatusCode) : null)}
            comboboxProps={{ withinPortal: false }}
            data-autofocus
          />
          {inactive.isError && (
            <Alert color="red" variant="light" role="alert">
              {messageOfError(inactive.error)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirm(false)}>
              {t('common.cancel')}
            </Button>
            <Button
              color="red"
              loading={inactive.isPending}
              onClick={() => inactive.mutate({ body: { id: p.id, status, etapeIds: [] } }, { onSuccess: () => setConfirm(false) })}
            >
              {t('process.header.deactivate')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}
