import {
  type Detention,
  type EtatTitre,
  etatEcheance,
  jourDe,
  type Symbole,
  type SymboleRegle,
  type TitreGate,
  type TitreHabilitation,
  type VisiteGate,
  type VisiteMedicale,
} from '@app/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { isoUtc as iso } from '../../platform/db/columns.ts';
import type { Tx } from '../../platform/db/engine.ts';

// The only SQL of the module. Reads return the contracts' shapes (dates as YYYY-MM-DD, instants as ISO text).

const rowsOf = <T>(res: unknown): T[] => (res as { rows: T[] }).rows;
const intArray = (ids: readonly number[]) => sql`${`{${ids.map((i) => Math.trunc(Number(i))).join(',')}}`}::int[]`;
const day = (col: SQL) => sql`to_char(${col}, 'YYYY-MM-DD')`;
const today = () => jourDe(new Date());

// ---------------------------------------------------------------- symbols

type SymboleRow = Omit<Symbole, 'abilities'>;

/** The company's live symbols, in catalogue order, with the symbols each directly covers. */
export async function listSymboles(tx: Tx, entrepriseId: number, opts: { actif?: boolean; ids?: number[] } = {}): Promise<SymboleRow[]> {
  const res = await tx.execute(sql`
    select h.id, h.entreprise_id as "entrepriseId", h.code, h.libelle, h.domaine, h.caractere, h.nature, h.attribut,
      h.medical_requis as "medicalRequis", h.recyclage_mois as "recyclageMois", h.actif, h.idx, h.standard,
      coalesce(array_agg(c.couvre_id order by b.idx, b.code) filter (where b.id is not null), '{}') as "couvreIds",
      coalesce(array_agg(b.code order by b.idx, b.code) filter (where b.id is not null), '{}') as couvre
    from habilitation h
    left join habilitation_couverture c on c.habilitation_id = h.id
    left join habilitation b on b.id = c.couvre_id and b.deleted_at is null
    where h.entreprise_id = ${entrepriseId} and h.deleted_at is null
      ${opts.actif === undefined ? sql`` : sql`and h.actif = ${opts.actif}`}
      ${opts.ids ? sql`and h.id = any(${intArray(opts.ids)})` : sql``}
    group by h.id
    order by h.idx, h.code`);
  return rowsOf<SymboleRow>(res);
}

export async function findSymbole(tx: Tx, entrepriseId: number, id: number): Promise<SymboleRow | undefined> {
  return (await listSymboles(tx, entrepriseId, { ids: [id] }))[0];
}

/** The catalogue as the rules read it (live symbols, inactive ones included: a title may hold one). */
export async function catalogueOf(tx: Tx, entrepriseId: number): Promise<SymboleRegle[]> {
  return (await listSymboles(tx, entrepriseId)).map((s) => ({ code: s.code, couvre: s.couvre, medicalRequis: s.medicalRequis }));
}

/** Live symbols of the company among ids (references). */
export async function symbolesAmong(tx: Tx, entrepriseId: number, ids: number[]): Promise<number[]> {
  const res = await tx.execute(
    sql`select id from habilitation where entreprise_id = ${entrepriseId} and deleted_at is null and id = any(${intArray(ids)})`,
  );
  return rowsOf<{ id: number }>(res).map((r) => r.id);
}

export interface SymboleValues {
  code?: string;
  libelle?: string;
  domaine?: string | null;
  caractere?: string | null;
  nature?: string | null;
  attribut?: string | null;
  medicalRequis?: boolean;
  recyclageMois?: number | null;
  actif?: boolean;
  idx?: number;
}

export async function insertSymbole(tx: Tx, entrepriseId: number, v: SymboleValues & { code: string; libelle: string }): Promise<number> {
  const res = await tx.execute(sql`
    insert into habilitation (entreprise_id, code, libelle, domaine, caractere, nature, attribut, medical_requis, recyclage_mois, actif, idx)
    values (${entrepriseId}, ${v.code}, ${v.libelle}, ${v.domaine ?? null}, ${v.caractere ?? null}, ${v.nature ?? null},
      ${v.attribut ?? null}, ${v.medicalRequis ?? true}, ${v.recyclageMois ?? null}, ${v.actif ?? true},
      ${v.idx ?? sql`(select coalesce(max(idx), 0) + 1 from habilitation where entreprise_id = ${entrepriseId})`})
    returning id`);
  return rowsOf<{ id: number }>(res)[0].id;
}

const SYMBOLE_COLUMNS: Record<keyof SymboleValues, string> = {
  code: 'code',
  libelle: 'libelle',
  domaine: 'domaine',
  caractere: 'caractere',
  nature: 'nature',
  attribut: 'attribut',
  medicalRequis: 'medical_requis',
  recyclageMois: 'recyclage_mois',
  actif: 'actif',
  idx: 'idx',
};

