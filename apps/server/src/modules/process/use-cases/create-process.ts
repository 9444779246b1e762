import { randomUUID } from 'node:crypto';
import { displayNumero, initialState, markSaved, type ProcessCreate } from '@app/contracts';
import type { z } from 'zod';
import { AppError, foundOrThrow, notFound } from '../../../platform/http/errors.ts';
import { verifyReferences } from '../../../platform/http/references.ts';
import type { Ctx } from '../../../platform/http/route.ts';
import { processCreated } from '../process.hooks.ts';
import {
  announce,
  fieldsOfModele,
  findProcess,
  insertProcess,
  journal,
  modeleOfCompany,
  nextNumero,
  type ProcessRow,
  personOf,
  saveEngineState,
  stepsOfModele,
} from '../process.repository.ts';
import { assertWritableValues, pickedReferences, transitionOrConflict } from './engine-helpers.ts';
import { headerFromFields, headerValues } from './header-values.ts';
import { withoutRoundValues } from './round-fields.ts';

/**
 * Creates a process of a workflow: next number, first step current, creator recorded, journal opened, lists told.
 * A duplicate (event 'duplicated') copies a process's own values: its picked rows are not checked again.
 */
export async function createProcess(
  ctx: Pick<Ctx, 'tx' | 'caller' | 'deps'>,
  body: z.output<typeof ProcessCreate>,
  event: 'created' | 'duplicated' = 'created',
  /**
   * requireLockoutType: the web's creation (v3), a lockout workflow (package mc) needs its type de consignation.
   * origin: what opened the process (the lists' « Origine » column); a sub-process defaults to its parent's number.
   * sourceId: the process a duplicate copies (told to the other modules: a lockout copies its isolation points).
   */
  options: { requireLockoutType?: boolean; origin?: string; sourceId?: number } = {},
): Promise<ProcessRow> {
  const { tx, caller } = ctx;
  const m = await modeleOfCompany(tx, caller.entrepriseId, body.processModeleId);
  // A contractor reads its clients' workflows (migration 0015) but creates nothing in their company.
  if (!m && caller.partner && (await modeleOfCompany(tx, null, body.processModeleId)))
    throw new AppError('FORBIDDEN', 'Seule l’entreprise cliente crée des processus de ce workflow.');
  if (!m) throw notFound('Workflow introuvable.');
  const parent = body.parentId
    ? foundOrThrow(await findProcess(tx, caller.entrepriseId, body.parentId), 'Processus parent introuvable.')
    : null;
  const steps = await stepsOfModele(tx, m.id);
  const state = transitionOrConflict(() => initialState(steps.map((s) => ({ etapeId: s.id, ordre: s.ordre }))));
  const fields = await fieldsOfModele(tx, m.id);
  const values = body.rawData ?? {};
  assertWritableValues(values, fields, steps, state);
  // Readings are recorded into an existing process (its reading fields summarise them): none at creation.
  if (Object.keys(withoutRoundValues(values, fields)).length !== Object.keys(values).length)
    throw new AppError('VALIDATION', 'Les relevés se saisissent une fois le processus créé.', [{ champ: 'rawData', message: 'relevés' }]);
  // Rows picked in the request's values must be the caller's to name.
  if (event === 'created') await verifyReferences(ctx, pickedReferences(values, fields));
  // Header values fed by the workflow's source fields among the values given, then those sent explicitly.
  const header = {
    ...(event === 'created' ? await headerFromFields(ctx, null, fields, values, { changed: Object.keys(values) }) : {}),
    ...headerValues(body),
  };
  if (options.requireLockoutType && m.package === 'mc' && !header.typeConsignation) {
    // A sub-process created from a lockout (an action button) carries its parent's type when none is given.
    if (parent?.typeConsignation) header.typeConsignation = parent.typeConsignation;
    else
      throw new AppError('VALIDATION', 'Le type de consignation est obligatoire pour une consignation.', [
        { champ: 'typeConsignation', message: 'Choisissez le type de consignation.' },
      ]);
  }
  const numero = await nextNumero(tx, caller.entrepriseId);
  const me = await personOf(tx, caller.userId);
  const row = await insertProcess(tx, {
    entrepriseId: caller.entrepriseId,
    numero,
    processModeleId: m.id,
    parentId: body.parentId ?? null,
    niveau: parent ? parent.niveau + 1 : 0,
    key: randomUUID(),
    nomProcess: body.nomProcess ?? `${m.libelle} n° ${numero / 100}`,
    currentOrdre: state.currentOrdre,
    rawData: values,
    createdById: caller.userId,
    lastModifyById: caller.userId,
    modeleLibelle: m.libelle,
    package: m.package,
    preparateur: me ? `${me.prenom} ${me.nom}` : null,
    origin: (options.origin ?? (parent ? `Processus N° ${displayNumero(parent.numero)}` : null))?.slice(0, 200) ?? null,
    ...header,
  });
  await saveEngineState(tx, row, Object.keys(values).length ? markSaved(state) : state, caller.userId);
  await journal(tx, row, caller.userId, 'creation', null, null, { numero, processModeleId: m.id, rawData: values, ...header });
  const created = foundOrThrow(await findProcess(tx, caller.entrepriseId, row.id));
  // Other modules' reactions (ticket 15: a lockout's record, conflicts found at creation).
  await processCreated(tx, { caller, process: created, event, sourceId: options.sourceId });
  await announce(tx, caller.entrepriseId, event, [row.id]);
  return created;
}
