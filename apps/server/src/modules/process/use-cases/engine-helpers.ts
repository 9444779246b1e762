import { type EngineState, type FoundReference, fieldState, holdsValue, isEmptyValue, type RefKind, TransitionError } from '@app/contracts';
import type { Caller } from '../../../platform/auth/caller.ts';
import type { Tx } from '../../../platform/db/engine.ts';
import { AppError, notFound } from '../../../platform/http/errors.ts';
import {
  type Field,
  fieldsOfModele,
  findProcess,
  loadEngineState,
  lockProcess,
  type ProcessRow,
  type Step,
  stepsOfModele,
} from '../process.repository.ts';
import { fieldIdsWithFiles } from '../process-files.repository.ts';
import { signedFieldIds } from '../process-signatures.repository.ts';

/**
 * Returns a process of the caller's company, or 404. What only the process's own company does (create, duplicate,
 * delete, deactivate, state, status, parents, sequencing) reads its process here: a contractor reaching a process of
 * its client that is its own is refused (403), any other is not found.
 */
export async function processOrThrow(tx: Tx, caller: Caller, id: number): Promise<ProcessRow> {
  const p = await findProcess(tx, caller.entrepriseId, id);
  if (!p) throw await notOwnProcess(tx, caller, id);
  return p;
}

/** Locks and returns a process of the caller's company, or 404 (403 for a contractor's process of its client). */
export async function lockedProcessOrThrow(tx: Tx, caller: Caller, id: number): Promise<ProcessRow> {
  const p = await lockProcess(tx, caller.entrepriseId, id);
  if (!p) throw await notOwnProcess(tx, caller, id);
  return p;
}

async function notOwnProcess(tx: Tx, caller: Caller, id: number): Promise<AppError> {
  if (caller.partner && (await findProcess(tx, null, id))) {
    return new AppError('FORBIDDEN', 'Seule l’entreprise cliente peut faire cela sur ce processus.');
  }
  return notFound('Processus introuvable.');
}

/**
 * Where a process is looked for: the caller's company, or for a contractor (partner role) every process its
 * policies show, its company's and its clients' own (migration 0015: prestataireIds, named signer). PostgreSQL
 * hides the others: they are not found (404).
 */
export const processScope = (caller: Caller): number | null => (caller.partner ? null : caller.entrepriseId);

/** A process the caller reads on its screen (view, steps, journal, files): of its company, or a contractor's; else 404. */
export async function sharedProcessOrThrow(tx: Tx, caller: Caller, id: number): Promise<ProcessRow> {
  const p = await findProcess(tx, processScope(caller), id);
  if (!p) throw notFound('Processus introuvable.');
  return p;
}

/** Locks a process the caller may fill and sign (its company's, or a contractor's), or 404. */
export async function lockedSharedProcessOrThrow(tx: Tx, caller: Caller, id: number): Promise<ProcessRow> {
  const p = await lockProcess(tx, processScope(caller), id);
  if (!p) throw notFound('Processus introuvable.');
  return p;
}

/** What a change of a process reads first: its model's steps and fields, its engine state and current step. */
export async function engineContext(tx: Tx, p: ProcessRow) {
  const steps = await stepsOfModele(tx, p.processModeleId);
  const fields = await fieldsOfModele(tx, p.processModeleId);
  const state = await loadEngineState(tx, p);
  return { steps, fields, state, current: steps.find((s) => s.ordre === state.currentOrdre) };
}
export type EngineContext = Awaited<ReturnType<typeof engineContext>>;

/** Runs a pure transition of the engine; its refusal (a typed TransitionError) answers 409 with its French message. */
export function transitionOrConflict<T>(run: () => T): T {
  try {
    return run();
  } catch (e) {
    if (e instanceof TransitionError) throw new AppError('CONFLICT', e.message);
    throw e;
  }
}

/** A client that loaded an older version gets 409 instead of overwriting someone else's change. */
export function assertVersion(p: ProcessRow, version: number | undefined) {
  if (version !== undefined && version !== p.version) {
    throw new AppError('CONFLICT', 'Ce processus a été modifié entre-temps par quelqu’un d’autre : rechargez-le.', { version: p.version });
  }
}

