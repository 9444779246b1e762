import { Badge, type BadgeProps } from '@mantine/core';
import {
  IconAlertTriangle,
  IconBan,
  IconBolt,
  IconCircleCheck,
  IconClipboardCheck,
  IconClock,
  IconFlask,
  IconHandStop,
  IconLock,
  IconLockOpen,
  IconLockSquare,
  IconPlayerPause,
  IconPlugConnected,
  IconTag,
  IconTool,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { chipTextColour, hexOf } from '../chip-colors.ts';

type Icon = ComponentType<{ size?: number; 'aria-hidden'?: boolean }>;

/** The icons a company may give its register codes (the stored name is Tabler's, kebab-case). */
export const REGISTER_ICONS = {
  lock: IconLock,
  'lock-open': IconLockOpen,
  'lock-square': IconLockSquare,
  'clipboard-check': IconClipboardCheck,
  tool: IconTool,
  'plug-connected': IconPlugConnected,
  ban: IconBan,
  'alert-triangle': IconAlertTriangle,
  bolt: IconBolt,
  'player-pause': IconPlayerPause,
  'hand-stop': IconHandStop,
  flask: IconFlask,
  clock: IconClock,
  'circle-check': IconCircleCheck,
  tag: IconTag,
} satisfies Record<string, Icon>;
export type RegisterIconName = keyof typeof REGISTER_ICONS;

/** Whether a stored icon name is one the screens know. */
export function isRegisterIcon(name: string | null | undefined): name is RegisterIconName {
  return typeof name === 'string' && Object.hasOwn(REGISTER_ICONS, name);
}

/** The icon of a stored name; an unknown name shows a tag rather than nothing. */
export function registerIcon(name: string | null | undefined): Icon {
  return isRegisterIcon(name) ? REGISTER_ICONS[name] : IconTag;
}

interface RegisterChipProps {
  /** The register code (CS, TSN…), null for a state the company gave no code. */
  code: string | null;
  /** The company's label of the code (or the state's label when there is no code). */
  libelle: string;
  couleur: string | null;
  icone: string | null;
  size?: BadgeProps['size'];
}

/**
 * A lockout's status as the company names it: its colour, its icon, the code and its label in words (never the colour
 * alone). The text is black or white, whichever reads on the company's colour (≥ 4.5:1).
 */
export function RegisterChip({ code, libelle, couleur, icone, size = 'md' }: RegisterChipProps) {
  const bg = hexOf(couleur);
  const Icon = registerIcon(icone);
  return (
    <Badge
      component="span"
      size={size}
      variant={bg ? 'filled' : 'light'}
      color={bg ?? 'gray'}
      c={bg ? chipTextColour(bg) : 'dark.9'}
      leftSection={<Icon size={14} aria-hidden />}
      tt="none"
      style={{ maxWidth: '100%' }}
    >
      {code ? `${code} — ${libelle}` : libelle}
    </Badge>
  );
}
