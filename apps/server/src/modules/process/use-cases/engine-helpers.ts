import {
  canActOnStep,
  type EngineState,
  type FoundReference,
  fieldState,
  holdsValue,
  isEmptyValue,
  type RefKind,
  type StepRule,
} from '@app/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import type { Caller } from '../../../platform/auth/caller.ts';
import type { Tx } from '../../../platform/db/engine.ts';
import { AppError, notFound } from '../../../platform/http/errors.ts';
import { utilisateur } from '../../utilisateur/utilisateur.tables.ts';
import { etapeAutorisation } from '../../workflow/workflow.tables.ts';
import { type fieldsOfModele, lockProcess, type ProcessRow, sequencingOf, type stepsOfModele } from '../process.repository.ts';
import { processFile, signature } from '../process.tables.ts';

export type Step = Awaited<ReturnType<typeof stepsOfModele>>[number];
export type Field = Awaited<ReturnType<typeof fieldsOfModele>>[number];

/** Locks and returns a process of the caller's company, or 404. */
export async function lockedProcessOrThrow(tx: Tx, caller: Caller, id: number): Promise<ProcessRow> {
  const p = await lockProcess(tx, caller.entrepriseId, id);
  if (!p) throw notFound('Processus introuvable.');
  return p;
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
};

/**
 * The rows named by picker values (people, services, companies, workflows), to check as references; a value
 * that names no row by its id is refused. Other reference kinds name modules not built yet (free id and label).
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
  const sigs = await tx
    .select({ metriqueId: signature.metriqueId })
    .from(signature)
    .where(and(eq(signature.processId, p.id), eq(signature.etapeId, step.id), isNull(signature.clearedAt)));
  const files = own.some((f) => f.dataType === 'file')
    ? await tx.select({ metriqueId: processFile.metriqueId }).from(processFile).where(eq(processFile.processId, p.id))
    : [];
  return own.filter((f) => {
    if (!holdsValue(f.dataType)) return false;
    const st = fieldState({ hidden: f.hidden, required: f.required, conditions: f.conditions as never }, values);
    if (!st.required) return false;
    if (f.dataType === 'signature') return !sigs.some((s) => s.metriqueId === f.id);
    if (f.dataType === 'file') return !files.some((x) => x.metriqueId === f.id);
    const v = values[String(f.id)];
    return isEmptyValue(v) || v === false;
  });
}

export async function rulesOfStep(tx: Tx, etapeId: number): Promise<StepRule[]> {
  const rows = await tx.select().from(etapeAutorisation).where(eq(etapeAutorisation.etapeId, etapeId));
  return rows.map((r) => {
    switch (r.type) {
      case 'profil':
        return { type: 'profil', profilId: r.profilModeleId ?? 0 };
      case 'service':
        return { type: 'service', serviceId: r.serviceModeleId ?? 0 };
      case 'condition':
        return { type: 'condition', test: r.test as never };
      default:
        return { type: r.type as 'validateur' | 'utilisateur', utilisateurId: r.utilisateurId ?? 0 };
    }
  });
}

/** Whether the caller may act on the process's current step now, and if not, why (French). */
export async function stepPermission(
  tx: Tx,
  caller: Caller,
  p: ProcessRow,
  state: EngineState,
  step: Step | undefined,
  values: Record<string, unknown>,
) {
  if (!step) return { ok: false, raison: 'Ce processus n’a plus d’étape à valider.' };
  const seq = await sequencingOf(tx, p.id);
  const waiting = seq.some((x) => x.awaitedEtat !== 'termine');
  const canValidate = state.etat === 'en_cours' && state.currentOrdre !== null && !waiting;
  const [u] = await tx.select({ serviceId: utilisateur.serviceModeleId }).from(utilisateur).where(eq(utilisateur.id, caller.userId));
  const rules = await rulesOfStep(tx, step.id);
  const ok = canActOnStep(
    { isSuperAdmin: caller.isSuperAdmin, userId: caller.userId, profilId: caller.profilModeleId, serviceId: u?.serviceId ?? null },
    rules,
    canValidate,
    values,
  );
  if (ok) return { ok, raison: null };
  if (waiting) return { ok, raison: 'Ce processus est séquencé : il attend la fin d’un autre processus.' };
  if (!canValidate) return { ok, raison: 'Ce processus n’est pas en cours.' };
  return { ok, raison: 'Vous n’êtes pas autorisé à agir sur cette étape.' };
}

export async function assertCanAct(
  tx: Tx,
  caller: Caller,
  p: ProcessRow,
  state: EngineState,
  step: Step | undefined,
  values: Record<string, unknown>,
) {
  const r = await stepPermission(tx, caller, p, state, step, values);
  if (!r.ok) throw new AppError(r.raison?.startsWith('Vous') ? 'FORBIDDEN' : 'CONFLICT', r.raison ?? undefined);
}