export async function updateSymbole(tx: Tx, id: number, v: SymboleValues): Promise<void> {
  const sets = (Object.keys(SYMBOLE_COLUMNS) as (keyof SymboleValues)[])
    .filter((k) => v[k] !== undefined)
    .map((k) => sql`${sql.identifier(SYMBOLE_COLUMNS[k])} = ${v[k]}`);
  if (sets.length) await tx.execute(sql`update habilitation set ${sql.join(sets, sql`, `)} where id = ${id}`);
}

/** Replaces what a symbol directly covers. */
export async function setCouverture(tx: Tx, entrepriseId: number, id: number, couvreIds: number[]): Promise<void> {
  await tx.execute(sql`delete from habilitation_couverture where habilitation_id = ${id}`);
  if (couvreIds.length)
    await tx.execute(sql`insert into habilitation_couverture (entreprise_id, habilitation_id, couvre_id)
      select ${entrepriseId}, ${id}, x from unnest(${intArray(couvreIds)}) as x on conflict do nothing`);
}

/** Serializes the catalogue edits of a company (coverage cycles are checked against a stable catalogue). */
export async function lockCatalogue(tx: Tx, entrepriseId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('habilitation_catalogue'), ${entrepriseId})`);
}

/** Holdings on live titles (draft or signed) of a symbol: while there are, it is not removed. */
export async function liveHoldingsOf(tx: Tx, habilitationId: number): Promise<number> {
  const res = await tx.execute(sql`select count(*)::int as n from utilisateur_habilitation uh
    join titre_habilitation t on t.id = uh.titre_id
    where uh.habilitation_id = ${habilitationId} and t.deleted_at is null and t.etat in ('brouillon', 'signe')`);
  return rowsOf<{ n: number }>(res)[0].n;
}

export async function softDeleteSymbole(tx: Tx, id: number): Promise<void> {
  await tx.execute(sql`delete from habilitation_couverture where habilitation_id = ${id} or couvre_id = ${id}`);
  await tx.execute(sql`update habilitation set deleted_at = now(), actif = false where id = ${id}`);
}

// ---------------------------------------------------------------- settings

export async function recyclageDefaut(tx: Tx, entrepriseId: number): Promise<number> {
  const res = await tx.execute(sql`select recyclage_mois as n from habilitation_setting where entreprise_id = ${entrepriseId}`);
  return rowsOf<{ n: number }>(res)[0]?.n ?? 36;
}

export async function saveRecyclageDefaut(tx: Tx, entrepriseId: number, mois: number): Promise<void> {
  await tx.execute(sql`insert into habilitation_setting (entreprise_id, recyclage_mois) values (${entrepriseId}, ${mois})
    on conflict (entreprise_id) do update set recyclage_mois = excluded.recyclage_mois`);
}

// ---------------------------------------------------------------- holders by company (tsv 152–153)

export async function holdersOf(tx: Tx, entrepriseId: number) {
  const symboles = await listSymboles(tx, entrepriseId);
  const res = await tx.execute(sql`
    select uh.habilitation_id as "habilitationId", u.id as "utilisateurId", u.nom, u.prenom,
      ${day(sql`uh.date_obtention`)} as "dateObtention", ${day(sql`uh.date_expiration`)} as "dateExpiration",
      uh.id as "detentionId", t.id as "titreId", t.numero, t.etat as "etatTitre"
    from utilisateur_habilitation uh
    join utilisateur u on u.id = uh.utilisateur_id
    left join titre_habilitation t on t.id = uh.titre_id
    where uh.entreprise_id = ${entrepriseId}
      and (t.id is null or (t.deleted_at is null and t.etat in ('brouillon', 'signe')))
    order by u.nom, u.prenom, uh.id`);
  const jour = today();
  const holders = rowsOf<{
    habilitationId: number;
    utilisateurId: number;
    nom: string;
    prenom: string;
    dateObtention: string | null;
    dateExpiration: string | null;
    detentionId: number;
    titreId: number | null;
    numero: string | null;
    etatTitre: EtatTitre | null;
  }>(res);
  return symboles.map((h) => ({
    id: h.id,
    entrepriseId: h.entrepriseId,
    code: h.code,
    libelle: h.libelle,
    domaine: h.domaine,
    medicalRequis: h.medicalRequis,
    recyclageMois: h.recyclageMois,
    actif: h.actif,
    couvre: h.couvre,
    titulaires: holders
      .filter((x) => x.habilitationId === h.id)
      .map(({ habilitationId: _h, ...t }) => ({ ...t, etat: etatEcheance(t.dateExpiration, jour) })),
  }));
}

// ---------------------------------------------------------------- titles

interface TitreFilter {
  ids?: number[];
  utilisateurId?: number;
  utilisateurIds?: number[];
  etat?: EtatTitre;
  search?: string;
  offset?: number;
  perPage?: number;
}

function titreWhere(entrepriseId: number, f: TitreFilter): SQL {
  const parts = [sql`t.entreprise_id = ${entrepriseId}`, sql`t.deleted_at is null`];
  if (f.ids) parts.push(sql`t.id = any(${intArray(f.ids)})`);
  if (f.utilisateurId) parts.push(sql`t.utilisateur_id = ${f.utilisateurId}`);
  if (f.utilisateurIds) parts.push(sql`t.utilisateur_id = any(${intArray(f.utilisateurIds)})`);
  if (f.etat) parts.push(sql`t.etat = ${f.etat}`);
  if (f.search) {
    const like = `%${f.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    parts.push(sql`(t.numero ilike ${like} or u.nom ilike ${like} or u.prenom ilike ${like})`);
  }
  return sql.join(parts, sql` and `);
}

