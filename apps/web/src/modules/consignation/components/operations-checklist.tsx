import type { ConsignationDetail, OperationConsignation } from '@app/contracts';
import * as API from '@app/contracts/api';
import { Badge, Button, Card, Group, Select, Stack, Text, Textarea, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck, IconCircleDashed, IconSignature } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../../lib/api.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useLockoutWrite } from '../consignation.queries.ts';
import { formatInstant, shortHash } from '../consignation-format.ts';
import { operationOpen } from '../lockout-rules.ts';
import { SignDialog } from './sign-dialog.tsx';

interface Props {
  detail: ConsignationDetail;
  canEdit: boolean;
  onChanged?: () => void;
}

/**
 * The operations this lockout needs, in order (NF C18-510's five for electrical points, ED 6109's four for fluids and
 * other energies): each done one with who signed it, the date and time and the signature's hash; each missing one
 * with its « Signer » button (a dialog: the point concerned if any, a comment, the signature).
 */
export function OperationsChecklist({ detail: d, canEdit, onChanged }: Props) {
  const { t } = useTranslation();
  const [signing, setSigning] = useState<{ operation: OperationConsignation; libelle: string } | null>(null);
  const [pointId, setPointId] = useState<string | null>(null);
  const [commentaire, setCommentaire] = useState('');
  const sign = useLockoutWrite(
    d.processId,
    (body: { operation: OperationConsignation; image: string; pointId?: number; commentaire?: string }) =>
      callApi(API.consignation.operationSign, { body: { processId: d.processId, ...body } }),
    onChanged,
  );
  const close = () => {
    setSigning(null);
    setPointId(null);
    setCommentaire('');
    sign.reset();
  };
  const pointName = (id: number | null) => d.points.find((p) => p.id === id)?.repere;

  return (
    <Card withBorder padding="md" component="section" aria-labelledby="lockout-operations-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="lockout-operations-title">
          {t('consignation.operations.title')}
        </Title>
        {d.operationsRequises.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('consignation.operations.none')}
          </Text>
        ) : (
          <Stack component="ol" gap="xs" style={{ paddingLeft: 0, margin: 0, listStyle: 'none' }}>
            {d.operationsRequises.map((op, i) => {
              const done = d.operations.filter((o) => o.operation === op.operation);
              return (
                <Card component="li" key={op.operation} withBorder padding="sm" bg={op.faite ? 'teal.0' : undefined}>
                  <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
                    <Group gap="xs" wrap="nowrap" align="flex-start" style={{ flex: '1 1 240px' }}>
                      <ThemeIcon variant="light" color={op.faite ? 'teal' : 'gray'} aria-hidden>
                        {op.faite ? <IconCircleCheck size={18} /> : <IconCircleDashed size={18} />}
                      </ThemeIcon>
                      <Stack gap={2}>
                        <Text fw={600}>
                          {i + 1}. {op.libelle}
                        </Text>
                        <Text size="sm" c={op.faite ? 'teal.9' : 'dark.6'}>
                          {op.faite ? t('consignation.operations.done') : t('consignation.operations.todo')}
                        </Text>
                        {done.map((o) => (
                          <Text size="sm" key={o.id}>
                            {t('consignation.operations.by', { nom: o.par.nom ?? '—', at: formatInstant(o.par.at) })}
                            {o.pointId !== null &&
                              ` · ${t('consignation.operations.onPoint', { repere: pointName(o.pointId) ?? `#${o.pointId}` })}`}
                            {o.commentaire && ` · ${o.commentaire}`}
                            <Badge component="span" ml={6} size="sm" variant="outline" color="gray.8" tt="none" title={o.hash}>
                              {t('consignation.operations.hash', { hash: shortHash(o.hash) })}
                            </Badge>
                          </Text>
                        ))}
                      </Stack>
                    </Group>
                    {canEdit && operationOpen(d.etat, d.mode, op.operation) && (
                      <Button
                        variant={op.faite ? 'default' : 'filled'}
                        leftSection={<IconSignature size={16} aria-hidden />}
                        onClick={() => setSigning(op)}
                        // The visible words start the name (WCAG 2.5.3: « Signer à nouveau » once done).
                        aria-label={t(op.faite ? 'consignation.operations.signAgainNamed' : 'consignation.operations.signNamed', {
                          libelle: op.libelle,
                        })}
                      >
                        {op.faite ? t('consignation.operations.signAgain') : t('consignation.operations.sign')}
                      </Button>
                    )}
                  </Group>
                </Card>
              );
            })}
          </Stack>
        )}
      </Stack>
      <SignDialog
        opened={signing !== null}
        title={t('consignation.operations.dialogTitle', { libelle: signing?.libelle ?? '' })}
        statement={t('consignation.operations.statement', { libelle: signing?.libelle ?? '' })}
        submitLabel={t('consignation.operations.sign')}
        loading={sign.isPending}
        error={sign.error}
        onClose={close}
        onSign={(image) => {
          if (!signing) return;
          sign.mutate(
            {
              operation: signing.operation,
              image,
              ...(pointId ? { pointId: Number(pointId) } : {}),
              ...(commentaire.trim() ? { commentaire: commentaire.trim() } : {}),
            },
            {
              onSuccess: () => {
                notifySuccess(t('consignation.operations.signed', { libelle: signing.libelle }));
                close();
              },
            },
          );
        }}
      >
        {d.points.length > 0 && (
          <Select
            label={t('consignation.operations.point')}
            placeholder={t('consignation.operations.allPoints')}
            clearable
            clearButtonProps={{ 'aria-label': t('polish.clear') }}
            data={d.points.map((p) => ({ value: String(p.id), label: `${p.repere} — ${p.dispositif}` }))}
            value={pointId}
            onChange={setPointId}
          />
        )}
        <Textarea
          label={t('consignation.operations.commentaire')}
          value={commentaire}
          onChange={(e) => setCommentaire(e.currentTarget.value)}
          maxLength={4000}
          autosize
          minRows={2}
        />
      </SignDialog>
    </Card>
  );
}
