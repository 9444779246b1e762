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

/** A step as the hooks see it. */
export interface HookStep {
  id: number;
  nom: string;
  ordre: number;
  config: Record<string, unknown>;
}

/**
 * A module's rule on signing a step (ticket 15: a lockout's déconsignation while a daughter is open, an unresolved
 * conflict, a fire watch not finished…): throws a 4xx AppError to refuse. Runs after the habilitation gate, before
 * anything is written. `validates`: the step is being validated (sign, sign_step), not given one signature of several
 * (signature/register); `closing`: validating it ends the process.
 */
export type StepSignCheck = (
  tx: Tx,
  a: { caller: Caller; process: ProcessRow; etape: HookStep; validates: boolean; closing: boolean; at: Date },
) => Promise<void>;

/** Told after a step was validated by signing, in the same transaction (the process row as it was before). */
export type StepValidatedListener = (
  tx: Tx,
  a: { caller: Caller; process: ProcessRow; etape: HookStep; closing: boolean; at: Date },
) => Promise<void>;

/** A process's status (register code) and engine state. */
export interface StatusPair {
  status: string | null;
  etat: string;
}

/**
 * A module's rule on a change of a process's status or state (update-status-process, update_status, inactive,
 * state, return, forward): throws a 4xx AppError to refuse, before anything is written. `action` is the journal's
 * word for the change ('statut', 'desactivation', 'etat', 'renvoi', 'passage').
 */
export type StatusGuard = (
  tx: Tx,
  a: { caller: Caller; process: ProcessRow; action: string; from: StatusPair; to: StatusPair },
) => Promise<void>;

/** Told after a process was created or duplicated (`sourceId`: the process copied), in the same transaction. */
export type ProcessCreatedListener = (
  tx: Tx,
  a: { caller: Caller; process: ProcessRow; event: 'created' | 'duplicated'; sourceId?: number },
) => Promise<void>;

let gate: SignatureGate | null = null;
const endListeners = new Map<string, ProcessEndListener>();
const signChecks = new Map<string, StepSignCheck>();
const validatedListeners = new Map<string, StepValidatedListener>();
const statusGuards = new Map<string, StatusGuard>();
const createdListeners = new Map<string, ProcessCreatedListener>();

/** The habilitation module's check of a step's required habilitations (one gate). */
export function registerSignatureGate(g: SignatureGate): void {
  gate = g;
}

/** A module's reaction to a process ending (by name: registering twice replaces). */
export function registerProcessEndListener(name: string, l: ProcessEndListener): void {
  endListeners.set(name, l);
}

/** A module's rule on signing (by name: registering twice replaces). */
export function registerStepSignCheck(name: string, c: StepSignCheck): void {
  signChecks.set(name, c);
}

/** A module's reaction to a step validated by signing (by name). */
export function registerStepValidatedListener(name: string, l: StepValidatedListener): void {
  validatedListeners.set(name, l);
}

/** A module's rule on status and state changes (by name). */
export function registerStatusGuard(name: string, g: StatusGuard): void {
  statusGuards.set(name, g);
}

/** A module's reaction to a process created or duplicated (by name). */
export function registerProcessCreatedListener(name: string, l: ProcessCreatedListener): void {
  createdListeners.set(name, l);
}

export async function checkStepSigning(tx: Tx, a: Parameters<StepSignCheck>[1]): Promise<void> {
  for (const c of signChecks.values()) await c(tx, a);
}

export async function stepValidated(tx: Tx, a: Parameters<StepValidatedListener>[1]): Promise<void> {
  for (const l of validatedListeners.values()) await l(tx, a);
}

export async function guardStatusChange(tx: Tx, a: Parameters<StatusGuard>[1]): Promise<void> {
  if (a.from.status === a.to.status && a.from.etat === a.to.etat) return;
  for (const g of statusGuards.values()) await g(tx, a);
}

export async function processCreated(tx: Tx, a: Parameters<ProcessCreatedListener>[1]): Promise<void> {
  for (const l of createdListeners.values()) await l(tx, a);
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