type TitreRow = Omit<TitreHabilitation, 'detentions' | 'abilities' | 'signatureEmployeur' | 'signatureTitulaire'> & {
  seId: number | null;
  seNom: string | null;
  seAt: string | null;
  stAt: string | null;
};

/** Titles with their holdings (a page when perPage is given), and how many match. */
export async function loadTitres(tx: Tx, entrepriseId: number, f: TitreFilter): Promise<{ items: TitreHabilitation[]; total: number }> {
  const where = titreWhere(entrepriseId, f);
  const res = await tx.execute(sql`
    select t.id, t.entreprise_id as "entrepriseId", t.numero, t.utilisateur_id as "utilisateurId",
      u.prenom || ' ' || u.nom as titulaire, t.employeur, ${day(sql`t.date_delivrance`)} as "dateDelivrance",
      ${day(sql`t.date_fin_validite`)} as "dateFinValidite", t.formation_id as "formationId", t.observations, t.etat,
      t.signe_employeur_par as "seId", t.signe_employeur_nom as "seNom", ${iso(sql`t.signe_employeur_at`)} as "seAt",
      ${iso(sql`t.signe_titulaire_at`)} as "stAt", ${iso(sql`t.revoque_at`)} as "revoqueAt",
      t.motif_revocation as "motifRevocation", t.remplace_id as "remplaceId", t.process_id as "processId", t.version,
      ${iso(sql`t.created_at`)} as "createdAt", count(*) over () as total
    from titre_habilitation t join utilisateur u on u.id = t.utilisateur_id
    where ${where}
    order by t.date_delivrance desc, t.id desc
    ${f.perPage ? sql`limit ${f.perPage} offset ${f.offset ?? 0}` : sql``}`);
  const rows = rowsOf<TitreRow & { total: string | number }>(res);
  const total = rows.length ? Number(rows[0].total) : f.offset ? await countTitres(tx, where) : 0;
  const dets = await detentionsOf(
    tx,
    rows.map((r) => r.id),
  );
  const items = rows.map(({ seId, seNom, seAt, stAt, total: _t, ...r }) => ({
    ...r,
    signatureEmployeur: seAt ? { utilisateurId: seId ?? 0, nom: seNom ?? '', at: seAt } : null,
    signatureTitulaire: stAt ? { utilisateurId: r.utilisateurId, nom: r.titulaire, at: stAt } : null,
    detentions: dets.filter((d) => d.titreId === r.id),
  }));
  return { items, total };
}

async function countTitres(tx: Tx, where: SQL): Promise<number> {
  const res = await tx.execute(
    sql`select count(*)::int as n from titre_habilitation t join utilisateur u on u.id = t.utilisateur_id where ${where}`,
  );
  return rowsOf<{ n: number }>(res)[0].n;
}

export async function detentionsOf(tx: Tx, titreIds: number[]): Promise<Detention[]> {
  if (!titreIds.length) return [];
  const res = await tx.execute(sql`
    select uh.id, uh.titre_id as "titreId", uh.habilitation_id as "habilitationId", h.code, h.libelle, uh.domaine,
      uh.equipement_id as "equipementId", e.name as "equipementLibelle", uh.localisation_id as "localisationId",
      l.libelle as "localisationLibelle", ${day(sql`uh.date_obtention`)} as "dateObtention",
      ${day(sql`uh.date_expiration`)} as "dateEcheance", uh.restrictions
    from utilisateur_habilitation uh
    join habilitation h on h.id = uh.habilitation_id
    left join equipement e on e.id = uh.equipement_id
    left join localisation l on l.id = uh.localisation_id
    where uh.titre_id = any(${intArray(titreIds)})
    order by h.idx, h.code`);
  const jour = today();
  return rowsOf<Omit<Detention, 'etat'>>(res).map((d) => ({ ...d, etat: etatEcheance(d.dateEcheance, jour) }));
}

