import {
  IconAlertTriangle,
  IconBolt,
  IconBuildingFactory,
  IconDoorExit,
  IconDroplet,
  IconFireExtinguisher,
  IconFirstAidKit,
  IconFlame,
  IconMapPin,
  IconTool,
  IconUsersGroup,
  IconWind,
} from '@tabler/icons-react';

const ICONS = {
  'map-pin': IconMapPin,
  'building-factory': IconBuildingFactory,
  bolt: IconBolt,
  flame: IconFlame,
  'fire-extinguisher': IconFireExtinguisher,
  'users-group': IconUsersGroup,
  'first-aid-kit': IconFirstAidKit,
  'door-exit': IconDoorExit,
  'alert-triangle': IconAlertTriangle,
  droplet: IconDroplet,
  wind: IconWind,
  tool: IconTool,
} as const;

/** The pictogram of a location or marker icon name (a pin for an unknown one). */
export function MarkerIcon({ name, size = 18 }: { name: string | null | undefined; size?: number }) {
  const Icon = (name && ICONS[name as keyof typeof ICONS]) || IconMapPin;
  return <Icon size={size} aria-hidden />;
}
