import {
  ACCUEIL_COUNT_LIMIT,
  ACCUEIL_DEFAULT_SINCE_DAYS,
  ACCUEIL_ITEMS,
  DEFAULT_TIMEZONE,
  PROCESS_ETATS,
  type StepRule,
} from '@app/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Caller } from '../../platform/auth/caller.ts';
import { executePrepared, type Tx } from '../../platform/db/engine.ts';
import { entreprise, entrepriseRelation } from '../entreprise/entreprise.tables.ts';
import { process } from '../process/process.tables.ts';
import { utilisateur } from '../utilisateur/utilisateur.tables.ts';
import { etape, etapeAutorisation } from '../workflow/workflow.tables.ts';

// The home's SQL: one statement reads every section (the process module's tables joined through process.tables.ts).
// Written in PostgreSQL's JSON, sent as it is: a few dozen rows, one round trip, one prepared plan.

/** The key of the person's settings (utilisateur.settings) holding their last visit, in epoch milliseconds. */
export const LAST_VISIT_SETTING = 'accueilVu';

/** Rule types that name who may act on a step (the `condition` rules are field conditions: not on the home). */
type WhoRuleType = Exclude<StepRule['type'], 'condition'> | 'prestataire';

/**
 * How each kind of who-rule names the caller, in SQL over the rule row `a`, the caller's context `ctx` (service)
 * and, for a rule that depends on the process, the process `p`:
 * - `step`: can the rule name the caller for some process at this step (the steps the home walks);
 * - `process` (default `step`): does it name the caller for this process.
 * The same matching as canActOnStep (contracts, workflow/authorisation.ts) and awaitsPerson (accueil/awaiting.ts).
 * ADDING A RULE TYPE is one entry here (typed: a new StepRule type without its entry does not compile).
 * `prestataire` (a step for the users of the process's contractor companies) comes with the contractors' access.
 */
const WHO_RULES = (me: Caller): Record<WhoRuleType, { step: SQL; process?: SQL }> => ({
  validateur: { step: sql`a.utilisateur_id = ${me.userId}::int` },
  utilisateur: { step: sql`a.utilisateur_id = ${me.userId}::int` },
  // Profiles and services name the people of the step's own company (a contractor's are not the client's).
  profil: { step: sql`a.profil_modele_id = ${me.profilModeleId}::int and a.entreprise_id = ${me.entrepriseId}::int` },
  service: { step: sql`a.service_modele_id = ctx.service and a.entreprise_id = ${me.entrepriseId}::int` },
  prestataire: {
    step: sql`exists (select 1 from ${entrepriseRelation} r where r.entreprise_id = a.entreprise_id and r.partenaire_id = ${me.entrepriseId}::int)`,
    process: sql`${me.entrepriseId}::int = any(p.prestataire_ids)`,
  },
});

/** Whether a rule `a` names the caller at its step, whatever the process. */
function whoSql(me: Caller): SQL {
  const alternatives = Object.entries(WHO_RULES(me)).map(([type, m]) => sql`(a.type = ${type}::text and ${m.step})`);
  return sql`(${sql.join(alternatives, sql` or `)})`;
}

/** The rule types whose match also depends on the process (`process` part in WHO_RULES). */
const processTypes = (me: Caller) => Object.entries(WHO_RULES(me)).filter(([, m]) => m.process);

/**
 * Whether a rule `a` that depends on the process names the caller for the process `p`. The steps whose matching rule
 * does not depend on it (`named_steps.direct`) skip this test: the walk of their processes along process_home_step_idx
 * is then a plain ordered index scan that stops at the bound (a semi-join per process made PostgreSQL sort every open
 * process of the step first: 14,000 rows per step at 1,000,000 processes).
 */
function whoForProcessSql(me: Caller): SQL {
  const alternatives = processTypes(me).map(([type, m]) => sql`(a.type = ${type}::text and ${m.process})`);
  return alternatives.length ? sql`(${sql.join(alternatives, sql` or `)})` : sql`false`;
}

/** Whether a rule `a` names the caller at its step without depending on the process. */
function directSql(me: Caller): SQL {
  const types = processTypes(me).map(([type]) => sql`${type}::text`);
  return types.length ? sql`a.type not in (${sql.join(types, sql`, `)})` : sql`true`;
}

/** One process of a section, as JSON (AccueilProcess). */
const ITEM = sql`json_build_object(
  'id', p.id, 'numero', p.numero, 'nomProcess', p.nom_process,
  'processModele', json_build_object('id', p.process_modele_id, 'libelle', p.modele_libelle, 'package', p.package),
  'etat', p.etat,
  'etape', (select json_build_object('id', e.id, 'ordre', e.ordre, 'nom', e.nom) from ${etape} e
            where p.etat = 'en_cours' and e.process_modele_id = p.process_modele_id and e.ordre = p.current_ordre limit 1),
  'dateDebut', p.date_debut, 'dateFin', p.date_fin, 'lastModifyAt', p.last_modify_at,
  'lastModifyBy', (select json_build_object('id', n.id, 'nom', n.nom, 'prenom', n.prenom) from names n where n.id = p.last_modify_by_id),
  'entreprise', json_build_object('id', p.entreprise_id, 'nom', (select en.nom from ${entreprise} en where en.id = p.entreprise_id)))`;

