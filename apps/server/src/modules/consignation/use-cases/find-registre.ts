import {
  ETAT_CONSIGNATION_LABELS,
  ETATS_FINAUX,
  type EtatConsignation,
  filleOuverte,
  type ModeConsignation,
  type ReadRegions,
  type RegistreQuery,
  type RegistreRow,
  readRegions,
  refusingNodes,
  typeConsignationLabel,
} from '@app/contracts';
import type { z } from 'zod';
import type { Ctx } from '../../../platform/http/route.ts';
import { equipementAccessOf } from '../../equipement/index.ts';
import { readableProcesses } from '../../process/index.ts';
import { codesOf } from '../consignation.repository.ts';
import { equipementPaths, type RegistreScope, readableNodes, registrePage, shownLockouts } from '../consignation-registre.repository.ts';

/**
 * What the caller's register shows (docs/DECISIONS.md « Ticket 15 — droits de lecture du registre »): the lockouts
 * whose processes the process lists show them, on equipment they read when the company's specific equipment rights
 * are on (the equipment_permission entries, node by node; an admin keeps every node).
 */
export async function registreScope(ctx: Pick<Ctx, 'tx' | 'caller'>, opts: { nodes?: boolean } = {}): Promise<RegistreScope> {
  const { tx, caller } = ctx;
  // The process lists' rule; for a company member it is the company itself, which every register statement already
  // names (and RLS keeps to): not repeated, so the statements keep their plans.
  const processes = caller.partner ? readableProcesses(caller) : null;
  const { entries } = await equipementAccessOf(tx, caller);
  if (!entries) return { entrepriseId: caller.entrepriseId, processes, equipement: null, nodes: null };
  let read = readByEntries.get(entries);
  if (!read) {
    const paths = await equipementPaths(tx, caller.entrepriseId, refusingNodes(entries));
    read = { equipement: readRegions(entries, (id) => paths.get(id)) };
    readByEntries.set(entries, read);
  }
  // The register's page starts from the nodes the caller reads when they are few (same rows, same order).
  if (opts.nodes && read.nodes === undefined) read.nodes = await readableNodes(tx, caller.entrepriseId, read.equipement);
  return { entrepriseId: caller.entrepriseId, processes, equipement: read.equipement, nodes: opts.nodes ? (read.nodes ?? null) : null };
}

/**
 * What a caller's entries read of the tree (their regions, and the nodes they show when few), kept with the entries:
 * the equipment module gives the same entries object for as long as the company's permission version holds (read
 * with the session), and a node added or a path changed bumps that version as an entry written does (migrations
 * 0034 and 0035): new rights, new entries, read again. Entries read afresh (the request wrote its own) are a new
 * object each time, never found here. Held weakly, gone with the entries.
 */
const readByEntries = new WeakMap<object, { equipement: ReadRegions; nodes?: number[] | null }>();

/**
 * The daughters a lockout's screen lists: those the caller's register would show. Only for a lockout of the caller's
 * company (a contractor's view of its client's lockout follows the contractor rules); counts that guard safety (the
 * points' dependants) keep every daughter.
 */
export async function shownDaughters<T extends { processId: number }>(
  ctx: Pick<Ctx, 'tx' | 'caller'>,
  lockout: { entrepriseId: number },
  filles: T[],
): Promise<T[]> {
  if (!filles.length || lockout.entrepriseId !== ctx.caller.entrepriseId) return filles;
  const shown = await shownLockouts(
    ctx.tx,
    await registreScope(ctx),
    filles.map((f) => f.processId),
  );
  return filles.filter((f) => shown.has(f.processId));
}

/** A page of the caller's lockout register: each lockout with its code's label and colour, daughters, padlocks, points. */
export async function findRegistre(ctx: Pick<Ctx, 'tx' | 'caller'>, q: z.output<typeof RegistreQuery>) {
  const { tx, caller } = ctx;
  // One after the other: the statements of a transaction share its connection. The page brings each row's code; the
  // codes are read first only to filter by one (a code stands for one canonical state: filtering by it is filtering
  // by that state).
  const etats = q.code ? (await codesOf(tx, caller.entrepriseId)).filter((c) => c.code === q.code).map((c) => c.etat as string) : undefined;
  const scope = await registreScope(ctx, { nodes: true });
  const { rows, total, totalExact } = await registrePage(
    tx,
    scope,
    {
      etats: q.etat ? (etats ? etats.filter((e) => e === q.etat) : [q.etat]) : etats,
      typeConsignation: q.typeConsignation,
      equipementId: q.equipementId,
      du: q.du,
      au: q.au,
      ouvertes: q.ouvertes,
    },
    q.offset,
    q.perPage,
  );
  const items: RegistreRow[] = rows.map((r) => {
    const etat = r.etat as EtatConsignation;
    return {
      processId: r.processId,
      numero: r.numero,
      nomProcess: r.nomProcess,
      typeConsignation: r.typeConsignation,
      nameConsignation: typeConsignationLabel(r.typeConsignation),
      equipementLibelle: r.equipementLibelle,
      etat,
      etatLibelle: ETAT_CONSIGNATION_LABELS[etat],
      code: r.code as RegistreRow['code'],
      codeLibelle: r.codeLibelle,
      couleur: r.couleur,
      icone: r.icone,
      terminal: r.codeTerminal ?? ETATS_FINAUX.includes(etat),
      mode: r.mode as ModeConsignation,
      parentId: r.mereId ?? r.parentId,
      filles: r.filles.map((f) => ({
        processId: f.processId,
        numero: f.numero,
        etat: f.etat as EtatConsignation,
        ouverte: filleOuverte({ etat: f.etat as EtatConsignation, avisFinTravail: f.avis }),
      })),
      cadenasPoses: r.cadenasPoses,
      cadenasTotal: r.cadenasTotal,
      points: r.points,
      attestationNumero: r.attestationNumero === null ? null : Number(r.attestationNumero),
      sequenced: r.sequenced,
      dateDebut: r.dateDebut,
      dateFin: r.dateFin,
      consigneeAt: r.consigneeAt,
    };
  });
  return { items, total, totalExact, offset: q.offset, perPage: q.perPage };
}
