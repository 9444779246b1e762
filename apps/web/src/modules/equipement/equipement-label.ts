import { EQUIPEMENT_MENU_SLUG } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { useCurrentSession } from '../auth/index.ts';

/**
 * The company's word for its equipment (« Installation » by default, S 16, S 41): the label the server gives the
 * menu entry (display.equipment.customName of the active software, else the entry's own), else the default.
 */
export function useEquipementLabel(): string {
  const { t } = useTranslation();
  const session = useCurrentSession();
  return session.menuItems.find((m) => m.slug === EQUIPEMENT_MENU_SLUG)?.libelle ?? t('equipement.defaultName');
}