/** The sections' CTEs (id, k), each listed by k descending. */
const SECTIONS = ['a_signer', 'mine', 'today', 'changed'] as const;

/** A section's entries shown: its first ones by k descending. */
const shown = (cte: (typeof SECTIONS)[number]) =>
  sql`(select id, k from ${sql.raw(cte)} order by k desc, id desc limit ${sql.raw(String(ACCUEIL_ITEMS))})`;

/**
 * The names (never e-mails) of the people the entries shown name, read once through app_person_names (migration
 * 0015): the caller's company's people and those of the companies it works with, so that a contractor reads who
 * changed its client's process (its role reads no row of the client's utilisateur table).
 */
const NAMES = sql`names as materialized (
  select n.id, n.nom, n.prenom from app_person_names(array(
    select distinct p.last_modify_by_id from (${sql.join(
      SECTIONS.map((c) => sql`select id from ${shown(c)} x`),
      sql` union all `,
    )}) s join ${process} p on p.id = s.id where p.last_modify_by_id is not null)) n
)`;

/** A section's JSON from a CTE of (id, k): its first entries by k descending, and its bounded count. */
const section = (cte: (typeof SECTIONS)[number], extra: SQL = sql``) => sql`json_build_object(
  'items', coalesce((select json_agg(${ITEM} order by s.k desc, p.id desc)
                     from ${shown(cte)} s
                     join ${process} p on p.id = s.id), '[]'::json),
  'total', least((select count(*) from ${sql.raw(cte)}), ${sql.raw(String(ACCUEIL_COUNT_LIMIT))}),
  'totalExact', (select count(*) from ${sql.raw(cte)}) <= ${sql.raw(String(ACCUEIL_COUNT_LIMIT))}${extra})`;

/** Up to the count limit plus one: the « more than » of a section. */
const BOUND = sql.raw(String(ACCUEIL_COUNT_LIMIT + 1));

/**
 * The caller's home in one statement (written as the JSON of the Accueil schema):
 * - scope: the caller's company; a member of an external company (`eu`) also reads the companies it works for
 *   (entreprise_relation), and row-level security keeps only the processes it may see;
 * - « à signer »: open, not sequenced processes whose current step has a who-rule naming the caller (walked from the
 *   steps whose rules name them, through process_home_step_idx), or no who-rule at all and the caller created the
 *   process or is in charge of it, in their own company (awaitsPerson);
 * - « mes processus »: created by the caller or in their charge, open ones listed, counted by state;
 * - « aujourd'hui »: lockouts (mc) and permits (permis) in progress whose window covers today in `tz`;
 * - « nouveautés »: the caller's processes changed by someone else since the last visit (or the last 7 days).
 */
