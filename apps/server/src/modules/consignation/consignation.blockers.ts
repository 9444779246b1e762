import type { Tx } from '../../platform/db/engine.ts';

/**
 * Another module's reasons blocking the déconsignation of a lockout (the permis module: « Permis N° x non clos »),
 * in French, none when it may go. Called in the transaction of the move, after the lockout's record is locked.
 */
export type DeconsignationBlocker = (tx: Tx, a: { entrepriseId: number; processId: number }) => Promise<string[]>;

const blockers = new Map<string, DeconsignationBlocker>();

/** Registers a module's blocker of déconsignation (by name: registering twice replaces). */
export function registerDeconsignationBlocker(name: string, b: DeconsignationBlocker): void {
  blockers.set(name, b);
}

/** Every registered module's reasons for this lockout. */
export async function deconsignationBlockers(tx: Tx, a: { entrepriseId: number; processId: number }): Promise<string[]> {
  const out: string[] = [];
  for (const b of blockers.values()) out.push(...(await b(tx, a)));
  return out;
}
