import type { Etape } from '@app/contracts';
import * as API from '@app/contracts/api';
import { ActionIcon, Badge, Button, Card, Group, Stack, Text, TextInput, Title, UnstyledButton } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOfError } from '../../../lib/notify.ts';
import { ConfirmModal } from '../../../ui/confirm-modal.tsx';
import { useWorkflowMutation } from '../workflow.queries.ts';
import { dropPosition, moveTo } from '../workflow-editor.util.ts';
import { startDrag, useEditor } from './editor-context.ts';
import { EditorIcon } from './editor-icons.tsx';

/** The model's steps in order: select, reorder (drag or Monter/Descendre), add, delete; a drop target for fields. */
export function EtapeList({ etapes }: { etapes: Etape[] }) {
  const { t } = useTranslation();
  const { model, canEdit, etape: selected, selectEtape, drag, setDrag, addField } = useEditor();
  const arrange = useWorkflowMutation(API.workflow.etapeArrange);
  const create = useWorkflowMutation(API.workflow.etapeCreate);
  const remove = useWorkflowMutation(API.workflow.etapeDelete, { silentError: true });
  const switchMetrique = useWorkflowMutation(API.workflow.switchMetrique);
  const [nom, setNom] = useState('');
  const [deleting, setDeleting] = useState<Etape | null>(null);
  const [over, setOver] = useState<number | null>(null);

  const reorder = (from: number, position: number) => {
    const ids = moveTo(
      etapes.map((e) => e.id),
      from,
      position,
    );
    if (ids.join() !== etapes.map((e) => e.id).join()) arrange.mutate({ body: { processModeleId: model.id, ids } });
  };

  const onDrop = (e: React.DragEvent<HTMLElement>, index: number, target: Etape) => {
    e.preventDefault();
    setOver(null);
    if (!drag || !canEdit) return;
    if (drag.kind === 'etape') {
      const rect = e.currentTarget.getBoundingClientRect();
      reorder(
        etapes.findIndex((x) => x.id === drag.id),
        dropPosition(index, e.clientY - rect.top, rect.height),
      );
    } else if (drag.kind === 'type') {
      addField(target.id, drag.code, null);
    } else if (drag.kind === 'metrique' && drag.etapeId !== target.id) {
      switchMetrique.mutate({ body: { id: drag.id, etapeId: target.id } }, { onSuccess: () => selectEtape(target.id) });
    }
    setDrag(null);
  };

  return (
    <Card withBorder padding="sm">
      <Title order={2} size="h4" mb="xs">
        {t('workflow.etapes')}
      </Title>
      <Stack
        gap={6}
        component="ol"
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
        aria-label={t('workflow.etapes')}
        aria-busy={arrange.isPending}
      >
        {etapes.map((e, i) => {
          const active = e.id === selected?.id;
          return (
            <li
              key={e.id}
              draggable={canEdit}
              onDragStart={(ev) => startDrag(ev, { kind: 'etape', id: e.id }, setDrag)}
              onDragEnd={() => {
                setDrag(null);
                setOver(null);
              }}
              onDragOver={(ev) => {
                if (!canEdit || !drag) return;
                if (drag.kind === 'metrique' && drag.etapeId === e.id) return;
                ev.preventDefault();
                setOver(e.id);
              }}
              onDragLeave={() => setOver((o) => (o === e.id ? null : o))}
              onDrop={(ev) => onDrop(ev, i, e)}
              data-testid={`etape-${e.id}`}
            >
              <Group
                gap={4}
                wrap="nowrap"
                p={4}
                style={{
                  borderRadius: 6,
                  background: active ? 'var(--mantine-color-blue-light)' : undefined,
                  outline: over === e.id ? '2px dashed var(--mantine-color-blue-5)' : undefined,
                }}
              >
                {canEdit && <EditorIcon name="grip" size={16} color="gray" style={{ cursor: 'grab' }} />}
                <UnstyledButton
                  onClick={() => selectEtape(e.id)}
                  aria-current={active ? 'step' : undefined}
                  style={{ flex: 1, minWidth: 0 }}
                >
                  <Text size="sm" fw={active ? 600 : 400} truncate>
                    {e.ordre}. {e.nom}
                  </Text>
                  <Group gap={4}>
                    <Badge size="xs" variant="outline" color="gray">
                      {t('workflow.nbChamps', { count: e.metriques.length })}
                    </Badge>
                    {e.autorisations.length > 0 && (
                      <Badge size="xs" variant="outline" color="grape">
                        {t('workflow.nbRegles', { count: e.autorisations.length })}
                      </Badge>
                    )}
                  </Group>
                </UnstyledButton>
                {canEdit && (
                  <Group gap={0} wrap="nowrap">
                    <ActionIcon
                      variant="subtle"
                      size="md"
                      aria-label={t('workflow.etapeUp', { name: e.nom })}
                      disabled={i === 0 || arrange.isPending}
                      onClick={() => reorder(i, i - 1)}
                    >
                      <EditorIcon name="up" />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      size="md"
                      aria-label={t('workflow.etapeDown', { name: e.nom })}
                      disabled={i === etapes.length - 1 || arrange.isPending}
                      onClick={() => reorder(i, i + 2)}
                    >
                      <EditorIcon name="down" />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      size="md"
                      color="red"
                      aria-label={t('workflow.etapeDelete', { name: e.nom })}
                      onClick={() => {
                        remove.reset();
                        setDeleting(e);
                      }}
                    >
                      <EditorIcon name="trash" />
                    </ActionIcon>
                  </Group>
                )}
              </Group>
            </li>
          );
        })}
      </Stack>
      {canEdit && (
        <form
          onSubmit={(ev) => {
            ev.preventDefault();
            create.mutate(
              { body: { processModeleId: model.id, nom: nom.trim() } },
              {
                onSuccess: (created) => {
                  setNom('');
                  selectEtape(created.id);
                },
              },
            );
          }}
        >
          <Group gap={4} mt="sm" wrap="nowrap" align="flex-end">
            <TextInput
              size="xs"
              style={{ flex: 1 }}
              label={t('workflow.newEtape')}
              value={nom}
              onChange={(ev) => setNom(ev.currentTarget.value)}
            />
            <Button type="submit" size="xs" leftSection={<IconPlus size={14} />} disabled={!nom.trim()} loading={create.isPending}>
              {t('workflow.addEtape')}
            </Button>
          </Group>
        </form>
      )}
      <ConfirmModal
        opened={deleting !== null}
        title={t('workflow.confirmDeleteEtape.title')}
        message={t('workflow.confirmDeleteEtape.text', { nom: deleting?.nom ?? '' })}
        error={remove.isError ? messageOfError(remove.error) : null}
        confirmLabel={t('common.delete')}
        loading={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate({ params: { id: deleting.id } }, { onSuccess: () => setDeleting(null) })}
      />
    </Card>
  );
}
