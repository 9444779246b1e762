import type { Caller } from '../../platform/auth/caller.ts';
import type { Tx } from '../../platform/db/engine.ts';
import { AppError } from '../../platform/http/errors.ts';
import type { ProcessRow } from './process.repository.ts';

// What other modules plug into signing, registered from their own index.ts at load: the process module names none of
// them (the habilitation module imports process, never the reverse; depcruise forbids the cycle).

/** Checks a signer against a step's requirements; returns the snapshot to keep with the signature, or throws a 4xx. */
export type SignatureGate = (
  tx: Tx,
  a: { caller: Caller; process: ProcessRow; etape: { id: number; nom: string; config: Record<string, unknown> }; at: Date },
) => Promise<Record<string, unknown> | null>;

/** Told when a process ends (its last step validated), in the signing transaction. */
export type ProcessEndListener = (tx: Tx, a: { caller: Caller; process: ProcessRow }) => Promise<void>;

let gate: SignatureGate | null = null;
const endListeners = new Map<string, ProcessEndListener>();

/** The habilitation module's check of a step's required habilitations (one gate). */
export function registerSignatureGate(g: SignatureGate): void {
  gate = g;
}

/** A module's reaction to a process ending (by name: registering twice replaces). */
export function registerProcessEndListener(name: string, l: ProcessEndListener): void {
  endListeners.set(name, l);
}

/** Runs the gate for a step; a step requiring habilitations is never signed without one registered. */
export async function gateSignature(tx: Tx, a: Parameters<SignatureGate>[1]): Promise<Record<string, unknown> | null> {
  if (gate) return gate(tx, a);
  const requises = a.etape.config.habilitationsRequises;
  if (Array.isArray(requises) && requises.length)
    throw new AppError('CONFLICT', 'Cette étape exige une habilitation, qui ne peut pas être vérifiée : signature refusée.');
  return null;
}

export async function processEnded(tx: Tx, a: Parameters<ProcessEndListener>[1]): Promise<void> {
  for (const l of endListeners.values()) await l(tx, a);
}
