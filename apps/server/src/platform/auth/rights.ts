import type { Grant, LogicielCodeValue, Resolved } from '@app/contracts';
import type { Tx } from '../db/engine.ts';

/** A menu entry as the rights are computed from it. */
export interface MenuRow {
  id: number;
  parentId: number | null;
  slug: string;
  libelle: string;
  icon: string | null;
  logiciel: LogicielCodeValue | null;
  subject: string | null;
  hidden: boolean;
  isEE: boolean;
  idx: number;
}

export interface Rights {
  /** Undefined on an account that is not on the v2 model (it manages everything of its company). */
  grants: Grant[] | undefined;
  /** Resolved rights on each menu item of the caller's list (EE or not). */
  onItem: Map<number, Resolved>;
  /** Every menu item of the caller's list, in tree order. */
  menu: MenuRow[];
  /** The ids of the entries the caller sees in their menu. */
  visible: Set<number>;
}

/** Whose rights: a person acting with one profile, in their company's permission model at a version. */
export interface RightsQuery {
  entrepriseId: number;
  userId: number;
  profilId: number | null;
  isEE: boolean;
  /** The company is on the decentralised (v2) model; otherwise its people manage everything of it. */
  v2: boolean;
  /** The company's permission version: any change of its menu or entries bumps it (cache key). */
  version: number;
}

/**
 * Computes a caller's rights. The permission module provides it (the menus and entries are its tables); the
 * platform receives it through Deps and asks it for every authenticated request.
 */
export type RightsSource = (tx: Tx, q: RightsQuery) => Promise<Rights>;
