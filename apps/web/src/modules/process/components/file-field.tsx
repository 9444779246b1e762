import { buildPath, formatDate, type Metrique } from '@app/contracts';
import * as API from '@app/contracts/api';
import { ActionIcon, Anchor, Button, FileButton, Group, Input, Progress, Stack, Text, Tooltip } from '@mantine/core';
import { IconTrash, IconUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../../lib/api.ts';
import { messageOfError, notifySuccess } from '../../../lib/notify.ts';
import { uploadFile } from '../../../lib/upload.ts';
import { ConfirmModal } from '../../../ui/confirm-modal.tsx';
import { processKeys } from '../process.keys.ts';
import { useProcessFiles } from '../process.queries.ts';
import { useFieldContext } from './field-context.ts';

const ACCEPTED_FILES = '.pdf,.png,.jpg,.jpeg,.webp,.txt,.csv,.docx,.xlsx,.odt,.ods';
const MAX_BYTES = 20 * 1024 * 1024;

export const downloadUrl = (id: number) => `${API.process.downloadFile.path}?id=${id}`;
export const sizeLabel = (n: number) =>
  n < 1024 ? `${n} o` : n < 1024 * 1024 ? `${(n / 1024).toFixed(0)} Ko` : `${(n / 1024 / 1024).toFixed(1)} Mo`;

type FileRow = NonNullable<ReturnType<typeof useProcessFiles>['data']>[number];

/** A file-uploader field: its files (download, remove) and an upload with progress. */
export function FileField({ field, required }: { field: Metrique; required: boolean }) {
  const { t } = useTranslation();
  const ctx = useFieldContext();
  if (!ctx.process) {
    return (
      <Input.Wrapper label={field.nom} withAsterisk={required}>
        <Text size="sm" c="gray.7">
          {t('process.files.afterCreation')}
        </Text>
      </Input.Wrapper>
    );
  }
  return <FileFieldOf field={field} required={required} processId={ctx.process.id} />;
}

function FileFieldOf({ field, required, processId }: { field: Metrique; required: boolean; processId: number }) {
  const { t } = useTranslation();
  const ctx = useFieldContext();
  const queryClient = useQueryClient();
  const files = useProcessFiles(processId);
  const mine = (files.data ?? []).filter((f) => f.metriqueId === field.id);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [removing, setRemoving] = useState<FileRow | null>(null);
  const [removeError, setRemoveError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const refresh = () => Promise.all([queryClient.invalidateQueries({ queryKey: processKeys.one(processId) })]);

  const upload = async (file: File | null) => {
    if (!file) return;
    setError(null);
    if (file.size > MAX_BYTES) return setError(t('process.files.tooBig'));
    setProgress(0);
    try {
      const url = `${buildPath(API.process.uploadFile.path)}?process_id=${processId}&metrique_id=${field.id}`;
      await uploadFile(url, file, { onProgress: setProgress });
      notifySuccess(t('process.files.uploaded', { name: file.name }));
      await refresh();
    } catch (e) {
      setError(messageOfError(e));
    } finally {
      setProgress(null);
    }
  };
  const remove = async () => {
    if (!removing) return;
    setBusy(true);
    setRemoveError(null);
    try {
      await callApi(API.process.removeFile, { query: { id: removing.id } });
      setRemoving(null);
      await refresh();
    } catch (e) {
      setRemoveError(messageOfError(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Input.Wrapper label={field.nom} withAsterisk={required} error={error ?? ctx.errors[String(field.id)]}>
      <Stack gap={6} mt={4}>
        {files.isPending ? (
          <Text size="sm" c="gray.7">
            {t('common.loading')}
          </Text>
        ) : mine.length === 0 ? (
          <Text size="sm" c="gray.7">
            {t('process.files.none')}
          </Text>
        ) : (
          <ul aria-label={t('process.files.listOf', { name: field.nom })} style={{ margin: 0, paddingLeft: 18 }}>
            {mine.map((f) => (
              <li key={f.id}>
                <Group gap="xs" wrap="nowrap">
                  <Anchor href={downloadUrl(f.id)} download={f.nom} size="sm">
                    {f.nom}
                  </Anchor>
                  <Text size="xs" c="gray.7">
                    {sizeLabel(f.taille)} · {formatDate(f.uploadedAt)}
                  </Text>
                  {!ctx.readOnly && (
                    <Tooltip label={t('common.delete')}>
                      <ActionIcon
                        size="sm"
                        variant="subtle"
                        color="red"
                        aria-label={t('process.files.remove', { name: f.nom })}
                        onClick={() => {
                          setRemoveError(null);
                          setRemoving(f);
                        }}
                      >
                        <IconTrash size={14} />
                      </ActionIcon>
                    </Tooltip>
                  )}
                </Group>
              </li>
            ))}
          </ul>
        )}
        {!ctx.readOnly && (
          <Group gap="xs">
            <FileButton onChange={upload} accept={ACCEPTED_FILES}>
              {(props) => (
                <Button
                  {...props}
                  size="xs"
                  variant="light"
                  leftSection={<IconUpload size={14} />}
                  loading={progress !== null}
                  aria-label={t('process.files.uploadTo', { name: field.nom })}
                >
                  {t('process.files.upload')}
                </Button>
              )}
            </FileButton>
            <Text size="xs" c="gray.7">
              {t('process.files.accepted')}
            </Text>
          </Group>
        )}
        {progress !== null && <Progress value={progress * 100} size="sm" aria-label={t('process.files.progress')} animated />}
      </Stack>
      <ConfirmModal
        opened={removing !== null}
        title={t('process.files.confirmTitle')}
        message={t('process.files.confirmText', { name: removing?.nom ?? '' })}
        confirmLabel={t('common.delete')}
        loading={busy}
        error={removeError}
        onClose={() => setRemoving(null)}
        onConfirm={remove}
      />
    </Input.Wrapper>
  );
}