/** Locks a live title of the company (FOR UPDATE): signatures, revocation and edits wait on each other. */
export async function lockTitre(
  tx: Tx,
  entrepriseId: number,
  id: number,
): Promise<
  | {
      id: number;
      utilisateurId: number;
      etat: EtatTitre;
      version: number;
      signeEmployeurAt: string | null;
      signeTitulaireAt: string | null;
      remplaceId: number | null;
    }
  | undefined
> {
  const res = await tx.execute(sql`select id, utilisateur_id as "utilisateurId", etat, version, remplace_id as "remplaceId",
      ${iso(sql`signe_employeur_at`)} as "signeEmployeurAt", ${iso(sql`signe_titulaire_at`)} as "signeTitulaireAt"
    from titre_habilitation where id = ${id} and entreprise_id = ${entrepriseId} and deleted_at is null for update`);
  return rowsOf<NonNullable<Awaited<ReturnType<typeof lockTitre>>>>(res)[0];
}

/** The next free title number of the company (TH-0001…), under a per-company lock until the transaction ends. */
export async function nextTitreNumero(tx: Tx, entrepriseId: number): Promise<string> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('titre_habilitation_numero'), ${entrepriseId})`);
  const res = await tx.execute(sql`select coalesce(max(substring(numero from '^TH-([0-9]{1,9})$')::int), 0) + 1 as n
    from titre_habilitation where entreprise_id = ${entrepriseId}`);
  return `TH-${String(rowsOf<{ n: number }>(res)[0].n).padStart(4, '0')}`;
}

export interface TitreValues {
  numero: string;
  utilisateurId: number;
  employeur: string;
  dateDelivrance: string;
  dateFinValidite: string | null;
  formationId: number | null;
  observations: string | null;
  remplaceId?: number | null;
  processId?: number | null;
  createdBy: number;
}

export async function insertTitre(tx: Tx, entrepriseId: number, v: TitreValues): Promise<number> {
  const res = await tx.execute(sql`
    insert into titre_habilitation (entreprise_id, numero, utilisateur_id, employeur, date_delivrance, date_fin_validite,
      formation_id, observations, remplace_id, process_id, created_by)
    values (${entrepriseId}, ${v.numero}, ${v.utilisateurId}, ${v.employeur}, ${v.dateDelivrance}, ${v.dateFinValidite},
      ${v.formationId}, ${v.observations}, ${v.remplaceId ?? null}, ${v.processId ?? null}, ${v.createdBy})
    returning id`);
  return rowsOf<{ id: number }>(res)[0].id;
}

export async function updateTitreRow(tx: Tx, id: number, v: Partial<Omit<TitreValues, 'utilisateurId' | 'createdBy'>>): Promise<void> {
  const cols: Record<string, string> = {
    numero: 'numero',
    employeur: 'employeur',
    dateDelivrance: 'date_delivrance',
    dateFinValidite: 'date_fin_validite',
    formationId: 'formation_id',
    observations: 'observations',
  };
  const sets = Object.entries(cols)
    .filter(([k]) => (v as Record<string, unknown>)[k] !== undefined)
    .map(([k, c]) => sql`${sql.identifier(c)} = ${(v as Record<string, unknown>)[k]}`);
  sets.push(sql`version = version + 1`);
  await tx.execute(sql`update titre_habilitation set ${sql.join(sets, sql`, `)} where id = ${id}`);
}

export interface DetentionValues {
  habilitationId: number;
  domaine: string | null;
  equipementId: number | null;
  localisationId: number | null;
  dateObtention: string;
  dateEcheance: string;
  restrictions: string | null;
}

export async function replaceDetentions(tx: Tx, entrepriseId: number, titreId: number, utilisateurId: number, ds: DetentionValues[]) {
  await tx.execute(sql`delete from utilisateur_habilitation where titre_id = ${titreId}`);
  for (const d of ds) {
    await tx.execute(sql`insert into utilisateur_habilitation (entreprise_id, utilisateur_id, habilitation_id, titre_id, domaine,
        equipement_id, localisation_id, date_obtention, date_expiration, restrictions)
      values (${entrepriseId}, ${utilisateurId}, ${d.habilitationId}, ${titreId}, ${d.domaine}, ${d.equipementId},
        ${d.localisationId}, ${d.dateObtention}, ${d.dateEcheance}, ${d.restrictions})`);
  }
}

export async function signTitreEmployeur(tx: Tx, id: number, by: { userId: number; nom: string; image: string | null }) {
  await tx.execute(sql`update titre_habilitation set signe_employeur_par = ${by.userId}, signe_employeur_nom = ${by.nom},
    signe_employeur_at = now(), signe_employeur_image = ${by.image}, version = version + 1 where id = ${id}`);
}

export async function signTitreTitulaire(tx: Tx, id: number, image: string | null) {
  await tx.execute(
    sql`update titre_habilitation set signe_titulaire_at = now(), signe_titulaire_image = ${image}, version = version + 1 where id = ${id}`,
  );
}

/** Once signed by both: valid, and the title it renews is replaced. */
export async function markSigned(tx: Tx, id: number, remplaceId: number | null) {
  await tx.execute(sql`update titre_habilitation set etat = 'signe' where id = ${id}`);
  if (remplaceId)
    await tx.execute(
      sql`update titre_habilitation set etat = 'remplace', version = version + 1 where id = ${remplaceId} and etat = 'signe'`,
    );
}

export async function revokeTitre(tx: Tx, id: number, by: number, motif: string) {
  await tx.execute(sql`update titre_habilitation set etat = 'revoque', revoque_at = now(), revoque_par = ${by},
    motif_revocation = ${motif}, version = version + 1 where id = ${id}`);
}

export async function softDeleteTitre(tx: Tx, id: number) {
  await tx.execute(sql`update titre_habilitation set deleted_at = now(), version = version + 1 where id = ${id}`);
}

export async function personOf(
  tx: Tx,
  id: number,
): Promise<{ id: number; entrepriseId: number; nom: string; prenom: string; mail: string } | undefined> {
  const res = await tx.execute(sql`select id, entreprise_id as "entrepriseId", nom, prenom, mail from utilisateur where id = ${id}`);
  return rowsOf<{ id: number; entrepriseId: number; nom: string; prenom: string; mail: string }>(res)[0];
}

export async function entrepriseNom(tx: Tx, id: number): Promise<string> {
  const res = await tx.execute(sql`select nom from entreprise where id = ${id}`);
  return rowsOf<{ nom: string }>(res)[0]?.nom ?? '';
}

// ---------------------------------------------------------------- what the gate reads of a person

export async function titresForGate(tx: Tx, utilisateurId: number): Promise<TitreGate[]> {
  const res = await tx.execute(sql`
    select t.id, t.numero, t.etat, ${iso(sql`t.signe_employeur_at`)} as "signeEmployeurAt",
      ${iso(sql`t.signe_titulaire_at`)} as "signeTitulaireAt", ${iso(sql`t.revoque_at`)} as "revoqueAt",
      ${day(sql`t.date_fin_validite`)} as "dateFinValidite",
      coalesce(json_agg(json_build_object('id', uh.id, 'code', h.code, 'dateObtention', ${day(sql`uh.date_obtention`)},
        'dateEcheance', ${day(sql`uh.date_expiration`)}, 'equipementId', uh.equipement_id, 'localisationId', uh.localisation_id))
        filter (where uh.id is not null), '[]') as detentions
    from titre_habilitation t
    left join utilisateur_habilitation uh on uh.titre_id = t.id
    left join habilitation h on h.id = uh.habilitation_id
    where t.utilisateur_id = ${utilisateurId} and t.deleted_at is null
    group by t.id`);
  return rowsOf<TitreGate>(res);
}

export async function visitesForGate(tx: Tx, utilisateurId: number): Promise<VisiteGate[]> {
  const res = await tx.execute(sql`
    select id, type in ('attestation', 'sir') as attestation, coalesce(resultat = 'defavorable', false) as defavorable,
      ${day(sql`date`)} as date, ${day(sql`valid_until`)} as "validUntil"
    from visite_medicale where utilisateur_id = ${utilisateurId} and deleted_at is null`);
  return rowsOf<VisiteGate>(res);
}

/** The equipment and its ancestors (the registry path) of a company, for the scope of a holding. */
export async function equipementPath(tx: Tx, entrepriseId: number, id: number): Promise<number[]> {
  const res = await tx.execute(sql`select path from equipement where id = ${id} and entreprise_id = ${entrepriseId}`);
  return rowsOf<{ path: number[] }>(res)[0]?.path ?? [];
}

// ---------------------------------------------------------------- matrix

export async function matrixPeople(
  tx: Tx,
  q: { entrepriseId: number; serviceId?: number; search?: string; alerte?: boolean; offset: number; perPage: number },
) {
  const like = q.search ? `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const alerte = sql`exists (select 1 from utilisateur_habilitation uh join titre_habilitation t on t.id = uh.titre_id
      where uh.utilisateur_id = u.id and t.deleted_at is null and t.etat in ('brouillon', 'signe')
        and uh.date_expiration <= current_date + 60)`;
  const res = await tx.execute(sql`
    select u.id as "utilisateurId", u.nom, u.prenom, u.entreprise_id as "entrepriseId", e.nom as entreprise,
      u.service_modele_id as "serviceId", s.libelle as service, count(*) over () as total
    from utilisateur u
    join entreprise e on e.id = u.entreprise_id
    left join service_modele s on s.id = u.service_modele_id
    where u.entreprise_id = ${q.entrepriseId} and u.enable
      ${q.serviceId ? sql`and u.service_modele_id = ${q.serviceId}` : sql``}
      ${like ? sql`and (u.nom ilike ${like} or u.prenom ilike ${like})` : sql``}
      ${q.alerte ? sql`and ${alerte}` : sql``}
    order by u.nom, u.prenom, u.id
    limit ${q.perPage} offset ${q.offset}`);
  const rows = rowsOf<{
    utilisateurId: number;
    nom: string;
    prenom: string;
    entrepriseId: number;
    entreprise: string;
    serviceId: number | null;
    service: string | null;
    total: string;
  }>(res);
  return { rows: rows.map(({ total: _t, ...r }) => r), total: rows.length ? Number(rows[0].total) : 0 };
}