export async function readAccueil(tx: Tx, caller: Caller, tz = DEFAULT_TIMEZONE): Promise<string> {
  const me = sql`${caller.userId}::int`;
  const statement = sql`
with ctx as materialized (
  select u.service_modele_id as service,
         case when jsonb_typeof(u.settings -> ${LAST_VISIT_SETTING}::text) = 'number'
              then to_timestamp(least(greatest((u.settings ->> ${LAST_VISIT_SETTING}::text)::numeric, 0), 32503680000000) / 1000) end as vu,
         case when ${caller.eu}::boolean
              then array[${caller.entrepriseId}::int] || array(select r.entreprise_id from ${entrepriseRelation} r where r.partenaire_id = ${caller.entrepriseId}::int)
              else array[${caller.entrepriseId}::int] end as ids,
         ((now() at time zone ${tz}::text)::date)::timestamp at time zone ${tz}::text as day_start,
         ((now() at time zone ${tz}::text)::date + 1)::timestamp at time zone ${tz}::text as day_end
  from (select 1) one left join ${utilisateur} u on u.id = ${me}
),
-- What changed is counted from the last visit, or from ACCUEIL_DEFAULT_SINCE_DAYS days ago: read once (a parameter of
-- the plan), so that the comparison with last_modify_at stays an index condition under row-level security (no COALESCE
-- on that side) and in the generic plan.
since as materialized (select coalesce(vu, now() - interval '${sql.raw(String(ACCUEIL_DEFAULT_SINCE_DAYS))} days') as at from ctx),
named_steps as materialized (
  select e.id, e.entreprise_id, e.process_modele_id, e.ordre, bool_or(${directSql(caller)}) as direct
  from ctx, ${etapeAutorisation} a join ${etape} e on e.id = a.etape_id
  where a.entreprise_id = any(ctx.ids) and ${whoSql(caller)}
  group by e.id, e.entreprise_id, e.process_modele_id, e.ordre
),
a_signer as materialized (
  select p.id, p.k from ctx, named_steps s
  cross join lateral (
    select p.id, p.last_modify_at as k from ${process} p
    where p.entreprise_id = s.entreprise_id and p.process_modele_id = s.process_modele_id and p.current_ordre = s.ordre
      and p.etat = 'en_cours' and not p.sequenced
      and (s.direct or exists (select 1 from ${etapeAutorisation} a where a.etape_id = s.id and ${whoForProcessSql(caller)}))
    order by p.last_modify_at desc limit ${BOUND}) p
  union all
  (select p.id, p.last_modify_at from ctx, ${process} p
   where p.created_by_id = ${me} and p.entreprise_id = ${caller.entrepriseId}::int and p.etat = 'en_cours' and not p.sequenced
     and not exists (select 1 from ${etape} e join ${etapeAutorisation} a on a.etape_id = e.id
                     where e.process_modele_id = p.process_modele_id and e.ordre = p.current_ordre and a.type <> 'condition')
   order by p.last_modify_at desc limit ${BOUND})
  union all
  (select p.id, p.last_modify_at from ctx, ${process} p
   where p.personne_en_charge_id = ${me} and p.created_by_id is distinct from ${me} and p.entreprise_id = ${caller.entrepriseId}::int
     and p.etat = 'en_cours' and not p.sequenced
     and not exists (select 1 from ${etape} e join ${etapeAutorisation} a on a.etape_id = e.id
                     where e.process_modele_id = p.process_modele_id and e.ordre = p.current_ordre and a.type <> 'condition')
   order by p.last_modify_at desc limit ${BOUND})
),
mine_by_etat as materialized (
  ${sql.join(
    PROCESS_ETATS.map(
      (etat) => sql`select ${sql.raw(`'${etat}'`)} as etat, (select count(*) from (
      (select 1 from ctx, ${process} p where p.created_by_id = ${me} and p.etat = ${sql.raw(`'${etat}'`)} and p.entreprise_id = any(ctx.ids)
       order by p.last_modify_at desc limit ${BOUND})
      union all
      (select 1 from ctx, ${process} p where p.personne_en_charge_id = ${me} and p.created_by_id is distinct from ${me}
         and p.etat = ${sql.raw(`'${etat}'`)} and p.entreprise_id = any(ctx.ids) order by p.last_modify_at desc limit ${BOUND})) c) as n`,
    ),
    sql` union all `,
  )}
),
mine as materialized (
  (select p.id, p.last_modify_at as k from ctx, ${process} p
   where p.created_by_id = ${me} and p.entreprise_id = any(ctx.ids) and p.etat = 'en_cours' order by p.last_modify_at desc limit ${BOUND})
  union all
  (select p.id, p.last_modify_at from ctx, ${process} p
   where p.personne_en_charge_id = ${me} and p.created_by_id is distinct from ${me} and p.entreprise_id = any(ctx.ids) and p.etat = 'en_cours'
   order by p.last_modify_at desc limit ${BOUND})
),
today as materialized (
  -- Company by company (one for a client company), along process_home_today_idx in the order of the window's end
  -- (the scan stops at the bound); a window without an end in a branch of its own. No COALESCE on a column here: row
  -- level security lets only leakproof conditions into an index scan.
  select t.id, t.k from ctx cross join unnest(ctx.ids) c(id)
  cross join lateral (
    (select p.id, -extract(epoch from p.date_fin) as k from ${process} p
     where p.entreprise_id = c.id and p.etat = 'en_cours' and p.date_debut is not null and p.package in ('mc', 'permis')
       and p.date_fin >= ctx.day_start and p.date_debut < ctx.day_end
     order by p.date_fin limit ${BOUND})
    union all
    (select p.id, '-Infinity'::numeric from ${process} p
     where p.entreprise_id = c.id and p.etat = 'en_cours' and p.date_debut is not null and p.package in ('mc', 'permis')
       and p.date_fin is null and p.date_debut < ctx.day_end
     limit ${BOUND})) t
),
changed as materialized (
  (select p.id, p.last_modify_at as k from ctx, ${process} p
   where p.created_by_id = ${me} and p.entreprise_id = any(ctx.ids) and p.last_modify_at > (select at from since)
     and p.last_modify_by_id is distinct from ${me}
   order by p.last_modify_at desc limit ${BOUND})
  union all
  (select p.id, p.last_modify_at from ctx, ${process} p
   where p.personne_en_charge_id = ${me} and p.created_by_id is distinct from ${me} and p.entreprise_id = any(ctx.ids)
     and p.last_modify_at > (select at from since)
     and p.last_modify_by_id is distinct from ${me}
   order by p.last_modify_at desc limit ${BOUND})
),
${NAMES}
select json_build_object(
  'at', now(),
  'since', (select at from since),
  'lastVisit', (select vu from ctx),
  'readsProcesses', true,
  'aSigner', ${section('a_signer')},
  'mesProcessus', ${section('mine', sql`, 'parEtat', (select json_object_agg(etat, least(n, ${sql.raw(String(ACCUEIL_COUNT_LIMIT))})) from mine_by_etat)`)},
  'aujourdhui', ${section('today')},
  'nouveautes', ${section('changed')})::text`;
  const [[json]] = await executePrepared(tx, statement);
  return json ?? '{}';
}
