import type { AvisApresFormation, Formation } from '@app/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/engine.ts';

// The only SQL of the module.

const rowsOf = <T>(res: unknown): T[] => (res as { rows: T[] }).rows;
const iso = (d: unknown): string => (d instanceof Date ? d.toISOString() : new Date(String(d)).toISOString());

const COLUMNS = sql`f.id, f.utilisateur_id, trim(u.prenom || ' ' || u.nom) as utilisateur_nom, f.intitule, f.organisme,
  to_char(f.date, 'YYYY-MM-DD') as date, to_char(f.valid_until, 'YYYY-MM-DD') as valid_until, f.created_at,
  coalesce((select json_agg(json_build_object('symbole', a.symbole, 'avis', a.avis) order by a.symbole)
    from formation_avis a where a.formation_id = f.id), '[]') as avis`;
const FROM = sql`formation f join utilisateur u on u.id = f.utilisateur_id`;
type Raw = {
  id: number;
  utilisateur_id: number;
  utilisateur_nom: string;
  intitule: string;
  organisme: string;
  date: string;
  valid_until: string | null;
  created_at: unknown;
  avis: AvisApresFormation[];
};
const toFormation = (r: Raw): Formation => ({
  id: r.id,
  utilisateurId: r.utilisateur_id,
  utilisateurNom: r.utilisateur_nom,
  intitule: r.intitule,
  organisme: r.organisme,
  date: r.date,
  validUntil: r.valid_until,
  avisApresFormation: r.avis,
  createdAt: iso(r.created_at),
});

const whereOf = (entrepriseId: number, utilisateurId?: number): SQL =>
  sql`f.entreprise_id = ${entrepriseId} and f.deleted_at is null ${utilisateurId ? sql`and f.utilisateur_id = ${utilisateurId}` : sql``}`;

/** The company's trainings (of one person), newest first. */
export async function listFormations(tx: Tx, entrepriseId: number, utilisateurId?: number): Promise<Formation[]> {
  const res = await tx.execute(sql`select ${COLUMNS} from ${FROM} where ${whereOf(entrepriseId, utilisateurId)}
    order by f.date desc, f.id desc`);
  return rowsOf<Raw>(res).map(toFormation);
}

/** A page of the company's trainings (of one person), newest first, with the total. */
export async function formationPage(
  tx: Tx,
  entrepriseId: number,
  q: { offset: number; perPage: number; utilisateurId?: number },
): Promise<{ items: Formation[]; total: number }> {
  const where = whereOf(entrepriseId, q.utilisateurId);
  const res = await tx.execute(sql`select ${COLUMNS} from ${FROM} where ${where}
    order by f.date desc, f.id desc limit ${q.perPage} offset ${q.offset}`);
  const count = await tx.execute(sql`select count(*)::int as n from formation f where ${where}`);
  return { items: rowsOf<Raw>(res).map(toFormation), total: Number(rowsOf<{ n: number }>(count)[0].n) };
}

/** A training of the company (not cancelled), its row locked when `lock`. */
export async function findFormation(tx: Tx, entrepriseId: number, id: number, lock = false): Promise<Formation | null> {
  if (lock) await tx.execute(sql`select id from formation where id = ${id} and entreprise_id = ${entrepriseId} for update`);
  const res = await tx.execute(sql`select ${COLUMNS} from ${FROM} where f.id = ${id} and ${whereOf(entrepriseId)}`);
  const [r] = rowsOf<Raw>(res);
  return r ? toFormation(r) : null;
}

type Values = { utilisateurId: number; intitule: string; organisme: string; date: string; validUntil: string | null };

export async function insertFormation(tx: Tx, entrepriseId: number, createdById: number, v: Values): Promise<number> {
  const res =
    await tx.execute(sql`insert into formation (entreprise_id, utilisateur_id, intitule, organisme, date, valid_until, created_by_id)
    values (${entrepriseId}, ${v.utilisateurId}, ${v.intitule}, ${v.organisme}, ${v.date}::date, ${v.validUntil}::date, ${createdById})
    returning id`);
  return rowsOf<{ id: number }>(res)[0].id;
}

export async function updateFormation(tx: Tx, id: number, v: Values): Promise<void> {
  await tx.execute(sql`update formation set utilisateur_id = ${v.utilisateurId}, intitule = ${v.intitule}, organisme = ${v.organisme},
    date = ${v.date}::date, valid_until = ${v.validUntil}::date where id = ${id}`);
}

/** Sets the avis of a training: one per symbol, those not given any more removed. */
export async function replaceAvis(tx: Tx, entrepriseId: number, formationId: number, avis: AvisApresFormation[]): Promise<void> {
  await tx.execute(sql`delete from formation_avis where formation_id = ${formationId}`);
  for (const a of avis) {
    await tx.execute(sql`insert into formation_avis (entreprise_id, formation_id, symbole, avis)
      values (${entrepriseId}, ${formationId}, ${a.symbole}, ${a.avis})`);
  }
}

/** Cancels a training: kept, with who, when and why. */
export async function cancelFormation(tx: Tx, id: number, byId: number, motif: string): Promise<void> {
  await tx.execute(sql`update formation set deleted_at = now(), deleted_by_id = ${byId}, deleted_reason = ${motif}
    where id = ${id} and deleted_at is null`);
}

/**
 * The symbols on which a person holds a favourable avis après formation, with the latest such training's date and
 * validity (for the habilitation module: a title rests on a favourable avis, domain.md §4.1).
 */
export async function favourableAvisOf(tx: Tx, entrepriseId: number, utilisateurId: number) {
  const res = await tx.execute(sql`select distinct on (a.symbole) a.symbole, f.id as formation_id, to_char(f.date, 'YYYY-MM-DD') as date,
      to_char(f.valid_until, 'YYYY-MM-DD') as valid_until
    from formation_avis a join formation f on f.id = a.formation_id
    where f.entreprise_id = ${entrepriseId} and f.utilisateur_id = ${utilisateurId} and f.deleted_at is null and a.avis = 'favorable'
    order by a.symbole, f.date desc, f.id desc`);
  return rowsOf<{ symbole: string; formation_id: number; date: string; valid_until: string | null }>(res).map((r) => ({
    symbole: r.symbole,
    formationId: r.formation_id,
    date: r.date,
    validUntil: r.valid_until,
  }));
}

/** One live training of the company with its avis per symbol (for a title that rests on it), or undefined. */
export async function avisOfFormation(tx: Tx, entrepriseId: number, formationId: number) {
  const res = await tx.execute(sql`select f.utilisateur_id, to_char(f.date, 'YYYY-MM-DD') as date,
      coalesce(json_agg(json_build_object('symbole', a.symbole, 'avis', a.avis)) filter (where a.formation_id is not null), '[]') as avis
    from formation f left join formation_avis a on a.formation_id = f.id
    where f.id = ${formationId} and f.entreprise_id = ${entrepriseId} and f.deleted_at is null
    group by f.id`);
  const [r] = rowsOf<{ utilisateur_id: number; date: string; avis: { symbole: string; avis: string }[] }>(res);
  return r ? { utilisateurId: r.utilisateur_id, date: r.date, avis: r.avis } : undefined;
}
