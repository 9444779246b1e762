import { IconArrowDown, IconArrowUp, IconGripVertical, IconPlus, IconTrash } from '@tabler/icons-react';
import { IconSpriteDefs, SpriteIcon, type SpriteIconProps } from '../../../ui/icon-sprite.tsx';

/** The icons of every step, field and palette row of the editor, drawn once (the page renders EditorIconDefs). */
const ICONS = { grip: IconGripVertical, up: IconArrowUp, down: IconArrowDown, trash: IconTrash, plus: IconPlus };
const PREFIX = 'workflow-editor-icon';
type EditorIconName = keyof typeof ICONS;

export function EditorIconDefs() {
  return <IconSpriteDefs prefix={PREFIX} icons={ICONS} />;
}

export function EditorIcon(props: Omit<SpriteIconProps<EditorIconName>, 'prefix'>) {
  return <SpriteIcon prefix={PREFIX} {...props} />;
}