/** A validated (finished) or inactive process cannot be edited. */
export function assertEditable(p: ProcessRow) {
  if (p.etat === 'termine') throw new AppError('CONFLICT', 'Ce processus est validé : il ne peut plus être modifié.');
  if (p.etat === 'inactif') throw new AppError('CONFLICT', 'Ce processus est inactif : réactivez-le pour le modifier.');
}

const NOT_BY_DATA = new Set(['signature', 'file']);

/**
 * Checks values sent for fields: they must be fields of the model that hold a value and are filled as data
 * (not signatures or files), on steps that are not validated yet.
 */
export function assertWritableValues(values: Record<string, unknown>, fields: Field[], steps: Step[], state: EngineState) {
  const byId = new Map(fields.map((f) => [String(f.id), f]));
  for (const [key, v] of Object.entries(values)) {
    const f = byId.get(key);
    if (!f || !holdsValue(f.dataType) || NOT_BY_DATA.has(f.dataType)) {
      throw new AppError('VALIDATION', 'Valeur pour un champ inconnu ou qui ne se remplit pas ainsi.', [
        { champ: `rawData.${key}`, message: f ? f.dataType : 'inconnu' },
      ]);
    }
    if (typeof v === 'string' && v.length > 20_000)
      throw new AppError('VALIDATION', 'Texte trop long.', [{ champ: `rawData.${key}`, message: 'trop long' }]);
    const step = steps.find((s) => s.id === f.etapeId);
    const rec = state.steps.find((s) => s.etapeId === f.etapeId);
    if (rec?.isValid) {
      throw new AppError('CONFLICT', `L'étape « ${step?.nom ?? ''} » est validée : ses champs ne peuvent plus être modifiés.`, [
        { champ: `rawData.${key}`, message: 'étape validée' },
      ]);
    }
  }
}

/** Field kinds whose value is picked from a list of rows ({ id, libelle }, several for employees), with the kind of row. */
const PICKED: Record<string, RefKind> = {
  employee: 'personne',
  employees: 'personne',
  service: 'service',
  company: 'entreprise',
  affectation_workflow: 'workflow',
  // The registry (ticket 13): an equipment the caller may read, a location, risks, a gamme of the company; the type
  // of gamme is its software flavour (relevés, maintenance, manœuvre).
  equipment: 'equipement',
  location: 'localisation',
  risk: 'risque',
  gamme: 'gamme',
  gamme_type: 'logiciel',
};

/**
 * The rows named by picker values (people, services, companies, workflows), to check as references; a value
 * that names no row by its id is refused. Other reference kinds name modules not built yet (free id and label). Only
 * the values a request changes are checked: a free {id, libelle} saved before the registry stays as it was.
 */
export function pickedReferences(values: Record<string, unknown>, fields: Field[]): FoundReference[] {
  const out: FoundReference[] = [];
  for (const f of fields) {
    const kind = PICKED[f.dataType];
    const v = values[String(f.id)];
    if (!kind || isEmptyValue(v)) continue;
    const champ = `rawData.${f.id}`;
    for (const item of Array.isArray(v) ? v : [v]) {
      const raw = item && typeof item === 'object' ? (item as { id?: unknown }).id : item;
      const id = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
      if (!Number.isSafeInteger(id) || id <= 0) {
        throw new AppError('VALIDATION', `Référence invalide : ${champ}.`, [
          { champ, message: `Choisissez un élément de la liste (${f.nom}).` },
        ]);
      }
      out.push({ champ, kind, id });
    }
  }
  return out;
}

/** The step's required fields still empty (conditions applied; signatures and files counted from their tables). */
export async function missingRequired(tx: Tx, p: ProcessRow, step: Step, fields: Field[], values: Record<string, unknown>) {
  const own = fields.filter((f) => f.etapeId === step.id);
  const signed = await signedFieldIds(tx, p.id, step.id);
  const withFiles = own.some((f) => f.dataType === 'file') ? await fieldIdsWithFiles(tx, p.id) : [];
  return own.filter((f) => {
    if (!holdsValue(f.dataType)) return false;
    const st = fieldState({ hidden: f.hidden, required: f.required, conditions: f.conditions as never }, values);
    if (!st.required) return false;
    if (f.dataType === 'signature') return !signed.includes(f.id);
    if (f.dataType === 'file') return !withFiles.includes(f.id);
    const v = values[String(f.id)];
    return isEmptyValue(v) || v === false;
  });
}
