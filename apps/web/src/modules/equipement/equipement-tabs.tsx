import type { AppAbility, Equipement } from '@app/contracts';
import type { TFunction } from 'i18next';
import type { ComponentType } from 'react';
import { EquipementRelevesTab } from '../gamme/index.ts';
import { EquipementLocalisationTab } from '../localisation/index.ts';
import { EquipementRisquesTab } from '../risque/index.ts';
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

export const EQUIPEMENT_TABS: EquipementTabDef[] = [
  { value: 'general', order: 10, label: (t) => t('equipement.tabs.general'), Panel: GeneralTab },
  { value: 'points', order: 20, label: (t) => t('equipement.tabs.points'), Panel: PointsIsolementTab },
  // The tabs of the registry's other modules (locations, risks, readings), each from that module's index.ts.
  {
    value: 'localisation',
    order: 30,
    label: (t) => t('equipement.tabs.localisation'),
    Panel: ({ equipement }) => <EquipementLocalisationTab equipementId={equipement.id} />,
  },
  {
    value: 'risques',
    order: 40,
    label: (t) => t('equipement.tabs.risques'),
    Panel: ({ equipement }) => <EquipementRisquesTab equipementId={equipement.id} canUpdate={equipement.abilities?.update ?? false} />,
  },
  {
    value: 'releves',
    order: 45,
    label: (t) => t('equipement.tabs.releves'),
    Panel: ({ equipement }) => <EquipementRelevesTab equipementId={equipement.id} />,
  },
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
