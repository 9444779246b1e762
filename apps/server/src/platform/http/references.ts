import { type AnyEndpoint, type FoundReference, type RefKind, referencesIn } from '@app/contracts';
import type { Caller } from '../auth/caller.ts';
import type { Tx } from '../db/engine.ts';
import { AppError } from './errors.ts';
import type { Ctx } from './route.ts';

/**
 * Of the ids given (distinct, positive), those that name a row of its kind the caller may reference (see REF_KINDS
 * in the contracts). Runs in the request's transaction, under the caller's company; a module registers the
 * checkers of the kinds it owns, with their SQL in its repository.
 */
type ReferenceChecker = (tx: Tx, caller: Caller, ids: number[]) => Promise<Iterable<number>>;
export type ReferenceCheckers = Partial<Record<RefKind, ReferenceChecker>>;

/** Ids are PostgreSQL integers: a larger one names no row (and is not sent to the database). */
const MAX_ID = 2_147_483_647;

/**
 * Refuses with a French 400 naming the fields when one of these ids does not name a row the caller may
 * reference (unknown, another company's, a partner of the wrong kind). One checker call per kind.
 */
export async function verifyReferences(ctx: Pick<Ctx, 'tx' | 'caller' | 'deps'>, found: FoundReference[]): Promise<void> {
  if (!found.length) return;
  const byKind = new Map<RefKind, Set<number>>();
  for (const f of found) {
    if (!byKind.has(f.kind)) byKind.set(f.kind, new Set());
    byKind.get(f.kind)?.add(f.id);
  }
  const invalid = new Map<RefKind, Set<number>>();
  for (const [kind, ids] of byKind) {
    const check = ctx.deps.references[kind];
    if (!check) throw new Error(`Aucune vérification enregistrée pour les références « ${kind} »`);
    const asked = [...ids].filter((id) => id <= MAX_ID);
    const ok = new Set(asked.length ? await check(ctx.tx, ctx.caller, asked) : []);
    const bad = [...ids].filter((id) => !ok.has(id));
    if (bad.length) invalid.set(kind, new Set(bad));
  }
  if (!invalid.size) return;
  const byChamp = new Map<string, number[]>();
  for (const f of found) {
    if (!invalid.get(f.kind)?.has(f.id)) continue;
    const ids = byChamp.get(f.champ) ?? [];
    if (!ids.includes(f.id)) ids.push(f.id);
    byChamp.set(f.champ, ids);
  }
  const champs = [...byChamp.keys()];
  throw new AppError(
    'VALIDATION',
    `${champs.length > 1 ? 'Références invalides' : 'Référence invalide'} : ${champs.join(', ')}.`,
    champs.map((champ) => ({ champ, message: 'Élément inconnu ou hors de portée de votre entreprise', ids: byChamp.get(champ) })),
  );
}

/** Checks the references an endpoint's validated input carries (fields marked ref() in the contracts). */
export async function checkReferences(
  ctx: Pick<Ctx, 'tx' | 'caller' | 'deps'>,
  e: AnyEndpoint,
  input: { params: unknown; query: unknown; body: unknown },
): Promise<void> {
  await verifyReferences(ctx, [
    ...referencesIn(e.params, input.params),
    ...referencesIn(e.query, input.query),
    ...referencesIn(e.body, input.body),
  ]);
}
