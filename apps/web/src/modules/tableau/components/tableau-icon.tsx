import {
  IconAlertTriangle,
  IconBolt,
  IconClipboardList,
  IconFlame,
  IconLayoutBoard,
  IconListCheck,
  IconLock,
  type IconProps,
  IconTool,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';

/** The icons a board may carry (names as the menu's), with their French names for the picker. */
export const TABLEAU_ICONS: { value: string; label: string; Icon: ComponentType<IconProps> }[] = [
  { value: 'layout-board', label: 'Tableau', Icon: IconLayoutBoard },
  { value: 'list-check', label: 'Liste', Icon: IconListCheck },
  { value: 'bolt', label: 'Électricité', Icon: IconBolt },
  { value: 'flame', label: 'Feu', Icon: IconFlame },
  { value: 'lock', label: 'Cadenas', Icon: IconLock },
  { value: 'tool', label: 'Outil', Icon: IconTool },
  { value: 'clipboard-list', label: 'Presse-papiers', Icon: IconClipboardList },
  { value: 'alert-triangle', label: 'Alerte', Icon: IconAlertTriangle },
];

/** A board's icon; an unknown or missing name shows the board icon. */
export function TableauIcon({ name, size = 18 }: { name: string | null; size?: number }) {
  const Icon = TABLEAU_ICONS.find((i) => i.value === name)?.Icon ?? IconLayoutBoard;
  return <Icon size={size} aria-hidden />;
}
