import type { Metrique } from '@app/contracts';
import * as API from '@app/contracts/api';
import { Alert, Button, Group, Image, Input, Paper, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../../lib/api.ts';
import { messageOfError, notifySuccess } from '../../../lib/notify.ts';
import { ConfirmModal } from '../../../ui/confirm-modal.tsx';
import { SignaturePad } from '../../../ui/signature-pad.tsx';
import { processKeys } from '../process.keys.ts';
import { formatDateTime } from '../process.util.ts';
import { useFieldContext } from './field-context.ts';

/**
 * A signature field: the signatures already given (signer, date, a warning when the signed data changed since),
 * and, while the step is open, a pad whose drawing is sent with « Signer » or registered on its own.
 */
export function SignatureField({ field, required }: { field: Metrique; required: boolean }) {
  const { t } = useTranslation();
  const ctx = useFieldContext();
  const queryClient = useQueryClient();
  const existing = ctx.process?.signatures[String(field.id)] ?? [];
  const draft = ctx.signatureDrafts[String(field.id)];
  const mineExisting = existing.find((s) => s.utilisateur.id === ctx.userId);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const processId = ctx.process?.id;

  const run = async (call: () => Promise<unknown>, done: string) => {
    setBusy(true);
    setError(null);
    try {
      await call();
      notifySuccess(done);
      setConfirmRemove(false);
      if (processId) await queryClient.invalidateQueries({ queryKey: processKeys.one(processId) });
      return true;
    } catch (e) {
      setError(messageOfError(e));
      return false;
    } finally {
      setBusy(false);
    }
  };
  const register = async () => {
    if (!processId || !draft) return;
    const ok = await run(
      () => callApi(API.process.signatureRegister, { body: { processId, metriqueId: field.id, image: draft } }),
      t('process.signature.registered'),
    );
    if (ok) ctx.setSignatureDraft(field.id, null);
  };

  return (
    <Input.Wrapper label={field.nom} withAsterisk={required} error={ctx.errors[String(field.id)]}>
      <Stack gap="xs" mt={4}>
        {existing.length === 0 && ctx.readOnly && (
          <Text size="sm" c="gray.7">
            {t('process.signature.none')}
          </Text>
        )}
        {existing.map((s) => (
          <Paper key={s.id} withBorder p="xs" radius="sm">
            <Group gap="sm" align="center" wrap="nowrap">
              {s.image && (
                <Image
                  src={s.image}
                  alt={t('process.signature.imageOf', { name: `${s.utilisateur.prenom} ${s.utilisateur.nom}` })}
                  h={56}
                  w="auto"
                  fit="contain"
                />
              )}
              <Stack gap={2}>
                <Text size="sm">
                  {t('process.signature.by', { name: `${s.utilisateur.prenom} ${s.utilisateur.nom}`, date: formatDateTime(s.signedAt) })}
                </Text>
                {s.altered && (
                  <Alert color="orange" variant="light" p={4} icon={<IconAlertTriangle size={16} />} role="alert">
                    {t('process.signature.altered')}
                  </Alert>
                )}
              </Stack>
            </Group>
          </Paper>
        ))}
        {!ctx.readOnly && (
          <>
            <SignaturePad label={field.nom} onChange={(url) => ctx.setSignatureDraft(field.id, url)} disabled={busy} />
            <Group gap="xs">
              {draft && processId && (
                <Button size="xs" variant="default" loading={busy} onClick={register}>
                  {t('process.signature.registerOnly')}
                </Button>
              )}
              {mineExisting && processId && (
                <Button size="xs" variant="subtle" color="red" onClick={() => setConfirmRemove(true)}>
                  {t('process.signature.removeMine')}
                </Button>
              )}
            </Group>
            {draft && (
              <Text size="xs" c="gray.7">
                {t('process.signature.sentWithSign')}
              </Text>
            )}
          </>
        )}
        {error && (
          <Alert color="red" variant="light" role="alert" p="xs">
            {error}
          </Alert>
        )}
      </Stack>
      <ConfirmModal
        opened={confirmRemove}
        title={t('process.signature.removeTitle')}
        message={t('process.signature.removeText', { name: field.nom })}
        confirmLabel={t('process.signature.removeMine')}
        loading={busy}
        onClose={() => setConfirmRemove(false)}
        onConfirm={() =>
          processId &&
          run(() => callApi(API.process.signatureDelete, { query: { processId, metriqueId: field.id } }), t('process.signature.removed'))
        }
      />
    </Input.Wrapper>
  );
}
