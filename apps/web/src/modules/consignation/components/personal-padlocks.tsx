import type { CadenasPersonnel, ConsignationDetail } from '@app/contracts';
import * as API from '@app/contracts/api';
import { Alert, Badge, Button, Card, Group, Select, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { IconLock, IconLockOpen, IconUserExclamation } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../../lib/api.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { FormError } from '../../../ui/form-error.tsx';
import { useCurrentSession } from '../../auth/index.ts';
import { useLockoutWrite, usePeople } from '../consignation.queries.ts';
import { formatInstant, shortHash } from '../consignation-format.ts';
import { padlocksOpen } from '../lockout-rules.ts';
import { SignDialog } from './sign-dialog.tsx';

interface Props {
  detail: ConsignationDetail;
  canEdit: boolean;
  onChanged?: () => void;
}

const MOTIF_MIN = 10;

/**
 * The personal padlocks on the lockbox (domain §1.7): who put one on, its number, when; each worker removes their own
 * (signed); removing an absent worker's padlock is its own procedure — a dialog of its own with the motif, a witness
 * and the signature of the chargé de consignation, journaled. The lockout is released only once every padlock is off.
 */
export function PersonalPadlocks({ detail: d, canEdit, onChanged }: Props) {
  const { t } = useTranslation();
  const session = useCurrentSession();
  const people = usePeople(canEdit);
  const [personne, setPersonne] = useState<string | null>(null);
  const [numero, setNumero] = useState('');
  const [removing, setRemoving] = useState<CadenasPersonnel | null>(null);
  const [absent, setAbsent] = useState<CadenasPersonnel | null>(null);
  const [motif, setMotif] = useState('');
  const [temoin, setTemoin] = useState<string | null>(null);
  const pose = useLockoutWrite(
    d.processId,
    (body: { utilisateurId: number; numero: string }) =>
      callApi(API.consignation.cadenasCreate, { body: { processId: d.processId, ...body } }),
    onChanged,
  );
  const remove = useLockoutWrite(
    d.processId,
    (body: { id: number; image: string }) => callApi(API.consignation.cadenasRemove, { body }),
    onChanged,
  );
  const removeAbsent = useLockoutWrite(
    d.processId,
    (body: { id: number; motif: string; temoinId: number; image: string }) => callApi(API.consignation.cadenasRemoveAbsent, { body }),
    onChanged,
  );
  const on = d.cadenas.filter((c) => c.retrait === null);
  const off = d.cadenas.filter((c) => c.retrait !== null);
  const peopleChoices = (people.data ?? []).map((p) => ({ value: String(p.id), label: p.fullName }));
  const closeAbsent = () => {
    setAbsent(null);
    setMotif('');
    setTemoin(null);
    removeAbsent.reset();
  };

  return (
    <Card withBorder padding="md" component="section" aria-labelledby="lockout-padlocks-title">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={2} size="h4" id="lockout-padlocks-title">
            {t('consignation.cadenas.title')}
          </Title>
          <Badge size="lg" variant="light" color={on.length ? 'orange' : 'teal'} c="dark.9" tt="none">
            {t('consignation.cadenas.count', { on: on.length, total: d.cadenas.length })}
          </Badge>
        </Group>
        {d.cadenas.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('consignation.cadenas.empty')}
          </Text>
        ) : (
          <Stack component="ul" gap="xs" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label={t('consignation.cadenas.list')}>
            {[...on, ...off].map((c) => (
              <Card component="li" key={c.id} withBorder padding="sm" bg={c.retrait ? 'gray.0' : undefined}>
                <Group justify="space-between" wrap="wrap" gap="xs">
                  <Stack gap={2} style={{ flex: '1 1 220px' }}>
                    <Text fw={600}>{t('consignation.cadenas.item', { nom: c.nom, numero: c.numero })}</Text>
                    <Text size="sm">{t('consignation.cadenas.posed', { nom: c.pose.nom ?? '—', at: formatInstant(c.pose.at) })}</Text>
                    {c.retrait && (
                      <Text size="sm">
                        {t('consignation.cadenas.removedBy', { nom: c.retrait.nom ?? '—', at: formatInstant(c.retrait.at) })}
                      </Text>
                    )}
                    {c.retraitAbsent && (
                      <Text size="sm" c="orange.9">
                        {t('consignation.cadenas.absentDone', {
                          motif: c.retraitAbsent.motif,
                          temoin: c.retraitAbsent.temoin ?? '—',
                          hash: shortHash(c.retraitAbsent.hash),
                        })}
                      </Text>
                    )}
                  </Stack>
                  {canEdit && !c.retrait && (
                    <Group gap="xs" wrap="wrap">
                      {c.utilisateurId === session.idUser && (
                        <Button leftSection={<IconLockOpen size={16} aria-hidden />} onClick={() => setRemoving(c)}>
                          {t('consignation.cadenas.removeOwn')}
                        </Button>
                      )}
                      {c.utilisateurId !== session.idUser && (
                        <Button
                          variant="default"
                          color="orange"
                          leftSection={<IconUserExclamation size={16} aria-hidden />}
                          onClick={() => setAbsent(c)}
                          aria-label={t('consignation.cadenas.absentNamed', { nom: c.nom })}
                        >
                          {t('consignation.cadenas.absent')}
                        </Button>
                      )}
                    </Group>
                  )}
                </Group>
              </Card>
            ))}
          </Stack>
        )}
        {canEdit && !padlocksOpen(d.etat) && (
          <Text size="sm" c="dimmed">
            {t('consignation.cadenas.notYet')}
          </Text>
        )}
        {canEdit && padlocksOpen(d.etat) && (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              if (!personne || !numero.trim()) return;
              pose.mutate(
                { utilisateurId: Number(personne), numero: numero.trim() },
                {
                  onSuccess: () => {
                    notifySuccess(t('consignation.cadenas.posedOk'));
                    setNumero('');
                    setPersonne(null);
                  },
                },
              );
            }}
          >
            <Stack gap="xs">
              <Text fw={600} size="sm">
                {t('consignation.cadenas.new')}
              </Text>
              <FormError error={pose.error} />
              <Group align="flex-end" gap="xs" wrap="wrap">
                <Select
                  label={t('consignation.cadenas.personne')}
                  searchable
                  data={peopleChoices}
                  value={personne}
                  onChange={setPersonne}
                  nothingFoundMessage={people.isPending ? t('common.loading') : t('common.nothingFound')}
                  style={{ flex: '1 1 200px' }}
                />
                <TextInput
                  label={t('consignation.cadenas.numero')}
                  value={numero}
                  onChange={(e) => setNumero(e.currentTarget.value)}
                  maxLength={40}
                  autoComplete="off"
                  style={{ flex: '1 1 140px' }}
                />
                <Button
                  type="submit"
                  leftSection={<IconLock size={16} aria-hidden />}
                  disabled={!personne || !numero.trim()}
                  loading={pose.isPending}
                >
                  {t('consignation.cadenas.pose')}
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Stack>
      <SignDialog
        opened={removing !== null}
        title={t('consignation.cadenas.removeTitle', { numero: removing?.numero ?? '' })}
        statement={t('consignation.cadenas.removeStatement')}
        submitLabel={t('consignation.cadenas.removeOwn')}
        loading={remove.isPending}
        error={remove.error}
        onClose={() => {
          setRemoving(null);
          remove.reset();
        }}
        onSign={(image) =>
          removing &&
          remove.mutate(
            { id: removing.id, image },
            {
              onSuccess: () => {
                notifySuccess(t('consignation.cadenas.removedOk'));
                setRemoving(null);
              },
            },
          )
        }
      />
      <SignDialog
        opened={absent !== null}
        title={t('consignation.cadenas.absentTitle', { nom: absent?.nom ?? '', numero: absent?.numero ?? '' })}
        statement={t('consignation.cadenas.absentStatement', { nom: absent?.nom ?? '' })}
        submitLabel={t('consignation.cadenas.absentConfirm')}
        ready={motif.trim().length >= MOTIF_MIN && temoin !== null}
        loading={removeAbsent.isPending}
        error={removeAbsent.error}
        onClose={closeAbsent}
        onSign={(image) =>
          absent &&
          temoin &&
          removeAbsent.mutate(
            { id: absent.id, motif: motif.trim(), temoinId: Number(temoin), image },
            {
              onSuccess: () => {
                notifySuccess(t('consignation.cadenas.absentOk', { nom: absent.nom }));
                closeAbsent();
              },
            },
          )
        }
      >
        <Alert color="orange" variant="light">
          {t('consignation.cadenas.absentWarning')}
        </Alert>
        <Textarea
          label={t('consignation.cadenas.motif')}
          description={t('consignation.cadenas.motifHelp', { min: MOTIF_MIN })}
          required
          value={motif}
          onChange={(e) => setMotif(e.currentTarget.value)}
          maxLength={4000}
          autosize
          minRows={3}
        />
        <Select
          label={t('consignation.cadenas.temoin')}
          required
          searchable
          data={peopleChoices.filter((p) => p.value !== String(absent?.utilisateurId) && p.value !== String(session.idUser))}
          value={temoin}
          onChange={setTemoin}
        />
      </SignDialog>
    </Card>
  );
}