/** Holdings on live titles (draft or signed) of these people. */
export async function matrixCells(tx: Tx, utilisateurIds: number[]) {
  if (!utilisateurIds.length) return [];
  const res = await tx.execute(sql`
    select uh.utilisateur_id as "utilisateurId", uh.habilitation_id as "habilitationId", h.code, uh.id as "detentionId",
      t.id as "titreId", t.numero, t.etat as "etatTitre", ${day(sql`uh.date_obtention`)} as "dateObtention",
      ${day(sql`uh.date_expiration`)} as "dateEcheance"
    from utilisateur_habilitation uh
    join habilitation h on h.id = uh.habilitation_id
    join titre_habilitation t on t.id = uh.titre_id
    where uh.utilisateur_id = any(${intArray(utilisateurIds)}) and t.deleted_at is null and t.etat in ('brouillon', 'signe')
    order by t.etat desc, uh.date_expiration desc nulls first`);
  return rowsOf<{
    utilisateurId: number;
    habilitationId: number;
    code: string;
    detentionId: number;
    titreId: number;
    numero: string;
    etatTitre: EtatTitre;
    dateObtention: string | null;
    dateEcheance: string | null;
  }>(res);
}

/** The furthest valid-until of each person's medical attestations (attestation or SIR fitness, not unfavourable). */
export async function attestationsOf(tx: Tx, utilisateurIds: number[]): Promise<Map<number, string | null>> {
  if (!utilisateurIds.length) return new Map();
  const res = await tx.execute(sql`
    select utilisateur_id as id, ${day(sql`max(valid_until)`)} as "validUntil"
    from visite_medicale
    where utilisateur_id = any(${intArray(utilisateurIds)}) and deleted_at is null and type in ('attestation', 'sir')
      and coalesce(resultat, '') <> 'defavorable'
    group by utilisateur_id`);
  return new Map(rowsOf<{ id: number; validUntil: string | null }>(res).map((r) => [r.id, r.validUntil]));
}

