import type { Etape, Metrique } from '@app/contracts';
import * as API from '@app/contracts/api';
import { ActionIcon, Badge, Box, Card, Group, Stack, Text, Title, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCodeLabel } from '../../../lib/labels.ts';
import { messageOfError } from '../../../lib/notify.ts';
import { useRenderedCount } from '../../../lib/rendered-count.ts';
import { ConfirmModal } from '../../../ui/confirm-modal.tsx';
import { useWorkflowMutation } from '../workflow.queries.ts';
import { arrangeAfterMove, dropPosition, insertIdxAt, normalFields, orderedFields, typeLabel } from '../workflow-editor.util.ts';
import { startDrag, useEditor } from './editor-context.ts';
import { EditorIcon } from './editor-icons.tsx';

/** Top-level fields rendered with the editor; the rest follow in slices of as many (useRenderedCount). */
const ROWS_FIRST = 6;

/** The selected step's fields in form order; drop a kind or a field between them; select one to edit it. */
export function MetriqueList({ etape }: { etape: Etape }) {
  const { t } = useTranslation();
  const codeLabel = useCodeLabel();
  const { canEdit, metrique: selected, selectMetrique, drag, setDrag, addField } = useEditor();
  const arrange = useWorkflowMutation(API.workflow.arrangeMetriques);
  const switchMetrique = useWorkflowMutation(API.workflow.switchMetrique);
  const remove = useWorkflowMutation(API.workflow.deleteMetrique, { silentError: true });
  const [deleting, setDeleting] = useState<Metrique | null>(null);
  const [marker, setMarker] = useState<number | null>(null);
  const fields = orderedFields(etape.metriques);
  const normal = normalFields(etape.metriques);
  // The rows of a first screen with the editor, the others in the commits after it (issue 16).
  const shown = useRenderedCount(fields.length, ROWS_FIRST);

  /** A drop at a position among the top-level fields (fields.length = at the end). */
  const dropAt = (position: number) => {
    setMarker(null);
    if (!drag || !canEdit) return;
    if (drag.kind === 'type') addField(etape.id, drag.code, insertIdxAt(etape.metriques, position));
    else if (drag.kind === 'metrique' && drag.etapeId === etape.id) {
      const ids = arrangeAfterMove(etape.metriques, drag.id, position);
      if (ids) arrange.mutate({ body: { etapeId: etape.id, ids } });
    } else if (drag.kind === 'metrique') {
      const idx = insertIdxAt(etape.metriques, position);
      switchMetrique.mutate({ body: { id: drag.id, etapeId: etape.id, ...(idx === null ? {} : { idx }) } });
    }
    setDrag(null);
  };
  /** Accepts a kind or a field over this list (preventDefault is what allows the drop). */
  const accepts = (e: React.DragEvent) => {
    if (!canEdit || drag === null || drag.kind === 'etape') return false;
    e.preventDefault();
    return true;
  };

  const move = (f: Metrique, dir: -1 | 1) => {
    const i = normal.findIndex((x) => x.id === f.id);
    const ids = arrangeAfterMove(etape.metriques, f.id, dir === -1 ? i - 1 : i + 2);
    if (ids) arrange.mutate({ body: { etapeId: etape.id, ids } });
  };

  const row = (f: Metrique, depth: number, index: number | null) => {
    const active = f.id === selected?.id;
    const i = index === null ? -1 : normal.findIndex((x) => x.id === f.id);
    return (
      <li key={f.id} style={{ listStyle: 'none' }}>
        <Box
          draggable={canEdit && depth === 0}
          onDragStart={(e: React.DragEvent) => {
            e.stopPropagation();
            startDrag(e, { kind: 'metrique', id: f.id, etapeId: etape.id }, setDrag);
          }}
          onDragEnd={() => {
            setDrag(null);
            setMarker(null);
          }}
          onDragOver={(e: React.DragEvent<HTMLElement>) => {
            if (index === null || !accepts(e)) return;
            const rect = e.currentTarget.getBoundingClientRect();
            setMarker(dropPosition(index, e.clientY - rect.top, rect.height));
          }}
          onDrop={(e: React.DragEvent<HTMLElement>) => {
            e.preventDefault();
            e.stopPropagation();
            if (index === null) return;
            const rect = e.currentTarget.getBoundingClientRect();
            dropAt(dropPosition(index, e.clientY - rect.top, rect.height));
          }}
          style={{
            borderTop: index !== null && marker === index ? '2px solid var(--mantine-color-blue-5)' : '2px solid transparent',
            borderBottom:
              index !== null && marker === index + 1 && index === fields.length - 1
                ? '2px solid var(--mantine-color-blue-5)'
                : '2px solid transparent',
          }}
          data-testid={`metrique-${f.id}`}
        >
          <Group
            gap={4}
            wrap="nowrap"
            pl={depth * 20}
            p={4}
            style={{ borderRadius: 6, background: active ? 'var(--mantine-color-blue-light)' : undefined }}
          >
            {canEdit && depth === 0 && <EditorIcon name="grip" size={16} color="gray" style={{ cursor: 'grab' }} />}
            {/* The button shows the field's name only, which its label contains (WCAG 2.5.3, label in name); the
                badges describe the field beside it. */}
            <Box style={{ flex: 1, minWidth: 0 }}>
              <Group gap={4} wrap="nowrap">
                <UnstyledButton
                  onClick={() => selectMetrique(f.id)}
                  aria-pressed={active}
                  aria-label={t('workflow.selectFieldNamed', { name: f.nom })}
                  // A target of 28 px at least (its text alone is 20 px high).
                  style={{ flex: 1, minWidth: 0, minHeight: 28, display: 'flex', alignItems: 'center' }}
                >
                  <Text size="sm" fw={active ? 600 : 400} truncate>
                    {f.nom}
                  </Text>
                </UnstyledButton>
                {f.required && (
                  <Text span size="sm" c="red.9">
                    <span aria-hidden>*</span>
                    <VisuallyHidden>{t('workflow.required')}</VisuallyHidden>
                  </Text>
                )}
              </Group>
              <Group gap={4}>
                <Badge size="xs" variant="light">
                  {typeLabel(f.dataType, codeLabel)}
                </Badge>
                {f.hidden && (
                  <Badge size="xs" variant="outline" color="gray" bg="white">
                    {t('workflow.hidden')}
                  </Badge>
                )}
                {f.conditions.length > 0 && (
                  <Badge size="xs" variant="outline" color="orange" bg="white">
                    {t('workflow.conditional')}
                  </Badge>
                )}
                {f.references && (
                  <Badge size="xs" variant="outline" color="teal" bg="white">
                    {t('workflow.referenced')}
                  </Badge>
                )}
              </Group>
            </Box>
            {canEdit && (
              <Group gap={0} wrap="nowrap">
                {depth === 0 && i >= 0 && (
                  <>
                    <ActionIcon
                      variant="subtle"
                      size="md"
                      aria-label={t('workflow.fieldUp', { name: f.nom })}
                      disabled={i === 0 || arrange.isPending}
                      onClick={() => move(f, -1)}
                    >
                      <EditorIcon name="up" />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      size="md"
                      aria-label={t('workflow.fieldDown', { name: f.nom })}
                      disabled={i === normal.length - 1 || arrange.isPending}
                      onClick={() => move(f, 1)}
                    >
                      <EditorIcon name="down" />
                    </ActionIcon>
                  </>
                )}
                <ActionIcon
                  variant="subtle"
                  size="md"
                  color="red"
                  aria-label={t('workflow.fieldDelete', { name: f.nom })}
                  onClick={() => {
                    remove.reset();
                    setDeleting(f);
                  }}
                >
                  <EditorIcon name="trash" />
                </ActionIcon>
              </Group>
            )}
          </Group>
        </Box>
        {(f.children ?? []).length > 0 && (
          <Stack gap={2} component="ul" p={0} m={0} aria-label={f.nom}>
            {orderedFields(f.children ?? []).map((c) => row(c, depth + 1, null))}
          </Stack>
        )}
      </li>
    );
  };

  return (
    <Card withBorder padding="sm">
      <Title order={2} size="h4" mb="xs">
        {t('workflow.champsOf', { name: etape.nom })}
      </Title>
      {fields.length === 0 ? (
        <Text size="sm" c="dimmed" py="md" ta="center">
          {t('workflow.noField')}
        </Text>
      ) : (
        <Stack gap={2} component="ol" p={0} m={0} aria-label={t('workflow.champsOf', { name: etape.nom })} aria-busy={arrange.isPending}>
          {fields.slice(0, shown).map((f, i) => row(f, 0, i))}
        </Stack>
      )}
      {canEdit && (
        <Box
          mt="xs"
          p="xs"
          ta="center"
          onDragOver={(e: React.DragEvent) => {
            if (accepts(e)) setMarker(fields.length);
          }}
          onDragLeave={() => setMarker(null)}
          onDrop={(e: React.DragEvent) => {
            e.preventDefault();
            dropAt(fields.length);
          }}
          style={{
            border: `1px dashed var(--mantine-color-${marker === fields.length ? 'blue-5' : 'gray-4'})`,
            borderRadius: 6,
          }}
        >
          <Text size="xs" c="dimmed">
            {t('workflow.dropHere')}
          </Text>
        </Box>
      )}
      <ConfirmModal
        opened={deleting !== null}
        title={t('workflow.confirmDeleteField.title')}
        message={t('workflow.confirmDeleteField.text', { nom: deleting?.nom ?? '' })}
        error={remove.isError ? messageOfError(remove.error) : null}
        confirmLabel={t('common.delete')}
        loading={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(
            { params: { id: deleting.id } },
            {
              onSuccess: () => {
                if (selected?.id === deleting.id) selectMetrique(null);
                setDeleting(null);
              },
            },
          )
        }
      />
    </Card>
  );
}
