import { METRIQUE_TYPES } from '@app/contracts';
import { ActionIcon, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCodeLabel } from '../../../lib/labels.ts';
import { useNearViewport } from '../../../lib/near-viewport.ts';
import { filterPalette } from '../workflow-editor.util.ts';
import { startDrag, useEditor } from './editor-context.ts';
import { EditorIcon } from './editor-icons.tsx';

/** Kinds rendered with the editor; the rest when the list is scrolled towards them. */
const PALETTE_FIRST = 12;

/** Every field kind: drag one into a step (or onto a position in its field list), or add it to the selected step. */
export function MetriquePalette() {
  const { t } = useTranslation();
  const { canEdit, etape, setDrag, addField } = useEditor();
  const [search, setSearch] = useState('');
  const codeLabel = useCodeLabel();
  // Searched and shown in the language of the screen.
  const types = filterPalette(
    METRIQUE_TYPES.map((m) => ({ code: m.code, libelle: codeLabel('metriqueType', m.code) })),
    search,
  );
  // Forty kinds in a box that shows a dozen: the others are built when the box is scrolled towards them (a marker
  // after the first ones comes near the screen), at once where the box shows them all, or when the focus enters it.
  const [moreRef, more, showMore] = useNearViewport<HTMLLIElement>();
  const shown = more ? types.length : PALETTE_FIRST;

  return (
    <Card withBorder padding="sm">
      <Title order={2} size="h4" mb="xs">
        {t('workflow.palette')}
      </Title>
      <TextInput
        size="xs"
        leftSection={<IconSearch size={14} />}
        aria-label={t('workflow.paletteSearch')}
        placeholder={t('workflow.paletteSearch')}
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        mb="xs"
      />
      {canEdit && (
        <Text size="xs" c="dimmed" mb="xs">
          {t('workflow.paletteHelp')}
        </Text>
      )}
      {/* Scrolled by the browser (Mantine's ScrollArea measured its thumb in every commit that added kinds, forcing
          the page's layout each time). Without buttons inside (read only), the list itself takes the focus, so that
          it can be scrolled from the keyboard. */}
      <Stack
        gap={2}
        component="ul"
        style={{ listStyle: 'none', padding: 0, margin: 0, maxHeight: 360, overflowY: 'auto' }}
        aria-label={t('workflow.palette')}
        tabIndex={canEdit ? undefined : 0}
        onFocus={more ? undefined : showMore}
      >
        {types.length === 0 && (
          <li>
            <Text size="sm" c="dimmed">
              {t('common.nothingFound')}
            </Text>
          </li>
        )}
        {types.slice(0, shown).map((type) => (
          <li
            key={type.code}
            draggable={canEdit}
            onDragStart={(e) => startDrag(e, { kind: 'type', code: type.code }, setDrag)}
            onDragEnd={() => setDrag(null)}
          >
            <Group gap={4} wrap="nowrap" px={4} style={{ cursor: canEdit ? 'grab' : undefined, borderRadius: 4 }}>
              {canEdit && <EditorIcon name="grip" size={14} color="gray" />}
              <Text size="sm" style={{ flex: 1 }}>
                {type.libelle}
              </Text>
              {canEdit && (
                <ActionIcon
                  variant="subtle"
                  size="md"
                  aria-label={t('workflow.addType', { type: type.libelle })}
                  disabled={!etape}
                  onClick={() => etape && addField(etape.id, type.code, null)}
                >
                  <EditorIcon name="plus" size={14} />
                </ActionIcon>
              )}
            </Group>
          </li>
        ))}
        {shown < types.length && <li ref={moreRef} aria-hidden="true" style={{ height: 1 }} />}
      </Stack>
    </Card>
  );
}