/** The caller's company and its contractors (the companies whose staff the matrix shows). */
export async function matrixEntreprises(tx: Tx, entrepriseId: number) {
  const res = await tx.execute(sql`
    select e.id, e.nom, false as prestataire from entreprise e where e.id = ${entrepriseId}
    union all
    select e.id, e.nom, true from entreprise_relation r join entreprise e on e.id = r.partenaire_id
    where r.entreprise_id = ${entrepriseId} and r.type = 'prestataire'
    order by prestataire, nom`);
  return rowsOf<{ id: number; nom: string; prestataire: boolean }>(res);
}

// ---------------------------------------------------------------- process habilitations

export async function processHabilitations(tx: Tx, processId: number) {
  const res = await tx.execute(sql`
    select ph.id, ph.process_id as "processId", ph.habilitation_id as "habilitationId", h.code, h.libelle, ph.sens,
      ph.utilisateur_id as "utilisateurId", case when u.id is null then null else u.prenom || ' ' || u.nom end as utilisateur,
      ${iso(sql`ph.created_at`)} as "createdAt"
    from process_habilitation ph
    join habilitation h on h.id = ph.habilitation_id
    left join utilisateur u on u.id = ph.utilisateur_id
    where ph.process_id = ${processId} and ph.deleted_at is null
    order by ph.sens desc, h.idx, h.code, ph.id`);
  return rowsOf<{
    id: number;
    processId: number;
    habilitationId: number;
    code: string;
    libelle: string;
    sens: 'requise' | 'accordee';
    utilisateurId: number | null;
    utilisateur: string | null;
    createdAt: string;
  }>(res);
}

