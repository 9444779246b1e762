import { holdsValue, type Process } from '@app/contracts';
import type { Caller } from '../../../platform/auth/caller.ts';
import type { Tx } from '../../../platform/db/engine.ts';
import { presentProcess } from '../process.presenter.ts';
import { fieldsOfModele, journalOf, type ProcessRow } from '../process.repository.ts';
import { filesOf } from '../process-files.repository.ts';
import { valueText } from './value-text.ts';

/** A signature as a document prints it: the field it signs, who, when (ISO), its hash and whether values changed since. */
export interface SheetSignature {
  champ: string;
  metriqueId: number;
  signataire: string;
  at: string;
  hash: string;
  /** The step's values no longer give the hash signed: printed as a warning. */
  altered: boolean;
  /** The drawn signature (a data URL), when one was stored. */
  image: string | null;
}

export interface SheetField {
  id: number;
  nom: string;
  dataType: string;
  valeur: unknown;
  /** The value in readable French (« Oui », « 24/11/26 », the option's label…), '' when empty. */
  text: string;
  /** The choices of a radio, select or checkbox_options field (to print each with its box ticked or not). */
  options: { id: string; libelle: string }[];
}

export interface SheetStep {
  id: number;
  ordre: number;
  nom: string;
  isValid: boolean;
  dateRealise: string | null;
  /** Who validated the step by signing it, and when (the journal's last signing of the step). */
  validation: { at: string; par: string } | null;
  fields: SheetField[];
  signatures: SheetSignature[];
}

/**
 * A process as its documents read it: the API's view of it (presentProcess: header, engine state, signatures with
 * their hash check), each step with its values in readable text and its signatures, and its journal. The documents
 * of ticket 15 read lockouts and permits from here until the consignation and permis modules give their own data.
 */
export interface ProcessSheet {
  view: Process;
  steps: SheetStep[];
  journal: Awaited<ReturnType<typeof journalOf>>;
}

function optionsOf(propertyValues: unknown): { id: string; libelle: string }[] {
  const options = (propertyValues as { options?: unknown } | null)?.options;
  if (!Array.isArray(options)) return [];
  return options
    .filter((o: unknown): o is { id: unknown; libelle: string } => typeof (o as { libelle?: unknown } | null)?.libelle === 'string')
    .map((o) => ({ id: String(o.id), libelle: o.libelle }));
}

/** Whether a choice is among a field's value (one id, or a list of ids). */
export function chosen(f: SheetField, optionId: string): boolean {
  return Array.isArray(f.valeur) ? f.valeur.some((v) => String(v) === optionId) : f.valeur !== null && String(f.valeur) === optionId;
}

const fullName = (p: { nom: string; prenom: string } | null | undefined) => (p ? `${p.prenom} ${p.nom}`.trim() : '');

/** Reads a process for its documents (in the request's transaction). */
export async function processSheet(tx: Tx, caller: Caller, p: ProcessRow): Promise<ProcessSheet> {
  const view = await presentProcess(tx, caller, p);
  const fields = await fieldsOfModele(tx, p.processModeleId);
  const files = await filesOf(tx, p.id, undefined);
  const journal = await journalOf(tx, p.id, null);
  const values = view.rawData ?? {};
  const steps = view.steps.map((s): SheetStep => {
    const detail = view.processDetails.find((d) => d.etapeId === s.id);
    const validation = view.validations?.find((v) => v.etapeId === s.id);
    const own = fields.filter((f) => f.etapeId === s.id).sort((a, b) => a.idx - b.idx);
    return {
      id: s.id,
      ordre: s.ordre,
      nom: s.nom,
      isValid: detail?.isValid ?? false,
      dateRealise: detail?.dateRealise ?? null,
      validation: validation ? { at: validation.at, par: fullName(validation.by) } : null,
      fields: own
        .filter((f) => holdsValue(f.dataType) && f.dataType !== 'signature' && !f.hidden)
        .map((f) => {
          const valeur = values[String(f.id)] ?? null;
          const names = f.dataType === 'file' ? files.filter((x) => x.metriqueId === f.id).map((x) => x.nom) : null;
          return {
            id: f.id,
            nom: f.nom,
            dataType: f.dataType,
            valeur,
            text: valueText(f, valeur, names),
            options: optionsOf(f.propertyValues),
          };
        }),
      signatures: own
        .filter((f) => f.dataType === 'signature')
        .flatMap((f) =>
          (view.signatures[String(f.id)] ?? []).map((x) => ({
            champ: f.nom,
            metriqueId: f.id,
            signataire: fullName(x.utilisateur),
            at: x.signedAt,
            hash: x.hash,
            altered: x.altered,
            image: x.image,
          })),
        ),
    };
  });
  return { view, steps, journal };
}

/** The first step whose name matches, or null (the demo workflows' steps are found by their names). */
export function stepNamed(sheet: ProcessSheet, name: RegExp): SheetStep | null {
  return sheet.steps.find((s) => name.test(s.nom)) ?? null;
}

/** The first field whose name matches, in a step or in the whole process, or null. */
export function fieldNamed(sheet: ProcessSheet, name: RegExp, step?: SheetStep | null): SheetField | null {
  for (const s of step ? [step] : sheet.steps) {
    const f = s.fields.find((x) => name.test(x.nom));
    if (f) return f;
  }
  return null;
}
