import type { AppAbility, Equipement } from '@app/contracts';
import type { TFunction } from 'i18next';
import type { ComponentType } from 'react';
import { ActivitesTab } from './components/activites-tab.tsx';
import { DroitsTab } from './components/droits-tab.tsx';
import { GeneralTab } from './components/general-tab.tsx';
import { PointsIsolementTab } from './components/points-isolement-tab.tsx';
import { ProcessusTab } from './components/processus-tab.tsx';

/** What a tab's panel receives: the equipment read (with its version and abilities) and a way to read it again. */
export interface EquipementTabProps {
  equipement: Equipement;
  onReload: () => void;
}

/**
 * A tab of the equipment's detail. The list is data: another module's tab (Localisation, Risques, Relevés) is one
 * line of EQUIPEMENT_TABS, `{ value, order, label, Panel }`, its Panel imported from that module's index.ts (each
 * module exports a component taking EquipementTabProps).
 */
export interface EquipementTabDef {
  value: string;
  /** Place among the tabs (Général 10, Points d'isolement 20, … Droits 90). */
  order: number;
  label: (t: TFunction) => string;
  Panel: ComponentType<EquipementTabProps>;
  /** Whether the caller sees the tab (default: always). */
  visible?: (ability: AppAbility) => boolean;
}

// Localisation 30, Risques 40, Relevés 45: the modules' lines go here at merge, e.g.
// { value: 'risques', order: 40, label: (t) => t('equipement.tabs.risques'), Panel: EquipementRisquesTab },
export const EQUIPEMENT_TABS: EquipementTabDef[] = [
  { value: 'general', order: 10, label: (t) => t('equipement.tabs.general'), Panel: GeneralTab },
  { value: 'points', order: 20, label: (t) => t('equipement.tabs.points'), Panel: PointsIsolementTab },
  { value: 'activites', order: 50, label: (t) => t('equipement.tabs.activites'), Panel: ActivitesTab },
  { value: 'processus', order: 60, label: (t) => t('equipement.tabs.processus'), Panel: ProcessusTab },
  {
    value: 'droits',
    order: 90,
    label: (t) => t('equipement.tabs.droits'),
    Panel: DroitsTab,
    visible: (ability) => ability.can('read', 'Permission'),
  },
];