/** Sets the list of one direction (and person) of a process: missing ones added, others removed (kept, marked). */
export async function setProcessHabilitations(
  tx: Tx,
  a: { entrepriseId: number; processId: number; sens: string; utilisateurId: number | null; habilitationIds: number[]; by: number },
): Promise<{ added: number; removed: number }> {
  const who = a.utilisateurId === null ? sql`utilisateur_id is null` : sql`utilisateur_id = ${a.utilisateurId}`;
  const removed = await tx.execute(sql`update process_habilitation set deleted_at = now(), deleted_by = ${a.by}
    where process_id = ${a.processId} and sens = ${a.sens} and ${who} and deleted_at is null
      and not (habilitation_id = any(${intArray(a.habilitationIds)})) returning id`);
  const added =
    await tx.execute(sql`insert into process_habilitation (entreprise_id, process_id, habilitation_id, sens, utilisateur_id, created_by)
    select ${a.entrepriseId}, ${a.processId}, x, ${a.sens}, ${a.utilisateurId}, ${a.by} from unnest(${intArray(a.habilitationIds)}) as x
    on conflict do nothing returning id`);
  return { added: rowsOf(added).length, removed: rowsOf(removed).length };
}

export async function findProcessHabilitation(tx: Tx, id: number) {
  const res = await tx.execute(sql`select id, process_id as "processId" from process_habilitation where id = ${id} and deleted_at is null`);
  return rowsOf<{ id: number; processId: number }>(res)[0];
}

export async function removeProcessHabilitation(tx: Tx, id: number, by: number) {
  await tx.execute(sql`update process_habilitation set deleted_at = now(), deleted_by = ${by} where id = ${id} and deleted_at is null`);
}

/** A process as this module needs it (under the caller's row-level security: undefined when not readable). */
export async function processOf(tx: Tx, id: number) {
  const res = await tx.execute(sql`select p.id, p.entreprise_id as "entrepriseId", p.etat, p.nom_process as nom,
      exists (select 1 from entreprise_process_modele epm join logiciel l on l.id = epm.logiciel_id
        where epm.process_modele_id = p.process_modele_id and l.code = 'mh') as "demandeHabilitation"
    from process p where p.id = ${id}`);
  return rowsOf<{ id: number; entrepriseId: number; etat: string; nom: string; demandeHabilitation: boolean }>(res)[0];
}

// ---------------------------------------------------------------- medical visits

const visiteSelect = sql`
  select v.id, v.entreprise_id as "entrepriseId", v.utilisateur_id as "utilisateurId", u.prenom || ' ' || u.nom as utilisateur,
    v.type, ${day(sql`v.date`)} as date, v.resultat, ${day(sql`v.valid_until`)} as "validUntil", v.restrictions,
    ${iso(sql`v.deleted_at`)} as "annuleeAt", v.motif_annulation as "motifAnnulation", ${iso(sql`v.created_at`)} as "createdAt"
  from visite_medicale v join utilisateur u on u.id = v.utilisateur_id`;

type VisiteRow = Omit<VisiteMedicale, 'etat'>;
const withEtat = (v: VisiteRow): VisiteMedicale => ({
  ...v,
  etat: v.annuleeAt ? 'annulee' : etatEcheance(v.validUntil, today()),
});

export async function visitesPage(
  tx: Tx,
  entrepriseId: number,
  q: { offset: number; perPage: number; utilisateurId?: number; type?: string },
): Promise<{ items: VisiteMedicale[]; total: number }> {
  const where = sql`v.entreprise_id = ${entrepriseId}
    ${q.utilisateurId ? sql`and v.utilisateur_id = ${q.utilisateurId}` : sql``}
    ${q.type ? sql`and v.type = ${q.type}` : sql``}`;
  const res = await tx.execute(sql`${visiteSelect} where ${where} order by v.date desc, v.id desc limit ${q.perPage} offset ${q.offset}`);
  const cnt = await tx.execute(sql`select count(*)::int as n from visite_medicale v where ${where}`);
  return { items: rowsOf<VisiteRow>(res).map(withEtat), total: rowsOf<{ n: number }>(cnt)[0].n };
}

export async function visitesList(tx: Tx, entrepriseId: number, utilisateurId?: number): Promise<VisiteMedicale[]> {
  const res = await tx.execute(sql`${visiteSelect} where v.entreprise_id = ${entrepriseId}
    ${utilisateurId ? sql`and v.utilisateur_id = ${utilisateurId}` : sql``} order by v.date desc, v.id desc limit 5000`);
  return rowsOf<VisiteRow>(res).map(withEtat);
}

export async function findVisite(tx: Tx, entrepriseId: number, id: number, lock = false): Promise<VisiteMedicale | undefined> {
  const res = await tx.execute(
    sql`${visiteSelect} where v.id = ${id} and v.entreprise_id = ${entrepriseId} ${lock ? sql`for update of v` : sql``}`,
  );
  const r = rowsOf<VisiteRow>(res)[0];
  return r ? withEtat(r) : undefined;
}

export interface VisiteValues {
  type: string;
  date: string;
  resultat: string | null;
  validUntil: string | null;
  restrictions: string | null;
}

export async function insertVisite(tx: Tx, entrepriseId: number, utilisateurId: number, v: VisiteValues, by: number): Promise<number> {
  const res =
    await tx.execute(sql`insert into visite_medicale (entreprise_id, utilisateur_id, type, date, resultat, valid_until, restrictions, created_by)
    values (${entrepriseId}, ${utilisateurId}, ${v.type}, ${v.date}, ${v.resultat}, ${v.validUntil}, ${v.restrictions}, ${by}) returning id`);
  return rowsOf<{ id: number }>(res)[0].id;
}

export async function updateVisiteRow(tx: Tx, id: number, v: VisiteValues) {
  await tx.execute(sql`update visite_medicale set type = ${v.type}, date = ${v.date}, resultat = ${v.resultat},
    valid_until = ${v.validUntil}, restrictions = ${v.restrictions} where id = ${id}`);
}

export async function cancelVisiteRow(tx: Tx, id: number, by: number, motif: string) {
  await tx.execute(sql`update visite_medicale set deleted_at = now(), deleted_by = ${by}, motif_annulation = ${motif} where id = ${id}`);
}

// ---------------------------------------------------------------- expiry alerts (system-wide, housekeeping)

export interface Echeance {
  objet: 'detention' | 'titre' | 'visite';
  objetId: number;
  entrepriseId: number;
  utilisateurId: number;
  mail: string;
  nom: string;
  libelle: string;
  echeance: string;
}

/** Everything valid that expires within 60 days of `jour`: holdings of signed titles, titles, medical attestations. */
export async function echeancesProches(tx: Tx, jour: string): Promise<Echeance[]> {
  const res = await tx.execute(sql`
    select 'detention' as objet, uh.id as "objetId", uh.entreprise_id as "entrepriseId", u.id as "utilisateurId", u.mail,
      u.prenom || ' ' || u.nom as nom, 'Recyclage de l''habilitation ' || h.code || ' (titre n° ' || t.numero || ')' as libelle,
      ${day(sql`uh.date_expiration`)} as echeance
    from utilisateur_habilitation uh
    join titre_habilitation t on t.id = uh.titre_id and t.etat = 'signe' and t.deleted_at is null
    join habilitation h on h.id = uh.habilitation_id
    join utilisateur u on u.id = uh.utilisateur_id and u.enable
    where uh.date_expiration between ${jour}::date and ${jour}::date + 60
    union all
    select 'titre', t.id, t.entreprise_id, u.id, u.mail, u.prenom || ' ' || u.nom, 'Titre d''habilitation n° ' || t.numero,
      ${day(sql`t.date_fin_validite`)}
    from titre_habilitation t join utilisateur u on u.id = t.utilisateur_id and u.enable
    where t.etat = 'signe' and t.deleted_at is null and t.date_fin_validite between ${jour}::date and ${jour}::date + 60
    union all
    select 'visite', v.id, v.entreprise_id, u.id, u.mail, u.prenom || ' ' || u.nom,
      'Attestation médicale de non contre-indication', ${day(sql`v.valid_until`)}
    from visite_medicale v join utilisateur u on u.id = v.utilisateur_id and u.enable
    where v.deleted_at is null and v.type in ('attestation', 'sir') and coalesce(v.resultat, '') <> 'defavorable'
      and v.valid_until between ${jour}::date and ${jour}::date + 60
      and not exists (select 1 from visite_medicale w where w.utilisateur_id = v.utilisateur_id and w.deleted_at is null
        and w.type in ('attestation', 'sir') and coalesce(w.resultat, '') <> 'defavorable' and w.valid_until > v.valid_until)
    order by 3, 4, 1, 2`);
  return rowsOf<Echeance>(res);
}

/** Records an alert; true when it is new (this run sends it), false when some run already did. */
export async function recordAlerte(tx: Tx, e: Echeance, seuil: number): Promise<boolean> {
  const res = await tx.execute(sql`insert into habilitation_alerte (entreprise_id, utilisateur_id, objet, objet_id, echeance, seuil)
    values (${e.entrepriseId}, ${e.utilisateurId}, ${e.objet}, ${e.objetId}, ${e.echeance}, ${seuil})
    on conflict do nothing returning id`);
  return rowsOf(res).length > 0;
}

/** Holdings scoped to an equipment (it is not deleted while there are). */
export async function holdingsOnEquipement(tx: Tx, equipementId: number): Promise<number> {
  const res = await tx.execute(sql`select count(*)::int as n from utilisateur_habilitation where equipement_id = ${equipementId}`);
  return rowsOf<{ n: number }>(res)[0].n;
}
